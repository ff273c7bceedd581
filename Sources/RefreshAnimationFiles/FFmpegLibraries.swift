import CFFmpeg

/// FFmpeg's libraries, which the tools do not link: they are opened the first time a video is
/// written or read (most runs write none, and loading them cost every start some 20 ms).
enum FFmpegLibraries {
    /// Opens them, once per process; when they cannot be, an error for `path` with the dynamic
    /// loader's words (which library is missing) and how to install them.
    static func load(for path: String) throws(AnimationFileError) {
        var message = [CChar](repeating: 0, count: 512)
        guard refreshkit_ffmpeg_load(&message, message.count) == 0 else { return }
        let why = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw AnimationFileError(path: path, reason: "FFmpeg's libraries cannot be loaded (\(why)); `make` installs them")
    }
}
