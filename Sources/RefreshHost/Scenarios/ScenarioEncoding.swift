import Foundation
import RefreshPluginSDK

extension Scenario {
    /// The fields of a scenario file, one list for the reader (what it allows) and the writer.
    enum Field: String, CodingKey, CaseIterable {
        case version, name, description, viewport, axis, rows, rowHeight, offset, fps, edges, theme, locale, reduceMotion, window, checkpoints, steps
    }
    /// The fields of `viewport`.
    enum ViewportField: String, CodingKey, CaseIterable { case width, height }
    /// The fields of an edge in `edges`.
    enum EdgeField: String, CodingKey, CaseIterable {
        case plugin, params, triggerDistance, startOffset, holdExtent, policy, preloadDistance, resultHoldTime, haptics, placement, secondFloor
    }
    /// The fields of an edge's `secondFloor`.
    enum SecondFloorField: String, CodingKey, CaseIterable { case triggerDistance, openExtent, refreshesBelow }
    /// The name of each kind of step (a step is an object with one of them).
    enum StepKind: String, CodingKey, CaseIterable {
        case drag, hold, release, fling, wheel, wait, finish, begin, openSecondFloor, closeSecondFloor, loadMore, setParameter, placeholder
    }
    /// The fields of the steps, each kind taking some (``StepKind/fields``).
    enum StepField: String, CodingKey {
        case from, to, reach, duration, easing, velocity, delta, count, interval, edge, result, rows, last, name, value, state, message
    }
    /// An edge's name as a key of `edges`.
    struct EdgeKey: CodingKey {
        let stringValue: String
        init(_ edge: RefreshEdge) { stringValue = edge.rawValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}

extension Scenario.StepKind {
    /// The fields a step of this kind takes.
    var fields: [Scenario.StepField] {
        switch self {
        case .drag: [.from, .to, .reach, .duration, .easing]
        case .hold, .wait: [.duration]
        case .release, .fling: [.velocity]
        case .wheel: [.delta, .count, .interval]
        case .finish: [.edge, .result]
        case .begin, .openSecondFloor, .closeSecondFloor: [.edge]
        case .loadMore: [.edge, .rows, .last]
        case .setParameter: [.edge, .name, .value]
        case .placeholder: [.state, .message]
        }
    }
}

extension Sequence where Element: CodingKey {
    /// The keys' names, as the reader checks them.
    var names: Set<String> { Set(map(\.stringValue)) }
}

extension Scenario: Encodable {
    /// Writes the scenario in the file format `decode(_:file:)` reads: every field the reader
    /// takes, optional ones only when set, so reading what was written gives the same scenario.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Field.self)
        // Version 1 where it says nothing version 2 added (a drag's reach): older builds read it.
        try c.encode(dragReaches.isEmpty ? 1 : Scenario.version, forKey: .version)
        try c.encode(name, forKey: .name)
        if !description.isEmpty { try c.encode(description, forKey: .description) }
        var v = c.nestedContainer(keyedBy: ViewportField.self, forKey: .viewport)
        try v.encode(viewport.width, forKey: .width)
        try v.encode(viewport.height, forKey: .height)
        try c.encode(axis.rawValue, forKey: .axis)
        try c.encode(rows, forKey: .rows)
        try c.encode(rowHeight, forKey: .rowHeight)
        if offset != 0 { try c.encode(offset, forKey: .offset) }
        try c.encode(fps, forKey: .fps)
        var e = c.nestedContainer(keyedBy: EdgeKey.self, forKey: .edges)
        for (edge, setup) in edges { try e.encode(setup, forKey: EdgeKey(edge)) }
        try c.encode(environment.colorScheme.rawValue, forKey: .theme)
        try c.encode(environment.locale, forKey: .locale)
        try c.encode(environment.reduceMotion, forKey: .reduceMotion)
        try c.encode(window.rawValue, forKey: .window)
        if !checkpoints.isEmpty { try c.encode(checkpoints, forKey: .checkpoints) }
        var list = c.nestedUnkeyedContainer(forKey: .steps)
        for (index, step) in steps.enumerated() {
            if let reach = dragReaches[index], case .drag = step { try list.encode(ReachingDrag(step: step, reach: reach)) } else { try list.encode(step) }
        }
    }
}

extension Scenario.EdgeSetup: Encodable {
    /// The edge's plugin, parameters and configuration, as a scenario file has them.
    public func encode(to encoder: Encoder) throws {
        typealias Field = Scenario.EdgeField
        var c = encoder.container(keyedBy: Field.self)
        let k = configuration
        try c.encode(plugin, forKey: .plugin)
        if !parameters.isEmpty { try c.encode(parameters, forKey: .params) }
        try c.encodeIfPresent(k.triggerDistance, forKey: .triggerDistance)
        try c.encode(k.startOffset, forKey: .startOffset)
        try c.encodeIfPresent(k.holdExtent, forKey: .holdExtent)
        try c.encode(k.triggerPolicy.rawValue, forKey: .policy)
        try c.encodeIfPresent(k.preloadDistance, forKey: .preloadDistance)
        try c.encode(k.resultHoldTime, forKey: .resultHoldTime)
        if hapticsIsChosen { try c.encode(k.haptics.rawValue, forKey: .haptics) }
        if placementIsChosen { try c.encode(k.placement.rawValue, forKey: .placement) }
        if let floor = k.secondFloor {
            var f = c.nestedContainer(keyedBy: Scenario.SecondFloorField.self, forKey: .secondFloor)
            try f.encode(floor.triggerDistance, forKey: .triggerDistance)
            try f.encodeIfPresent(floor.openExtent, forKey: .openExtent)
            try f.encode(floor.refreshesBelow, forKey: .refreshesBelow)
        }
    }
}

extension Scenario.Step {
    /// The name the file gives this kind of step.
    var kind: Scenario.StepKind {
        switch self {
        case .drag: .drag
        case .hold: .hold
        case .release: .release
        case .fling: .fling
        case .wheel: .wheel
        case .wait: .wait
        case .finish: .finish
        case .begin: .begin
        case .openSecondFloor: .openSecondFloor
        case .closeSecondFloor: .closeSecondFloor
        case .loadMore: .loadMore
        case .setParameter: .setParameter
        case .placeholder: .placeholder
        }
    }
}

/// A drag step with its reach, written as the drag with a `"reach"` field.
private struct ReachingDrag: Encodable {
    var step: Scenario.Step
    var reach: Double

    func encode(to encoder: Encoder) throws {
        guard case .drag(let from, let to, let duration, let easing) = step else { return try step.encode(to: encoder) }
        var outer = encoder.container(keyedBy: Scenario.StepKind.self)
        var c = outer.nestedContainer(keyedBy: Scenario.StepField.self, forKey: .drag)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(reach, forKey: .reach)
        try c.encode(duration, forKey: .duration)
        try c.encode(easing.rawValue, forKey: .easing)
    }
}

extension Scenario.Step: Encodable {
    /// The step as an object with its kind's one key: `{"drag": {"from": …, "to": …}}`.
    public func encode(to encoder: Encoder) throws {
        var outer = encoder.container(keyedBy: Scenario.StepKind.self)
        func body(_ kind: Scenario.StepKind) -> KeyedEncodingContainer<Scenario.StepField> {
            outer.nestedContainer(keyedBy: Scenario.StepField.self, forKey: kind)
        }
        switch self {
        case .drag(let from, let to, let duration, let easing):
            var c = body(.drag)
            try c.encode(from, forKey: .from)
            try c.encode(to, forKey: .to)
            try c.encode(duration, forKey: .duration)
            try c.encode(easing.rawValue, forKey: .easing)
        case .hold(let duration), .wait(let duration):
            var c = body(kind)
            try c.encode(duration, forKey: .duration)
        case .release(let velocity):
            var c = body(.release)
            try c.encodeIfPresent(velocity, forKey: .velocity)
        case .fling(let velocity):
            var c = body(.fling)
            try c.encode(velocity, forKey: .velocity)
        case .wheel(let delta, let count, let interval):
            var c = body(.wheel)
            try c.encode(delta, forKey: .delta)
            try c.encode(count, forKey: .count)
            try c.encode(interval, forKey: .interval)
        case .finish(let edge, let result):
            var c = body(.finish)
            try c.encode(edge.rawValue, forKey: .edge)
            try c.encode(result.rawValue, forKey: .result)
        case .begin(let edge), .openSecondFloor(let edge), .closeSecondFloor(let edge):
            var c = body(kind)
            try c.encode(edge.rawValue, forKey: .edge)
        case .loadMore(let edge, let rows, let last):
            var c = body(.loadMore)
            try c.encode(edge.rawValue, forKey: .edge)
            try c.encode(rows, forKey: .rows)
            try c.encode(last, forKey: .last)
        case .setParameter(let edge, let name, let value):
            var c = body(.setParameter)
            try c.encode(edge.rawValue, forKey: .edge)
            try c.encode(name, forKey: .name)
            try c.encode(value, forKey: .value)
        case .placeholder(let placeholder):
            var c = body(.placeholder)
            switch placeholder {
            case .loading?: try c.encode("loading", forKey: .state)
            case .failed(let message)?:
                try c.encode("failed", forKey: .state)
                try c.encode(message, forKey: .message)
            case .empty?: try c.encode("empty", forKey: .state)
            case nil: try c.encode("none", forKey: .state)
            }
        }
    }
}

extension Scenario {
    /// The scenario as the JSON of a scenario file: keys sorted, indented, slashes as they are.
    public func fileData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
