import Foundation
import RefreshGraphics
import RefreshHost
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A plugin draws and does nothing else: each thing a hostile plugin tries, at load (in its
/// library's constructor) and at render, is refused by its plugin host's sandbox; the command
/// carries on, names the plugin and what it tried, and nothing leaves: no secret read, no file
/// written, no connection made, no program or process started, no process signalled or traced.
@Suite(.leavesNoPluginHost) struct SandboxTests {
    static let plugin = fixturePlugin("FixturePluginHostile")
    static let secret = "TOPSECRET-\(UUID().uuidString)"

    /// What the plugin tries, and the words the command names it by. Landlock refuses a file with
    /// EACCES, which the plugin sees; the plugin host lends it `open` (file_watch.h), which names the
    /// file after the words.
    static let attempts: [(attempt: String, named: String?)] = [
        ("read-secret", "read a file it was not given"), ("write", "write a file"), ("connect", "open a network socket"), ("exec", "start a program"),
        ("fork", "start a process"), ("kill-parent", "signal another process"), ("kill-all", "signal another process"),
        ("ptrace", "reach into another process"), ("proc-mem", "read a file it was not given"),
        // No call of the deny-list it replaced: the allow-list refuses what it does not name.
        ("shared-memory", "call shmget"),
    ]

    /// A home with a secret in it, for the plugin to look in.
    func home(_ name: String) throws -> String {
        let folder = scratch("sandbox-\(name)")
        try Self.secret.write(toFile: "\(folder)/secret.txt", atomically: true, encoding: .utf8)
        return folder
    }

    /// A TCP listener on 127.0.0.1 that never accepts by itself: its port, and its socket.
    func listener() throws -> (port: Int, socket: Int32) {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        try #require(listening >= 0)
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: UInt32(0x7f00_0001).bigEndian), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, length) == 0 && listen(listening, 4) == 0 && getsockname(listening, $0, &length) == 0 }
        }
        try #require(bound)
        return (Int(UInt16(bigEndian: address.sin_port)), listening)
    }

    @Test(arguments: attempts.map(\.attempt), ["load", "render"])
    func eachAttemptIsRefusedAndTheCommandCarriesOn(attempt: String, at moment: String) async throws {
        let named = try #require(Self.attempts.first { $0.attempt == attempt }).named
        let home = try home("\(attempt)-\(moment)")
        let (port, listening) = try listener()
        defer { close(listening) }
        let (status, text) = try await refreshDump(["render", "--plugin", Self.plugin, "--out", "\(home)/frame.png"],
                                                   environment: ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": attempt, "REFRESHKIT_FIXTURE_AT": moment,
                                                                 "REFRESHKIT_FIXTURE_PORT": "\(port)"])
        #expect(status == 0, "\(attempt) at \(moment): \(text)")
        #expect(text.contains("hostile \(attempt): "), "the plugin did not try: \(text)")
        #expect(!text.contains("hostile \(attempt): ok"), "\(attempt) at \(moment) was allowed: \(text)")
        #expect(!text.contains(Self.secret), "the secret left: \(text)")
        if let named { #expect(text.contains("tried to \(named): refused by its sandbox"), "\(attempt) was not named: \(text)") }
        // A file is named with the path the plugin asked for.
        if attempt == "read-secret" { #expect(text.contains("refused by its sandbox (\(home)/secret.txt)"), "\(text)") }
        if attempt == "write" { #expect(text.contains("tried to write a file: refused by its sandbox (\(home)/written.txt)"), "\(text)") }
        #expect(FileManager.default.fileExists(atPath: "\(home)/frame.png"), "no frame: \(text)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home).sorted()
        #expect(left == ["frame.png", "secret.txt"], "the plugin left \(left)")
        #expect(accept(listening, nil, nil) < 0 && (errno == EAGAIN || errno == EWOULDBLOCK), "the listener was connected to")
    }

    /// What the sandbox lets through is the plugin's own: `/proc/self` is its process's, though
    /// the zygote it was forked from holds the system's folders open for it.
    @Test(arguments: ["load", "render"])
    func aPluginReadsItsOwnProcFolder(at moment: String) async throws {
        let home = try home("read-own-\(moment)")
        let (status, text) = try await refreshDump(["render", "--plugin", Self.plugin, "--out", "\(home)/frame.png"],
                                                   environment: ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": "read-own", "REFRESHKIT_FIXTURE_AT": moment])
        #expect(status == 0, "\(text)")
        #expect(text.contains("hostile read-own: ok"), "\(text)")
        #expect(!text.contains("refused by its sandbox"), "\(text)")
    }

    /// validate's check child runs the plugin in its own process: what it prints is capped as a
    /// plugin host's is (1 MB on standard error reached validate's, and its memory, whole).
    @Test func validateCapsWhatItsCheckChildPrints() async throws {
        let home = try home("validate-prints")
        let (_, text) = try await refreshDump(["validate", Self.plugin], environment: ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": "print-errors"])
        #expect(text.utf8.count < 200 << 10, "\(text.utf8.count) bytes")
        #expect(text.contains("more bytes the check child printed are not shown"), "\(text.suffix(400))")
        #expect(text.contains("validate "), "the report is there: \(text.suffix(400))")
    }

    /// Every command that runs a plugin names what it tried, once, and does its work: a system call
    /// (seccomp) and a file (Landlock, seen through the `open` the plugin host lends).
    @Test(arguments: ["render", "sweep", "run", "report", "validate", "lint", "export", "gallery", "list"])
    func everyCommandNamesWhatWasRefused(command: String) async throws {
        let home = try home("command-\(command)")
        // list probes what it lists: its constructor tries, in a sandboxed probe child, a copy alone in a folder.
        let plugins = "\(home)/plugins"
        if command == "list" {
            try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.plugin, toPath: "\(plugins)/libHostile.so")
        }
        let moment = command == "list" ? "load" : "render"
        let arguments: [String] = switch command {
        case "render": ["render", "--plugin", Self.plugin, "--out", "\(home)/frame.png"]
        case "sweep": ["sweep", "--plugin", Self.plugin, "--progress", "0:1:3", "--out", "\(home)/sweep"]
        case "run": ["run", "\(scenarioFolder)/pull-short.json", "--plugin", Self.plugin, "--out", "\(home)/run"]
        case "report": ["report", "--plugin", Self.plugin, "--scenario", "pull-to-refresh", "--out", "\(home)/report"]
        case "validate": ["validate", Self.plugin, "--level", "1"]
        case "lint": ["lint", "--plugin", Self.plugin, "--scenario", "pull-to-refresh"]
        case "export": ["export", "--plugin", Self.plugin, "--out", "\(home)/export"]
        case "list": ["list", "--plugin-path", plugins]
        default: ["gallery", "--plugin", Self.plugin, "--out", "\(home)/gallery.png"]
        }
        let (_, text) = try await refreshDump(arguments, environment: ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": "connect", "REFRESHKIT_FIXTURE_AT": moment,
                                                                                "REFRESHKIT_PROBE_CACHE": "off"])
        #expect(text.contains("tried to open a network socket: refused by its sandbox"), "\(command): \(text.suffix(600))")
        #expect(text.components(separatedBy: "tried to open a network socket").count == 2, "\(command) named it more than once: \(text.suffix(600))")
        #expect(!text.contains("hostile connect: ok"), "\(command): \(text.suffix(600))")
        // A file: named with its path, once, though every plugin host of the command tried it.
        let (_, read) = try await refreshDump(arguments, environment: ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": "read-secret", "REFRESHKIT_FIXTURE_AT": moment,
                                                                                 "REFRESHKIT_PROBE_CACHE": "off"])
        #expect(read.contains("tried to read a file it was not given: refused by its sandbox (\(home)/secret.txt)"), "\(command): \(read.suffix(600))")
        #expect(read.components(separatedBy: "tried to read a file").count == 2, "\(command) named it more than once: \(read.suffix(600))")
        #expect(!read.contains(Self.secret), "\(command): the secret left")
    }

    /// A second `list` finds the library in the probe cache and loads nothing: it names what the
    /// constructors tried all the same, from the cache (it said nothing there before).
    @Test func listNamesARefusalFromTheProbeCacheToo() async throws {
        let home = try home("list-cached")
        let plugins = "\(home)/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.plugin, toPath: "\(plugins)/libHostile.so")
        let environment = ["HOME": home, "XDG_CACHE_HOME": "\(home)/cache", "REFRESHKIT_FIXTURE_ATTEMPT": "connect", "REFRESHKIT_FIXTURE_AT": "load"]
        for run in ["probed", "cached"] {
            let (_, text) = try await refreshDump(["list", "--plugin-path", plugins], environment: environment)
            #expect(text.components(separatedBy: "tried to open a network socket: refused by its sandbox").count == 2, "\(run): \(text.suffix(600))")
            // try?: a cache that is not there reads as empty, and fails below: after the first run it holds the library, with what it tried.
            let cache = (try? String(contentsOfFile: "\(home)/cache/refreshkit/plugin-probe.json", encoding: .utf8)) ?? ""
            #expect(cache.contains("libHostile.so") && cache.contains("\"socket\""), "\(run): \(cache)")
        }
    }

    /// What a plugin prints goes to standard error behind `plugin: `, capped; standard output has
    /// the command's own words only.
    @Test func whatAPluginPrintsNeverReachesStandardOutput() async throws {
        let home = try home("print")
        let environment = ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": "print"]
        let tool = toolsFolder + "/refresh-dump"
        let arguments = ["render", "--plugin", Self.plugin, "--out", "\(home)/frame.png"]
        let (status, standardOutput) = try await runProgram("/bin/sh", ["-c", #""$0" "$@" 2>/dev/null"#, tool] + arguments, environment: environment)
        #expect(status == 0)
        #expect(standardOutput == "\(home)/frame.png: Hostile refreshing 780×240 px\n")
        let (_, standardError) = try await runProgram("/bin/sh", ["-c", #""$0" "$@" >/dev/null"#, tool] + arguments, environment: environment)
        #expect(standardError.hasPrefix("plugin: xxx"), "\(standardError.prefix(200))")
        #expect(standardError.utf8.count < 80 << 10, "\(standardError.utf8.count) bytes shown")
        #expect(standardError.contains("warning: plugins printed more than 64 KB; the rest is not shown"))
    }

    /// A file a parameter names is readable in the plugin's sandbox (a new child is started for
    /// it): the Lottie plugin draws an animation from a folder it could not otherwise read, the
    /// same bytes as unsandboxed.
    @Test func aFileAParameterNamesIsReadable() async throws {
        let folder = scratch("sandbox-parameter-file")
        let animation = "\(folder)/mine.json"
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent("Assets/Lottie/refresh.json").path, toPath: animation)
        for sandboxed in [true, false] {
            let (status, text) = try await refreshDump(["render", "--plugin", "Lottie", "--param", "file=\(animation)", "--state", "pulling:0.6",
                                                        "--out", "\(folder)/\(sandboxed).png"] + (sandboxed ? [] : ["--no-sandbox"]))
            #expect(status == 0, "\(text)")
        }
        let frames = try [true, false].map { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0).png")) }
        #expect(frames[0] == frames[1], "the sandboxed frame differs")
    }

    /// A Lottie JSON file's images beside it are readable with it (they drew nothing sandboxed):
    /// the Lottie plugin draws its image as unsandboxed; an image it names outside its folder is
    /// not made readable (and the plugin refuses the file).
    @Test func theImagesALottieFileNamesBesideItAreReadable() async throws {
        let folder = scratch("sandbox-lottie-images")
        try FileManager.default.createDirectory(atPath: "\(folder)/anim/images", withIntermediateDirectories: true)
        let red = try ImageSurface(width: 10, height: 10)
        red.withPixels { bytes in
            for i in bytes.bindMemory(to: UInt32.self).indices { bytes.bindMemory(to: UInt32.self)[i] = 0xFFFF_0000 }
        }
        try red.writePNG(to: "\(folder)/anim/images/img.png")
        try red.writePNG(to: "\(folder)/outside.png")
        let animation = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":40,"h":40,"assets":[{"id":"img","w":10,"h":10,"u":"images/","p":"img.png","e":0}],"layers":[{"ddd":0,"ind":1,"ty":2,"refId":"img","ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[20,20,0]},"a":{"a":0,"k":[5,5,0]},"s":{"a":0,"k":[400,400,100]}},"ip":0,"op":30,"st":0}]}"#
        try animation.write(toFile: "\(folder)/anim/square.json", atomically: true, encoding: .utf8)
        for sandboxed in [true, false] {
            let (status, text) = try await refreshDump(["render", "--plugin", "Lottie", "--param", "file=\(folder)/anim/square.json",
                                                        "--out", "\(folder)/\(sandboxed).png"] + (sandboxed ? [] : ["--no-sandbox"]))
            #expect(status == 0, "\(text)")
        }
        let frames = try [true, false].map { try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\($0).png")) }
        #expect(frames[0] == frames[1], "the sandboxed frame differs")
        #expect(PluginSandbox.lottieImages(of: "\(folder)/anim/square.json") == ["\(folder)/anim/images/img.png"])
        try animation.replacingOccurrences(of: #""u":"images/""#, with: #""u":"../""#).replacingOccurrences(of: "img.png", with: "outside.png")
            .write(toFile: "\(folder)/anim/outside.json", atomically: true, encoding: .utf8)
        #expect(PluginSandbox.lottieImages(of: "\(folder)/anim/outside.json").isEmpty)
    }

    /// A .lottie's image draws in the sandbox, where nothing may be written: it goes into the
    /// animation as a data URI (it was unpacked into the temporary folder, which the sandbox refuses).
    @Test func aDotLottiesImageDrawsSandboxed() async throws {
        let folder = scratch("sandbox-dotlottie")
        let red = try ImageSurface(width: 10, height: 10)
        red.withPixels { bytes in
            let pixels = bytes.bindMemory(to: UInt32.self)
            for i in pixels.indices { pixels[i] = 0xFFFF_0000 }
        }
        try red.writePNG(to: "\(folder)/img.png")
        let animation = #"{"v":"5.7.0","fr":30,"ip":0,"op":30,"w":40,"h":40,"assets":[{"id":"img","w":10,"h":10,"u":"images/","p":"img.png","e":0}],"layers":[{"ddd":0,"ind":1,"ty":2,"refId":"img","ks":{"o":{"a":0,"k":100},"r":{"a":0,"k":0},"p":{"a":0,"k":[20,20,0]},"a":{"a":0,"k":[5,5,0]},"s":{"a":0,"k":[400,400,100]}},"ip":0,"op":30,"st":0}]}"#
        let pack = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w") as z:
                z.writestr("manifest.json", '{"animations": [{"id": "x"}]}')
                z.writestr("animations/x.json", sys.argv[2])
                z.write(sys.argv[3], "images/img.png")
            """
        let packed = try await runProgram("/usr/bin/python3", ["-c", pack, "\(folder)/red.lottie", animation, "\(folder)/img.png"])
        try #require(packed.status == 0, "\(packed.output)")
        let (status, text) = try await refreshDump(["render", "--plugin", "Lottie", "--param", "file=\(folder)/red.lottie", "--out", "\(folder)/frame.png"])
        #expect(status == 0 && !text.contains("could not be unpacked"), "\(text)")
        let frame = try ImageSurface.readPNG(at: "\(folder)/frame.png")
        var reds = 0
        frame.withPixels { bytes in
            // Red whatever the alpha byte (an opaque PNG is read as RGB24, whose top byte is unused).
            for pixel in bytes.bindMemory(to: UInt32.self) where (pixel >> 16) & 0xFF > 0xF0 && pixel & 0xFFFF < 0x1010 { reds += 1 }
        }
        #expect(reds > 100, "the image's red is not drawn (\(reds) red pixels)")
    }

    /// A permission the manifest declares (`pack --read`) is listed, shown at install and allowed;
    /// the same read undeclared is refused (above).
    @Test func aDeclaredPermissionIsShownAndAllowed() async throws {
        let home = try home("permission")
        let environment = ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": "read-secret"]
        let packed = try await refreshDump(["pack", Self.plugin, "--out", "\(home)/packed", "--read", "~/secret.txt", "--author", "Tests", "--license", "MIT", "--archive"],
                                           environment: environment)
        #expect(packed.status == 0, "\(packed.output)")
        let bundle = "\(home)/packed/dev.refreshkit.fixture-hostile.refreshplugin"
        let installed = try await refreshDump(["install", bundle + ".tar.gz", "--to", "\(home)/installed"], environment: environment)
        #expect(installed.output.contains("permissions: may read ~/secret.txt"), "\(installed.output)")
        let listed = try await refreshDump(["list", "--plugin-path", "\(home)/installed"], environment: environment)
        #expect(listed.output.contains("permissions: may read ~/secret.txt"), "\(listed.output)")
        let (status, text) = try await refreshDump(["render", "--plugin", bundle, "--out", "\(home)/frame.png"], environment: environment)
        #expect(status == 0, "\(text)")
        #expect(text.contains("hostile read-secret: ok"), "\(text)")
    }

    /// `--no-sandbox` says so, and the tool still defends itself: a signal from its plugin host is
    /// the plugin's fault, named, and the command ends as for a crash instead of by the signal.
    @Test func unsandboxedAPluginsSignalIsSurvivedAndNamed() async throws {
        let home = try home("unsandboxed")
        let (status, text) = try await refreshDump(["render", "--plugin", Self.plugin, "--no-sandbox", "--out", "\(home)/frame.png"],
                                                   environment: ["HOME": home, "REFRESHKIT_FIXTURE_ATTEMPT": "kill-parent"])
        #expect(text.contains("--no-sandbox: plugins run unconfined"), "\(text)")
        #expect(text.contains("sent the process hosting it User defined signal 1"), "\(status): \(text)")
        #expect(status == 1 || status == 2, "ended with \(status): \(text)")
    }
}
