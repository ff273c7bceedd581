extension RefreshContainer {
    /// Where an edge's second floor is, when it is not shut.
    public enum SecondFloorPhase: String, Sendable {
        /// The floor is open (the pull is held at the floor's extent).
        case open
        /// The floor is closing (the edge retracts).
        case closing
    }
}
