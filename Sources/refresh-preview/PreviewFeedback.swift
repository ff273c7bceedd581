import CSDL2
import Foundation
import RefreshHost
import RefreshPreviewSession
import RefreshPluginSDK
import RefreshCore

/// What the preview makes perceptible beyond the picture: a short click through SDL audio for each
/// haptic the container sends (K mutes it; silent without an audio device), and, with `--speak`,
/// each announcement spoken by `espeak-ng`.
@MainActor
final class PreviewFeedback {
    private var device: SDL_AudioDeviceID = 0
    /// Whether an audio device is open for the clicks.
    var hasAudio: Bool { device != 0 }
    private var clicks: [HapticKind: [Float]] = [:]
    private var seenHaptics = 0
    private var seenAnnouncements = 0
    private let speaker: String?
    private var speaking: Process?
    /// Why there is no sound or speech, said once in the terminal.
    private(set) var notes: [String] = []

    init(speak: Bool) {
        speaker = speak ? Self.find("espeak-ng") : nil
        if speak && speaker == nil { notes.append("--speak: espeak-ng is not installed (apt-get install espeak-ng); announcements show as captions only") }
        guard Self.mayHaveAudio else {
            notes.append("no audio device (no /dev/snd, no PulseAudio or PipeWire socket): haptic clicks are silent; the panel's lamp still flashes")
            return
        }
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
            notes.append("no audio (\(String(cString: SDL_GetError()))): haptic clicks are silent; the panel's lamp still flashes")
            return
        }
        var want = SDL_AudioSpec(), have = SDL_AudioSpec()
        want.freq = Self.rate
        want.format = SDL_AudioFormat(AUDIO_F32LSB)
        want.channels = 1
        want.samples = 512
        device = SDL_OpenAudioDevice(nil, 0, &want, &have, 0)
        guard device != 0 else {
            notes.append("no audio device (\(String(cString: SDL_GetError()))): haptic clicks are silent; the panel's lamp still flashes")
            return
        }
        SDL_PauseAudioDevice(device, 0)
        clicks[.selection] = Self.click(frequency: 2200, duration: 0.012, gain: 0.35)
        clicks[.impact] = Self.click(frequency: 140, duration: 0.045, gain: 0.7)
    }

    static let rate: Int32 = 44_100

    /// A decaying sine burst: UIKit's selection tick is short and high, an impact lower and longer.
    static func click(frequency: Double, duration: Double, gain: Double) -> [Float] {
        let count = Int(Double(rate) * duration)
        return (0..<count).map { i in
            let t = Double(i) / Double(rate)
            return Float(gain * sin(2 * .pi * frequency * t) * exp(-t / (duration / 5)))
        }
    }

    /// Plays what the session sent since the last call.
    func update(_ session: any PreviewSession) {
        if session.hapticCount != seenHaptics {
            seenHaptics = session.hapticCount
            if session.soundOn, device != 0, let kind = session.lastHaptic?.kind, let samples = clicks[kind] {
                SDL_ClearQueuedAudio(device)  // a new tick replaces one still sounding
                _ = samples.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
            }
        }
        if session.announcementCount != seenAnnouncements {
            seenAnnouncements = session.announcementCount
            if let speaker, let text = session.lastAnnouncement?.text { speak(text, locale: session.environment.locale, with: speaker) }
        }
    }

    private func speak(_ text: String, locale: String, with speaker: String) {
        speaking?.terminate()  // the newer state matters more than the rest of the older one
        let voice = locale.hasPrefix("zh") ? "cmn" : locale.hasPrefix("ar") ? "ar" : "en"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: speaker)
        process.arguments = ["-v", voice, "--", text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // try?: speech is best effort (a missing espeak-ng was said at start); the caption shows every announcement anyway.
        try? process.run()
        speaking = process
    }

    /// Whether an audio output may exist: a sound card, a sound server's socket, or an SDL driver
    /// named by the user. Without one, opening the device only fills the terminal with ALSA's complaints.
    static var mayHaveAudio: Bool {
        let environment = ProcessInfo.processInfo.environment
        if environment["SDL_AUDIODRIVER"] != nil || environment["PULSE_SERVER"] != nil { return true }
        let fm = FileManager.default
        if let runtime = environment["XDG_RUNTIME_DIR"],
           fm.fileExists(atPath: "\(runtime)/pulse/native") || fm.fileExists(atPath: "\(runtime)/pipewire-0") { return true }
        // try?: no /dev/snd, or none we may read, is the answer itself: no sound card.
        return ((try? fm.contentsOfDirectory(atPath: "/dev/snd")) ?? []).contains { $0.hasPrefix("pcm") }
    }

    private static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Closes the audio device.
    func close() {
        if device != 0 { SDL_CloseAudioDevice(device) }
        device = 0
        speaking?.terminate()
    }
}
