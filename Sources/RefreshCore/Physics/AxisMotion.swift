/// The motion along one axis of a ``ScrollSimulation``: offset, velocity and what moves them.
///
/// Offsets follow UIScrollView's `contentOffset`: growing as the content moves towards its end.
/// `lower...upper` are the bounds the content rests within (including any hold extents).
struct AxisMotion: Equatable, Sendable {
    enum Phase: Equatable, Sendable {
        /// At rest (or about to spring back if out of bounds).
        case idle
        /// A finger (or wheel) holds the content; `finger` is the unbanded offset it points at.
        case tracking(finger: Double)
        /// Released inside the bounds: slowing down by the deceleration rate.
        case decelerating(origin: Double, velocity: Double, elapsed: Double)
        /// Released past an edge, or hit one while decelerating: returning to `target`.
        case springing(target: Double, displacement: Double, velocity: Double, elapsed: Double)
    }

    /// Below this speed (points per second) a fling stops: the content is then at most
    /// 0.25 pt from the analytic resting point with the normal rate.
    static let restingSpeed = 0.5
    /// A spring this close to its target (points) and this slow (points per second) snaps to it.
    static let settleDistance = 0.05, settleSpeed = 2.0
    /// How far past the bounds the finger's unbanded offset may go, so no value grows unbounded.
    static let fingerLimit = 1e7
    /// The window over which a drag's release velocity is estimated, in seconds.
    static let velocityWindow = 0.05

    var offset: Double
    var velocity: Double = 0
    var phase: Phase = .idle
    var lower: Double
    var upper: Double
    /// The viewport's extent on this axis: the rubber band's d.
    var dimension: Double
    /// Recent (time, offset) pairs while tracking, for the release velocity.
    private var samples: [Sample] = []
    private var clock: Double = 0

    private struct Sample: Equatable, Sendable {
        var time: Double
        var offset: Double
    }

    init(offset: Double, lower: Double, upper: Double, dimension: Double) {
        self.offset = offset
        self.lower = lower
        self.upper = upper
        self.dimension = dimension
    }

    var isTracking: Bool {
        if case .tracking = phase { true } else { false }
    }

    // MARK: Rubber band

    func banded(_ finger: Double, _ band: RubberBand) -> Double {
        if finger < lower { return lower - band.banded(lower - finger, dimension: dimension) }
        if finger > upper { return upper + band.banded(finger - upper, dimension: dimension) }
        return finger
    }

    func unbanded(_ offset: Double, _ band: RubberBand) -> Double {
        if offset < lower { return lower - band.raw(lower - offset, dimension: dimension) }
        if offset > upper { return upper + band.raw(offset - upper, dimension: dimension) }
        return offset
    }

    // MARK: Input

    mutating func beginTracking(_ band: RubberBand) {
        phase = .tracking(finger: unbanded(offset, band))
        velocity = 0
        samples = [Sample(time: clock, offset: offset)]
    }

    /// Moves the content by `delta` points (positive moves it towards its start, as a finger
    /// dragging down does), rubber-banded past the bounds.
    mutating func track(by delta: Double, _ band: RubberBand) {
        guard case .tracking(let finger) = phase else { return }
        let moved = min(max(finger - delta, lower - Self.fingerLimit), upper + Self.fingerLimit)
        phase = .tracking(finger: moved)
        offset = banded(moved, band)
    }

    /// Lets go with `velocity` (offset units per second), or the tracked estimate when nil.
    mutating func release(velocity given: Double?) {
        let v = given ?? trackedVelocity()
        samples.removeAll()
        if offset < lower {
            startSpring(to: lower, velocity: v)
        } else if offset > upper {
            startSpring(to: upper, velocity: v)
        } else if abs(v) > Self.restingSpeed {
            phase = .decelerating(origin: offset, velocity: v, elapsed: 0)
            velocity = v
        } else {
            phase = .idle
            velocity = 0
        }
    }

    mutating func startSpring(to target: Double, velocity v: Double) {
        phase = .springing(target: target, displacement: offset - target, velocity: v, elapsed: 0)
        velocity = v
    }

    /// Changes the bounds; a tracked finger keeps the content where it is, and free motion
    /// re-decides where it is going.
    mutating func setBounds(lower newLower: Double, upper newUpper: Double, _ band: RubberBand) {
        guard newLower != lower || newUpper != upper else { return }
        lower = newLower
        upper = newUpper
        switch phase {
        case .tracking:
            phase = .tracking(finger: unbanded(offset, band))
        case .springing:
            release(velocity: velocity)
        case .idle, .decelerating:
            break  // step() springs back whatever is out of bounds
        }
    }

    // MARK: Time

    mutating func step(_ dt: Double, rate: DecelerationRate, spring: Spring) {
        clock += dt
        switch phase {
        case .idle:
            if offset < lower { startSpring(to: lower, velocity: 0) }
            else if offset > upper { startSpring(to: upper, velocity: 0) }
        case .tracking:
            samples.append(Sample(time: clock, offset: offset))
            samples.removeAll { $0.time < clock - Self.velocityWindow - 1e-9 }
            velocity = trackedVelocity()
        case .decelerating(let origin, let v0, let elapsed):
            let t = elapsed + dt
            let (x, v) = rate.state(offset: origin, velocity: v0, time: t)
            offset = x
            velocity = v
            phase = .decelerating(origin: origin, velocity: v0, elapsed: t)
            if x < lower {
                startSpring(to: lower, velocity: v)  // hit the edge: bounce
            } else if x > upper {
                startSpring(to: upper, velocity: v)
            } else if abs(v) < Self.restingSpeed {
                phase = .idle
                velocity = 0
            }
        case .springing(let target, let x0, let v0, let elapsed):
            let t = elapsed + dt
            let (x, v) = spring.state(displacement: x0, velocity: v0, time: t)
            offset = target + x
            velocity = v
            phase = .springing(target: target, displacement: x0, velocity: v0, elapsed: t)
            let headingIntoContent = (target == lower && x > 0 && v > 0) || (target == upper && x < 0 && v < 0)
            if headingIntoContent && upper > lower {
                // Flung out of an overscroll: the content scrolls on as a fling would.
                phase = .decelerating(origin: offset, velocity: v, elapsed: 0)
            } else if abs(x) < Self.settleDistance && abs(v) < Self.settleSpeed {
                offset = target
                velocity = 0
                phase = .idle
            }
        }
    }

    private func trackedVelocity() -> Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return (last.offset - first.offset) / (last.time - first.time)
    }
}
