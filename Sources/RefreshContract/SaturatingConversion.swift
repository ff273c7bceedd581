extension Int {
    /// `value` rounded towards zero and clamped to `Int`'s range; NaN gives 0. `Int(_: Double)`
    /// traps on NaN, infinities and anything beyond ±2⁶³, and numbers from outside (a parameter, a
    /// time, a path coordinate) can be any of those.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.223_372_036_854_775e18 {
            self = .max
        } else if value <= -9.223_372_036_854_775e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
