/// A parameter declared once, typed: its name, default, range or options and help in one place,
/// listed in the indicator's ``RefreshIndicator/parameters`` and read without `try`:
///
/// ```swift
/// static let spokes = Parameter.number("spokes", default: 8, range: 8...12, help: "Number of spokes")
/// static let tint = Parameter.color("tint", default: "#737378", help: "Spoke colour")
/// static let parameters = ParameterSpec.list(spokes, tint)
///
/// init(parameters: ParameterValues) {
///     spokes = Int(parameters[Self.spokes])
///     tint = parameters[Self.tint]
/// }
/// ```
///
/// The creation checks the declarations (a default outside its range fails it, naming the
/// parameter) and every read: a handle that is not listed reads as its own default, and the
/// creation fails naming it.
public struct Parameter<Value: Sendable>: DeclaredParameter, Sendable {
    /// The declaration the host sees (name, kind, default, help).
    public let spec: ParameterSpec
    /// What a read returns when the values do not hold it (it is then a misread).
    let fallback: Value
    /// The value of this kind, or nil.
    let extract: @Sendable (ParameterValue) -> Value?

    /// The parameter's name.
    public var name: String { spec.name }

    /// This parameter with `label` as its short name for people (``ParameterSpec/label``):
    /// `Parameter.number("depth", …).labelled("Smoothing")`.
    public func labelled(_ label: String) -> Parameter<Value> {
        Parameter(spec: spec.labelled(label), fallback: fallback, extract: extract)
    }

    /// The kind in words, for a misread's message.
    var kindName: String {
        switch spec.kind {
        case .number: "a number"
        case .color: "a colour"
        case .bool: "a bool"
        case .string, .choice: "a string"
        }
    }
}

extension Parameter where Value == Double {
    /// A number in `range`.
    public static func number(_ name: String, default value: Double, range: ClosedRange<Double>, help: String) -> Parameter<Double> {
        Parameter(spec: .number(name, default: value, range: range, help: help), fallback: value) { if case .number(let v) = $0 { v } else { nil } }
    }
}

extension Parameter where Value == Color {
    /// A colour, given as `#RGB`, `#RRGGBB` or `#RRGGBBAA`; a default that is not a colour fails the
    /// creation, naming the parameter.
    public static func color(_ name: String, default value: String, help: String) -> Parameter<Color> {
        let spec = ParameterSpec.color(name, default: value, help: help)
        let fallback: Color = if case .color(let c) = spec.defaultValue { c } else { .black }
        return Parameter(spec: spec, fallback: fallback) { if case .color(let c) = $0 { c } else { nil } }
    }
}

extension Parameter where Value == Bool {
    /// A switch.
    public static func bool(_ name: String, default value: Bool, help: String) -> Parameter<Bool> {
        Parameter(spec: .bool(name, default: value, help: help), fallback: value) { if case .bool(let b) = $0 { b } else { nil } }
    }
}

extension Parameter where Value == String {
    /// Free text.
    public static func string(_ name: String, default value: String, help: String) -> Parameter<String> {
        Parameter(spec: .string(name, default: value, help: help), fallback: value) { if case .string(let s) = $0 { s } else { nil } }
    }
    /// Text that names a file or folder the plugin reads (an animation, an SVG, a folder of frames):
    /// in its sandbox the plugin may read what the user's value names (``ParameterSpec/namesFile``).
    public static func file(_ name: String, default value: String, help: String) -> Parameter<String> {
        Parameter(spec: .file(name, default: value, help: help), fallback: value) { if case .string(let s) = $0 { s } else { nil } }
    }
    /// One of `options`.
    public static func choice(_ name: String, default value: String, options: [String], help: String) -> Parameter<String> {
        Parameter(spec: .choice(name, default: value, options: options, help: help), fallback: value) { if case .string(let s) = $0 { s } else { nil } }
    }
}

/// Something that declares one parameter: a ``Parameter`` handle, or a plain ``ParameterSpec``.
public protocol DeclaredParameter {
    /// The declaration.
    var spec: ParameterSpec { get }
}

extension ParameterSpec: DeclaredParameter {
    /// Itself.
    public var spec: ParameterSpec { self }

    /// The declarations of `parameters`, in order: what ``RefreshIndicator/parameters`` returns.
    public static func list(_ parameters: any DeclaredParameter...) -> [ParameterSpec] {
        parameters.map(\.spec)
    }
}
