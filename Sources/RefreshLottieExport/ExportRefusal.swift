import Foundation

/// What an export refuses, and what it draws as an image instead of shapes.
extension LottieExport {
    /// The largest animation file written.
    package static let sizeLimit = 64 << 20

    /// Why an export was refused.
    package struct ExportError: Error, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    /// A frame exported as an image because its drawing could not be said in shapes.
    package struct Fallback: Equatable, Sendable {
        /// The marker and the frame in it.
        package var marker: String
        package var frame: Int
        /// What could not be said.
        package var reason: String
    }

    /// The refusal of an animation of `bytes` (or more), over ``sizeLimit``.
    static func tooLarge(_ options: Options, bytes: Int) -> ExportError {
        ExportError(reason: "the \(options.colorScheme.rawValue) animation is \(bytes >> 20) MB or more, more than the \(sizeLimit >> 20) MB an export may be (fewer --pull-frames, a smaller --size or --scale)")
    }
}
