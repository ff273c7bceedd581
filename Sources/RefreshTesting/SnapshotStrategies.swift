import Foundation
import RefreshGoldens
import RefreshHost
import RefreshPluginSDK
import RefreshTestingCore
// A plugin's tests import RefreshTesting alone and have assertSnapshot too.
@_exported import SnapshotTesting

/// A picture as a snapshot holds it: the image, or why there is none (a frame that could not be
/// drawn, a reference that could not be read), so a comparison never passes on nothing.
public struct SnapshotImage {
    /// The image; nil when there is none.
    public var image: ImageSurface?
    /// Why there is no image.
    public var problem: String?

    /// A snapshot of `image`.
    public init(_ image: ImageSurface) { self.image = image }

    init(_ make: () throws -> ImageSurface) {
        do {
            image = try make()
        } catch {
            problem = "\(error)"
        }
    }
}

extension Diffing where Value == SnapshotImage {
    /// PNG references compared by `verify`'s comparator: `tolerance` per channel, then `options`
    /// (perceptual threshold, anti-aliasing, pixel budgets). A failure says how many pixels differ
    /// and what kind of change it is; a reference that cannot be read fails.
    public static func refreshKit(tolerance: Int = 3, options: PerceptualComparison.Options = .init()) -> Diffing {
        .diff(
            toData: { snapshot in
                // try?: an image that cannot be encoded is written as no bytes, which never reads back as a match.
                snapshot.image.flatMap { try? Data($0.pngData()) } ?? Data()
            },
            fromData: { data in SnapshotImage { try ImageSurface.readPNG(data: [UInt8](data), scale: 2) } },
            diffV2: { reference, actual in
                guard let expected = reference.image else { return ("cannot compare: the reference cannot be read: \(reference.problem ?? "no image")", []) }
                guard let image = actual.image else { return ("cannot compare: the frame could not be drawn: \(actual.problem ?? "no image")", []) }
                guard expected.width == image.width, expected.height == image.height else {
                    return ("the frame is \(image.width)×\(image.height) px, the reference \(expected.width)×\(expected.height) px", [])
                }
                do {
                    let comparison = try ImageComparison(expected: expected, actual: image, tolerance: tolerance)
                    if comparison.matches { return nil }
                    var judged = options
                    judged.channelTolerance = tolerance
                    let perceptual = try PerceptualComparison(expected: expected, actual: image, options: judged)
                    if perceptual.passes { return nil }
                    return ("\(perceptual.differing) of \(perceptual.pixelCount) pixels differ (\(perceptual.kind.rawValue); max channel difference \(comparison.maxChannelDifference))", [])
                } catch {
                    return ("cannot compare: \(error)", [])
                }
            }
        )
    }
}

extension Snapshotting where Value: RefreshIndicator, Format == SnapshotImage {
    /// One frame of the indicator, drawn in process: `assertSnapshot(of: try MyIndicator.make(),
    /// as: .frame(.refreshing, time: 0.3))`. The reference is a PNG; see ``Diffing/refreshKit(tolerance:options:)``.
    public static func frame(_ state: RefreshState, progress: Double? = nil, time: Double = 0, size: Size? = nil, scale: Double = 2,
                             colorScheme: IndicatorEnvironment.ColorScheme = .light, direction: TextDirection = .leftToRight,
                             reduceMotion: Bool = false, edge: RefreshEdge = .top,
                             tolerance: Int = 3, options: PerceptualComparison.Options = .init()) -> Snapshotting {
        frame(.frame(state, progress: progress, time: time, size: size, scale: scale, colorScheme: colorScheme, direction: direction,
                     reduceMotion: reduceMotion, edge: edge), tolerance: tolerance, options: options)
    }

    /// One frame as `spec` describes it.
    public static func frame(_ spec: FrameSpec, tolerance: Int = 3, options: PerceptualComparison.Options = .init()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .refreshKit(tolerance: tolerance, options: options)) { indicator in
            SnapshotImage { try IndicatorFrames.image(of: indicator, spec) }
        }
    }

    /// A sheet of frames (every state by default), each cell labelled, in one reference.
    public static func frames(_ specs: [FrameSpec] = FrameSpec.everyState, columns: Int = 3, tolerance: Int = 3,
                              options: PerceptualComparison.Options = .init()) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .refreshKit(tolerance: tolerance, options: options)) { indicator in
            SnapshotImage { try IndicatorFrames.sheet(of: indicator, specs, columns: columns) }
        }
    }
}
