extension RefreshContainer {
    /// An edge configuration (or an indicator's length) that cannot work; names the edge and field.
    public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
        /// The edge being enabled.
        public var edge: RefreshEdge
        /// The field at fault, e.g. `triggerDistance`.
        public var field: String
        /// The value given (after defaults were filled in).
        public var value: Double
        /// What the field needs.
        public var expected: String

        /// A readable message, e.g. `top edge: triggerDistance is 0.0, expected a finite value > 0`.
        public var description: String {
            "\(edge) edge: \(field) is \(value), expected a finite value \(expected)"
        }
    }
}
