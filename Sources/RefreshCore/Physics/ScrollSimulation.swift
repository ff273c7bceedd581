/// A deterministic scroll view: drags, flings, wheel scrolls, rubber band and spring back.
///
/// The caller feeds input and steps time with ``step(_:)``; the same inputs and steps give the
/// same offsets, bit for bit. Offsets follow UIScrollView's `contentOffset`: (0, 0) shows the
/// content's top-leading corner at the viewport's top-leading corner, and offsets grow towards
/// the content's end. Content insets and hold extents (what a refreshing edge keeps open) widen
/// the range the content rests in.
///
/// Input signs follow the content: a positive ``dragMoved(by:)`` or ``wheel(by:)`` moves the
/// content down (or towards the trailing end), which reveals the top (leading) edge, as a finger
/// dragging down does. ``velocity`` and ``offset`` are in offset units.
///
/// Non-finite input (NaN or infinite deltas, velocities or steps) is ignored, never propagated;
/// invalid configurations are rejected by the initialiser.
public struct ScrollSimulation: Sendable {
    /// The scroll view's geometry and physics.
    public struct Configuration: Equatable, Sendable {
        /// The visible area, in points; both sides finite and > 0.
        public var viewportSize: Size
        /// The content's size, in points; both sides finite and ≥ 0. Content shorter than the
        /// viewport still scrolls (and pulls from both edges) along a scrollable axis.
        public var contentSize: Size
        /// Extra room around the content, in points (finite, ≥ 0), as UIScrollView's `contentInset`.
        public var contentInsets: PerEdge<Double>
        /// The axes that respond to drags and wheel scrolls. Default: vertical only.
        public var scrollableAxes: Set<ScrollAxis>
        /// The resistance past an edge; c = 0.55 by default.
        public var rubberBand: RubberBand
        /// How fast a fling slows down; ``DecelerationRate/normal`` by default.
        public var decelerationRate: DecelerationRate
        /// The spring back to an edge; critically damped by default.
        public var spring: Spring
        /// Seconds without wheel events after which a wheel gesture counts as released.
        public var wheelReleaseDelay: Double

        /// A configuration; everything but the sizes has the UIKit-like default.
        public init(
            viewportSize: Size,
            contentSize: Size,
            contentInsets: PerEdge<Double> = PerEdge(repeating: 0),
            scrollableAxes: Set<ScrollAxis> = [.vertical],
            rubberBand: RubberBand = RubberBand(),
            decelerationRate: DecelerationRate = .normal,
            spring: Spring = .critical,
            wheelReleaseDelay: Double = 0.1
        ) {
            self.viewportSize = viewportSize
            self.contentSize = contentSize
            self.contentInsets = contentInsets
            self.scrollableAxes = scrollableAxes
            self.rubberBand = rubberBand
            self.decelerationRate = decelerationRate
            self.spring = spring
            self.wheelReleaseDelay = wheelReleaseDelay
        }

        func validated() throws(ConfigurationError) -> Configuration {
            func check(_ field: String, _ value: Double, _ expected: String, _ ok: (Double) -> Bool) throws(ConfigurationError) {
                guard value.isFinite, ok(value) else { throw ConfigurationError(field: field, value: value, expected: expected) }
            }
            try check("viewportSize.width", viewportSize.width, "> 0") { $0 > 0 }
            try check("viewportSize.height", viewportSize.height, "> 0") { $0 > 0 }
            try check("contentSize.width", contentSize.width, "≥ 0") { $0 >= 0 }
            try check("contentSize.height", contentSize.height, "≥ 0") { $0 >= 0 }
            for edge in RefreshEdge.allCases {
                try check("contentInsets.\(edge)", contentInsets[edge], "≥ 0") { $0 >= 0 }
            }
            try check("rubberBand.coefficient", rubberBand.coefficient, "> 0") { $0 > 0 }
            try check("decelerationRate", decelerationRate.rawValue, "between 0 and 1") { $0 > 0 && $0 < 1 }
            try check("spring.mass", spring.mass, "> 0") { $0 > 0 }
            try check("spring.stiffness", spring.stiffness, "> 0") { $0 > 0 }
            try check("spring.dampingRatio", spring.dampingRatio, "> 0") { $0 > 0 }
            try check("wheelReleaseDelay", wheelReleaseDelay, "> 0") { $0 > 0 }
            return self
        }
    }

    /// A configuration value that cannot simulate anything; names the field and what it needs.
    public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
        /// The field at fault, e.g. `viewportSize.height`.
        public var field: String
        /// The value given.
        public var value: Double
        /// What the field needs, e.g. `> 0`.
        public var expected: String

        /// A readable message: `scroll configuration: viewportSize.height is 0, expected > 0`.
        public var description: String {
            "scroll configuration: \(field) is \(value), expected a finite value \(expected)"
        }
    }

    /// The geometry and physics in use.
    public private(set) var configuration: Configuration
    /// What each edge currently keeps open past the content, in points (set by the refresh container).
    public private(set) var holdExtents = PerEdge(repeating: 0.0)
    /// Counts gestures: a new drag, wheel gesture or fling adds one. A refresh container uses it
    /// to trigger at most once per gesture.
    public private(set) var gesture = 0
    /// The last gesture ended by a jump (``scroll(to:along:)``), not a lift: until the next one begins.
    private var abandonedGesture = false

    private var vertical: AxisMotion
    private var horizontal: AxisMotion
    private var isDragging = false
    /// Edges to keep in view to their hold extent until a new gesture or the hold ends; the value
    /// orders the requests (0: none), so the later one wins when both ends of an axis cannot show.
    private var revealRequests = PerEdge(repeating: 0)
    /// The holds that keep the view (a refresh running there): see ``reveal(_:)``.
    private var viewKeepers = PerEdge(repeating: false)
    private var revealCount = 0
    /// Seconds since the last wheel event, while a wheel gesture is in progress.
    private var wheelIdleTime: Double?

    /// A simulation at rest at the content's start (offset = −insets).
    public init(_ configuration: Configuration) throws(ConfigurationError) {
        self.configuration = try configuration.validated()
        vertical = AxisMotion(offset: 0, lower: 0, upper: 0, dimension: configuration.viewportSize.height)
        horizontal = AxisMotion(offset: 0, lower: 0, upper: 0, dimension: configuration.viewportSize.width)
        for axis in ScrollAxis.allCases {
            let bounds = baseBounds(axis)
            self[axis].lower = bounds.lowerBound
            self[axis].upper = bounds.upperBound
            self[axis].offset = bounds.lowerBound
        }
    }

    // MARK: State

    /// The content offset, in points.
    public var offset: Point { Point(x: horizontal.offset, y: vertical.offset) }
    /// The offset's velocity, in points per second (estimated from recent movement while tracking).
    public var velocity: Point { Point(x: horizontal.velocity, y: vertical.velocity) }
    /// Whether a finger (or a wheel gesture) holds the content.
    public var isTracking: Bool { isDragging || wheelIdleTime != nil }
    /// Whether the content moves freely after a release: a fling slowing down or a spring back.
    public var isDecelerating: Bool {
        ScrollAxis.allCases.contains { axis in
            switch self[axis].phase {
            case .decelerating, .springing: true
            case .idle, .tracking: false
            }
        }
    }
    /// Whether nothing moves and nothing will until the next input.
    public var isResting: Bool {
        !isTracking && ScrollAxis.allCases.allSatisfy { self[$0].phase == .idle && self[$0].offset >= self[$0].lower && self[$0].offset <= self[$0].upper }
    }

    /// How far `edge` is pulled past the content (plus its inset): the visible distance and the
    /// raw (un-rubber-banded) distance a finger would travel to show it.
    public func pull(at edge: RefreshEdge) -> EdgePull {
        let axis = edge.axis
        let base = baseBounds(axis)
        let position = self[axis].offset
        let distance = edge.isAtEnd ? position - base.upperBound : base.lowerBound - position
        let visible = max(0, distance)
        return EdgePull(distance: visible, rawDistance: configuration.rubberBand.raw(visible, dimension: self[axis].dimension))
    }

    /// How far the content's end is from the viewport's end along `axis`, in points; 0 or less
    /// when the end is in view.
    public func distanceToEnd(along axis: ScrollAxis) -> Double {
        baseBounds(axis).upperBound - self[axis].offset
    }

    /// Everything a ``RefreshContainer`` needs to know about this moment.
    public var observation: ScrollObservation {
        var observation = ScrollObservation(
            isTracking: isTracking,
            gesture: gesture,
            pulls: PerEdge(top: pull(at: .top), bottom: pull(at: .bottom), leading: pull(at: .leading), trailing: pull(at: .trailing)),
            distanceToEnd: Point(x: distanceToEnd(along: .horizontal), y: distanceToEnd(along: .vertical)),
            velocity: velocity,
            viewport: configuration.viewportSize
        )
        observation.abandonsGesture = abandonedGesture
        return observation
    }

    /// How far the content is scrolled along `axis` from its start, in points: 0 at the start or
    /// pulled past it (what ``scroll(to:along:)`` puts back).
    public func scrolled(along axis: ScrollAxis) -> Double {
        max(0, self[axis].offset - baseBounds(axis).lowerBound)
    }

    /// Puts the content at rest `offset` points along `axis` from its start, kept within the
    /// content (a list that starts scrolled); any motion or gesture stops. A jump is code taking the
    /// list from the user's hand: a gesture in progress is abandoned, never released (a header held
    /// past its trigger does not refresh: ``ScrollObservation/abandonsGesture``), every other axis
    /// it held is let go where it is (springing back if pulled past an edge), and what was to be
    /// revealed gives way, as it does to a new touch (a refresh in view is not pulled back).
    public mutating func scroll(to offset: Double, along axis: ScrollAxis) {
        guard offset.isFinite else { return }
        let heldAxes = configuration.scrollableAxes.filter { if case .tracking = self[$0].phase { true } else { false } }
        if isTracking || !heldAxes.isEmpty { abandonedGesture = true }
        let (start, end) = Self.edges(axis)
        (revealRequests[start], revealRequests[end]) = (0, 0)
        endWheelGesture()
        isDragging = false
        let bounds = baseBounds(axis)
        self[axis].offset = min(bounds.upperBound, max(bounds.lowerBound, bounds.lowerBound + offset))
        self[axis].velocity = 0
        self[axis].phase = .idle
        for other in heldAxes where other != axis { self[other].release(velocity: 0) }
    }

    // MARK: Input

    /// A finger touches the content: starts a new gesture and stops any motion.
    public mutating func dragBegan() {
        endWheelGesture()
        isDragging = true
        beginGesture()
        for axis in configuration.scrollableAxes { self[axis].beginTracking(configuration.rubberBand) }
    }

    /// The finger moved by `translation` points; the content follows, rubber-banded past the edges.
    /// Ignored when not dragging or when a component is not finite.
    public mutating func dragMoved(by translation: Point) {
        guard isDragging, translation.x.isFinite, translation.y.isFinite else { return }
        for axis in configuration.scrollableAxes { self[axis].track(by: translation[axis], configuration.rubberBand) }
    }

    /// The finger lifted with `velocity` (points per second, content movement: positive moves the
    /// content down). Nil uses the velocity tracked over the last 50 ms of the drag; a non-finite
    /// component counts as 0. Past an edge the content springs back, inside it decelerates.
    public mutating func dragEnded(velocity: Point? = nil) {
        guard isDragging else { return }
        isDragging = false
        release(velocity)
    }

    /// Starts a fling without a drag (as a scenario's `fling` step does): a new gesture whose
    /// content moves at `velocity` points per second (content movement, as ``dragEnded(velocity:)``).
    /// Ignored when a component is not finite.
    public mutating func fling(velocity: Point) {
        guard velocity.x.isFinite, velocity.y.isFinite else { return }
        endWheelGesture()
        isDragging = false
        beginGesture()
        for axis in configuration.scrollableAxes {
            self[axis].beginTracking(configuration.rubberBand)
            self[axis].release(velocity: -velocity[axis])
        }
    }

    /// A wheel or trackpad scroll of `delta` points (content movement, as a drag). Consecutive
    /// wheel events form one gesture, which counts as tracking and is released after
    /// ``Configuration/wheelReleaseDelay`` seconds without events. Ignored when not finite.
    public mutating func wheel(by delta: Point) {
        guard delta.x.isFinite, delta.y.isFinite else { return }
        if !isTracking {
            beginGesture()
            for axis in configuration.scrollableAxes { self[axis].beginTracking(configuration.rubberBand) }
        }
        if !isDragging { wheelIdleTime = 0 }
        for axis in configuration.scrollableAxes { self[axis].track(by: delta[axis], configuration.rubberBand) }
    }

    /// Advances time by `dt` seconds. Non-finite or non-positive steps are ignored; long steps are
    /// split into steps of at most 1/60 s so that edge hits are found as they would be live.
    public mutating func step(_ dt: Double) {
        guard dt.isFinite, dt > 0 else { return }
        let count = Int((dt * 60).rounded(.up))
        let slice = dt / Double(count)
        for _ in 0..<count {
            for axis in ScrollAxis.allCases {
                self[axis].step(slice, rate: configuration.decelerationRate, spring: configuration.spring)
                pursueReveals(axis)  // a spring that overshot into a fling is brought back
            }
            if let idle = wheelIdleTime {
                wheelIdleTime = idle + slice
                if idle + slice >= configuration.wheelReleaseDelay {
                    wheelIdleTime = nil
                    release(Point.zero)
                }
            }
        }
    }

    /// Sets how far `edge` is kept open past the content, in points (negative or non-finite
    /// counts as 0; at most ``maximumHoldExtent``), as a hold that gives way to a reveal of the
    /// other end (a result or the end of the data shown): see ``setHoldExtent(_:at:keepsTheView:)``.
    ///
    /// Deprecated: this call cannot say whether the hold is a refresh running, and a host that set
    /// a refreshing edge's hold with it lets a reveal of the other end take the list away from it
    /// (both ends refreshing on a long list: the first shown is lost). Say it.
    @available(*, deprecated, message: "say whether the hold is a refresh running: setHoldExtent(_:at:keepsTheView:), with keepsTheView true while the edge refreshes (RefreshContainer.keepsTheView(_:))")
    public mutating func setHoldExtent(_ extent: Double, at edge: RefreshEdge) {
        setHoldExtent(extent, at: edge, keepsTheView: false)
    }

    /// Sets how far `edge` is kept open past the content, in points (negative or non-finite
    /// counts as 0; at most ``maximumHoldExtent``). A refresh container sets this while an edge
    /// refreshes. When the extent grows and the content is at that edge, the edge is revealed
    /// (``reveal(_:)``); when it shrinks, content left past the new bound springs back.
    /// `keepsTheView`: the hold is a refresh running, and while it is in view a reveal of the other
    /// end of the axis does not take the list from it (``RefreshContainer/EdgeStatus/keepsTheView``).
    public mutating func setHoldExtent(_ extent: Double, at edge: RefreshEdge, keepsTheView: Bool) {
        let newExtent = extent.isFinite ? min(max(0, extent), Self.maximumHoldExtent) : 0
        let oldExtent = holdExtents[edge]
        viewKeepers[edge] = keepsTheView && newExtent > 0
        guard newExtent != oldExtent else { return }
        holdExtents[edge] = newExtent
        let axis = edge.axis
        let wasAtEdge = edge.isAtEnd ? self[axis].offset >= self[axis].upper - 0.5 : self[axis].offset <= self[axis].lower + 0.5
        if newExtent == 0 { revealRequests[edge] = 0 }
        if newExtent > oldExtent, wasAtEdge, !self[axis].isTracking, !otherEndKeepsTheView(edge) { requestReveal(edge) }
        applyBounds(axis)
    }

    /// The largest hold extent, in points: beyond any screen.
    public static let maximumHoldExtent = 100_000.0

    /// Scrolls so that `edge` shows its whole hold extent (a refreshing edge must be seen), with the
    /// spring, from wherever the content is; and keeps it so while bounds change (another edge's
    /// hold ends, a page arrives) until the next gesture or the edge's hold ends.
    ///
    /// The first end shown keeps the view while it refreshes: when the other end of the axis is held
    /// open by a refresh (`keepsTheView`) and in view (or on its way there), and the two cannot be
    /// shown at once, nothing moves, `edge` stays where it is (to be seen when the user scrolls
    /// there), and the result is false. A hold that only shows a result or the end of the data
    /// gives way, as MJRefresh's `beginRefreshing` always scrolls to its header.
    @discardableResult
    public mutating func reveal(_ edge: RefreshEdge) -> Bool {
        guard !otherEndKeepsTheView(edge) else { return false }
        requestReveal(edge)
        pursueReveals(edge.axis)
        return true
    }

    /// Whether the other end of `edge`'s axis is held open by a refresh and in view (or on its way
    /// there) on a list too long to show both ends: it keeps the view, and `edge` is not revealed.
    private func otherEndKeepsTheView(_ edge: RefreshEdge) -> Bool {
        let other = edge.opposite
        return viewKeepers[other] && holdExtents[other] > 0 && (revealRequests[other] > 0 || shows(other)) && !showsBothEnds(edge.axis)
    }

    /// Whether some of `edge`'s hold extent is on screen: the content is past that end.
    private func shows(_ edge: RefreshEdge) -> Bool {
        let offset = self[edge.axis].offset, base = baseBounds(edge.axis)
        return edge.isAtEnd ? offset > base.upperBound + 0.5 : offset < base.lowerBound - 0.5
    }

    /// Whether the viewport can show both ends of `axis` with their hold extents at once.
    private func showsBothEnds(_ axis: ScrollAxis) -> Bool {
        let (start, end) = Self.edges(axis)
        // Offsets at most `highest` show the start with its hold; at least `lowest`, the end with its.
        let highest = baseBounds(axis).lowerBound - holdExtents[start]
        let lowest = configuration.contentSize[axis] + configuration.contentInsets[end] + holdExtents[end] - configuration.viewportSize[axis]
        return lowest <= highest + 0.5
    }

    /// Changes the content size (a page of rows arrived, say). Returns the error and changes nothing
    /// when a side is negative or not finite.
    public mutating func setContentSize(_ size: Size) throws(ConfigurationError) {
        var changed = configuration
        changed.contentSize = size
        configuration = try changed.validated()
        for axis in ScrollAxis.allCases { applyBounds(axis) }
    }

    // MARK: Internals

    private subscript(axis: ScrollAxis) -> AxisMotion {
        get { axis == .vertical ? vertical : horizontal }
        set { if axis == .vertical { vertical = newValue } else { horizontal = newValue } }
    }

    private static func edges(_ axis: ScrollAxis) -> (start: RefreshEdge, end: RefreshEdge) {
        axis == .vertical ? (.top, .bottom) : (.leading, .trailing)
    }

    /// The resting range without hold extents.
    private func baseBounds(_ axis: ScrollAxis) -> ClosedRange<Double> {
        let (start, end) = Self.edges(axis)
        let lower = -configuration.contentInsets[start]
        let upper = configuration.contentSize[axis] + configuration.contentInsets[end] - configuration.viewportSize[axis]
        return lower...max(lower, upper)
    }

    private mutating func applyBounds(_ axis: ScrollAxis) {
        let (start, end) = Self.edges(axis)
        let base = baseBounds(axis)
        self[axis].setBounds(
            lower: base.lowerBound - holdExtents[start],
            upper: base.upperBound + holdExtents[end],
            configuration.rubberBand
        )
        pursueReveals(axis)
    }

    /// The later request wins; where both ends cannot show at once the earlier one is dropped, so
    /// that the list does not go back to it when the later one's hold ends.
    private mutating func requestReveal(_ edge: RefreshEdge) {
        revealCount += 1
        revealRequests[edge] = revealCount
        if !showsBothEnds(edge.axis) { revealRequests[edge.opposite] = 0 }
    }

    /// Springs towards an offset that shows every edge with a reveal request on `axis`, unless the
    /// content is already there or on its way. A finger on the content always wins.
    private mutating func pursueReveals(_ axis: ScrollAxis) {
        let (start, end) = Self.edges(axis)
        guard !self[axis].isTracking, revealRequests[start] > 0 || revealRequests[end] > 0 else { return }
        // Offsets at most `highest` show the start edge; at least `lowest` show the end edge.
        var highest = revealRequests[start] > 0 ? self[axis].lower : Double.infinity
        let contentEnd = configuration.contentSize[axis] + configuration.contentInsets[end]
        var lowest = revealRequests[end] > 0 ? contentEnd + holdExtents[end] - configuration.viewportSize[axis] : -Double.infinity
        if lowest > highest {
            if revealRequests[start] > revealRequests[end] { lowest = -.infinity } else { highest = .infinity }
        }
        let motion = self[axis]
        let heading = if case .springing(let target, _, _, _) = motion.phase { target } else { motion.offset }
        guard heading < lowest - 0.5 || heading > highest + 0.5 else { return }
        let target = min(max(heading, lowest), highest)
        // Like an animated scroll: momentum away from the target is dropped, momentum towards it is
        // kept up to what a critically damped spring absorbs without overshooting (ω·distance);
        // an overshoot would count as a fling out of an overscroll and carry the content away.
        let distance = target - motion.offset
        let spring = configuration.spring
        let absorbable = (spring.stiffness / spring.mass).squareRoot() * Swift.abs(distance)
        let velocity = distance * motion.velocity > 0 ? min(Swift.abs(motion.velocity), absorbable) * (distance > 0 ? 1 : -1) : 0
        self[axis].startSpring(to: target, velocity: velocity)
    }

    private mutating func release(_ contentVelocity: Point?) {
        for axis in configuration.scrollableAxes {
            let v = contentVelocity.map { $0[axis].isFinite ? -$0[axis] : 0 }
            self[axis].release(velocity: v)
            pursueReveals(axis)  // an edge that began refreshing under the finger is shown now
        }
    }

    /// A new gesture: counted, and whatever was to be revealed gives way to the user's hand.
    private mutating func beginGesture() {
        gesture += 1
        abandonedGesture = false
        revealRequests = PerEdge(repeating: 0)
    }

    private mutating func endWheelGesture() {
        wheelIdleTime = nil
    }
}
