import CRefreshPlugin

/// Conversions between the C ABI's frame and state codes and their Swift forms; shared by the
/// export adapter (C → Swift) and the host (Swift → C).
package enum CFrame {
    /// The state for C state and result codes; unknown codes read as `unknown`.
    package static func state(_ state: UInt32, _ result: UInt32, progress: Double = 0) -> RefreshState {
        switch refresh_state(rawValue: state) {
        case REFRESH_STATE_NONE: .none
        case REFRESH_STATE_PULLING: .pulling(progress: progress.isFinite ? min(max(progress, 0), 1) : 0)
        case REFRESH_STATE_ELIGIBLE: .eligible
        case REFRESH_STATE_REFRESHING: .refreshing
        case REFRESH_STATE_FINISHED:
            switch refresh_result(rawValue: result) {
            case REFRESH_RESULT_FAILURE: .finished(.failure)
            case REFRESH_RESULT_NO_MORE_DATA: .finished(.noMoreData)
            default: .finished(.success)
            }
        case REFRESH_STATE_NO_MORE_DATA: .noMoreData
        case REFRESH_STATE_SECONDARY_ELIGIBLE: .secondaryEligible
        case REFRESH_STATE_SECONDARY_OPEN: .secondaryOpen
        case REFRESH_STATE_SECONDARY_CLOSING: .secondaryClosing
        default: .unknown
        }
    }

    /// The C state and result codes for `state`.
    package static func codes(_ state: RefreshState) -> (state: UInt32, result: UInt32) {
        switch state {
        case .unknown: (REFRESH_STATE_UNKNOWN.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .none: (REFRESH_STATE_NONE.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .pulling: (REFRESH_STATE_PULLING.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .eligible: (REFRESH_STATE_ELIGIBLE.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .refreshing: (REFRESH_STATE_REFRESHING.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .finished(.success): (REFRESH_STATE_FINISHED.rawValue, REFRESH_RESULT_SUCCESS.rawValue)
        case .finished(.failure): (REFRESH_STATE_FINISHED.rawValue, REFRESH_RESULT_FAILURE.rawValue)
        case .finished(.noMoreData): (REFRESH_STATE_FINISHED.rawValue, REFRESH_RESULT_NO_MORE_DATA.rawValue)
        case .noMoreData: (REFRESH_STATE_NO_MORE_DATA.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .secondaryEligible: (REFRESH_STATE_SECONDARY_ELIGIBLE.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .secondaryOpen: (REFRESH_STATE_SECONDARY_OPEN.rawValue, REFRESH_RESULT_NONE.rawValue)
        case .secondaryClosing: (REFRESH_STATE_SECONDARY_CLOSING.rawValue, REFRESH_RESULT_NONE.rawValue)
        }
    }

    package static let edges: [RefreshEdge] = [.top, .bottom, .leading, .trailing]
    /// In the order of `refresh_placement`.
    package static let placements: [IndicatorPlacement] = [.push, .behind, .above, .stretch]

    /// The draw rectangle a host wrote: nil when absent (width 0, from an older host) or not finite.
    static func drawRect(_ f: refresh_frame) -> Rect? {
        let values = [f.draw_x, f.draw_y, f.draw_width, f.draw_height]
        guard f.draw_width > 0, f.draw_height >= 0, values.allSatisfy(\.isFinite) else { return nil }
        return Rect(x: f.draw_x, y: f.draw_y, width: f.draw_width, height: f.draw_height)
    }

    /// The fields every host writes: up to and including `locale`.
    package static let minimumFrameSize = MemoryLayout<refresh_frame>.offset(of: \refresh_frame.locale)! + MemoryLayout<UnsafeRawPointer>.size

    /// The host's frame, read up to the size it declared (see ``ABIStruct``); nil when it declared
    /// less than ``minimumFrameSize``.
    package static func read(_ pointer: UnsafePointer<refresh_frame>) -> refresh_frame? {
        let size = ABIStruct.declaredSize(at: pointer)
        guard size >= minimumFrameSize else { return nil }
        return ABIStruct.read(refresh_frame.self, at: pointer, declaredSize: size)
    }

    /// The Swift frame for a C frame read with ``read(_:)``.
    package static func indicatorFrame(_ f: refresh_frame) -> IndicatorFrame {
        let edge = Int(f.edge) < edges.count ? edges[Int(f.edge)] : .top
        let environment = IndicatorEnvironment(
            colorScheme: f.theme == REFRESH_THEME_DARK.rawValue ? .dark : .light,
            reduceMotion: f.reduce_motion != 0,
            layoutDirection: f.direction == REFRESH_DIRECTION_RTL.rawValue ? .rightToLeft : .leftToRight,
            locale: f.locale.map { String(cString: $0) } ?? "en"
        )
        return IndicatorFrame(
            size: Size(width: f.width, height: f.height), scale: f.scale, edge: edge,
            state: state(f.state, f.result, progress: f.progress), progress: f.progress,
            pull: EdgePull(distance: f.pull_distance, rawDistance: f.raw_pull_distance),
            time: IndicatorFrame.safeTime(f.time), stateTime: IndicatorFrame.safeTime(f.state_time), environment: environment,
            placement: Int(f.placement) < placements.count ? placements[Int(f.placement)] : .push,
            drawRect: drawRect(f), secondaryProgress: f.secondary_progress.isFinite ? f.secondary_progress : 0
        )
    }

    /// Calls `body` with a C frame for `frame` drawing into `cairo`.
    package static func withCFrame<R>(_ frame: IndicatorFrame, cairo: OpaquePointer, _ body: (UnsafePointer<refresh_frame>) -> R) -> R {
        var f = refresh_frame()
        f.struct_size = UInt32(MemoryLayout<refresh_frame>.size)
        f.edge = UInt32(edges.firstIndex(of: frame.edge) ?? 0)
        f.cairo = cairo
        f.width = frame.size.width
        f.height = frame.size.height
        f.scale = frame.scale
        (f.state, f.result) = codes(frame.state)
        f.progress = frame.progress
        f.pull_distance = frame.pull.distance
        f.raw_pull_distance = frame.pull.rawDistance
        f.time = IndicatorFrame.safeTime(frame.time)
        f.state_time = IndicatorFrame.safeTime(frame.stateTime)
        f.theme = frame.environment.colorScheme == .dark ? REFRESH_THEME_DARK.rawValue : REFRESH_THEME_LIGHT.rawValue
        f.direction = frame.environment.layoutDirection == .rightToLeft ? REFRESH_DIRECTION_RTL.rawValue : REFRESH_DIRECTION_LTR.rawValue
        f.reduce_motion = frame.environment.reduceMotion ? 1 : 0
        f.placement = UInt32(placements.firstIndex(of: frame.placement) ?? 0)
        if let rect = frame.drawRect { (f.draw_x, f.draw_y, f.draw_width, f.draw_height) = (rect.minX, rect.minY, rect.width, rect.height) }
        f.secondary_progress = frame.secondaryProgress
        return frame.environment.locale.withCString { locale in
            f.locale = locale
            return withUnsafePointer(to: &f) { body($0) }
        }
    }
}
