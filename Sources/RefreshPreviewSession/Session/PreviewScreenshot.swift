import Foundation

/// What a screenshot shows.
package enum PreviewScreenshot: Equatable, Sendable {
    /// The whole window, panel included, at the window's pixel scale.
    case window
    /// The first edge's indicator band alone, at the window's pixel scale.
    case band
}
