import Foundation

/// A damped spring: what brings content back to an edge after an overscroll.
///
/// The default is critically damped (mass 1, stiffness 100, damping ratio 1), as
/// ScrollMechanics models UIScrollView's bounce: it settles as fast as possible without
/// oscillating, and released at rest it never overshoots the edge.
public struct Spring: Equatable, Sendable {
    /// Mass, > 0.
    public var mass: Double
    /// Stiffness (force per point of displacement), > 0.
    public var stiffness: Double
    /// Damping ratio: 1 is critical, < 1 oscillates, > 1 creeps. > 0.
    public var dampingRatio: Double

    /// A spring with these parameters.
    public init(mass: Double = 1, stiffness: Double = 100, dampingRatio: Double = 1) {
        self.mass = mass
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
    }

    /// The critically damped default.
    public static let critical = Spring()

    /// Displacement from rest and velocity `time` seconds after starting at `displacement`
    /// with `velocity` (points per second); the closed-form solution, so the motion does not
    /// depend on the step size.
    package func state(displacement x0: Double, velocity v0: Double, time t: Double) -> (displacement: Double, velocity: Double) {
        let omega = (stiffness / mass).squareRoot()
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 {
            let decay = exp(-omega * t)
            let b = v0 + omega * x0
            return ((x0 + b * t) * decay, (b - omega * (x0 + b * t)) * decay)
        } else if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let decay = exp(-zeta * omega * t)
            let b = (v0 + zeta * omega * x0) / omegaD
            let c = cos(omegaD * t), s = sin(omegaD * t)
            let x = decay * (x0 * c + b * s)
            let v = decay * ((b * omegaD - zeta * omega * x0) * c - (x0 * omegaD + zeta * omega * b) * s)
            return (x, v)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c1 = (v0 - r2 * x0) / (r1 - r2)
            let c2 = x0 - c1
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }
}

/// How quickly a fling slows down: the fraction of velocity kept per millisecond.
public struct DecelerationRate: Equatable, Sendable {
    /// The fraction of velocity kept per millisecond, in (0, 1).
    public var rawValue: Double

    /// A rate keeping `rawValue` of the velocity per millisecond.
    public init(rawValue: Double) {
        self.rawValue = rawValue
    }

    /// UIScrollView's normal rate, 0.998.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIScrollView's fast rate, 0.99.
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// Where a fling starting at `offset` with `velocity` (points per second) comes to rest:
    /// `x0 − v0/(1000·ln r)`.
    public func restingOffset(from offset: Double, velocity: Double) -> Double {
        offset - velocity / (1000 * log(rawValue))
    }

    /// Offset and velocity `time` seconds into a fling: `v(t) = v0·r^(1000t)`,
    /// `x(t) = x0 + v0·(r^(1000t) − 1)/(1000·ln r)`.
    func state(offset x0: Double, velocity v0: Double, time t: Double) -> (offset: Double, velocity: Double) {
        let k = 1000 * log(rawValue)
        let decay = exp(k * t)
        return (x0 + v0 * (decay - 1) / k, v0 * decay)
    }
}
