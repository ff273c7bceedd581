import CCairo
import CPangoCairo
import RefreshContract

/// Font weights, as CSS and Pango number them.
public enum FontWeight: Int, Sendable, CaseIterable {
    case thin = 100, light = 300, regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 900
}

/// Where lines sit in the layout's width.
public enum TextAlignment: Sendable {
    /// At the start of the reading direction: left for left-to-right text, right for right-to-left.
    case leading
    case center
    /// At the end of the reading direction.
    case trailing
}

/// The reading direction of a layout.
public enum TextDirection: Sendable {
    /// From the text itself (its first strong character).
    case natural
    case leftToRight
    case rightToLeft
}

/// Where text that does not fit in the width is cut, with an ellipsis.
public enum TextTruncation: Sendable {
    case none, start, middle, end
}

/// How text looks. Sizes in points.
public struct TextStyle: Equatable, Sendable {
    /// A family or fontconfig alias: `sans-serif`, `serif`, `monospace`, or a name such as `DejaVu Sans`.
    public var fontFamily: String
    /// The font size in points (the em height).
    public var size: Double
    /// The weight.
    public var weight: FontWeight
    /// Line alignment within ``width``.
    public var alignment: TextAlignment
    /// Reading direction.
    public var direction: TextDirection
    /// The width lines wrap (or are truncated) at, in points; nil for one unbounded line per paragraph.
    public var width: Double?
    /// Truncation instead of wrapping when ``width`` is set.
    public var truncation: TextTruncation
    /// With ``width`` and a truncation: wrap up to this many lines and truncate the last one.
    /// Nil: one truncated line per paragraph. (Set it on the value; the initialiser keeps its
    /// signature so that plugins built against it still load.)
    public var maxLines: Int? = nil

    /// A style; 15 pt regular sans-serif, leading-aligned, natural direction by default.
    public init(fontFamily: String = "sans-serif", size: Double = 15, weight: FontWeight = .regular, alignment: TextAlignment = .leading,
                direction: TextDirection = .natural, width: Double? = nil, truncation: TextTruncation = .none) {
        self.fontFamily = fontFamily
        self.size = size
        self.weight = weight
        self.alignment = alignment
        self.direction = direction
        self.width = width
        self.truncation = truncation
    }
}

/// Text shaped for a canvas (Pango: any script, bidirectional text, fallback fonts); measure it,
/// then draw it. Uses the fonts ``Fonts`` pins.
public final class TextLayout {
    let layout: OpaquePointer
    /// The text.
    public let text: String
    /// The style it was laid out with.
    public let style: TextStyle

    init(_ text: String, style: TextStyle, cr: OpaquePointer) {
        Fonts.pin()
        self.text = text
        self.style = style
        layout = pango_cairo_create_layout(cr)
        let context = pango_layout_get_context(layout)
        // No hinting and grey antialiasing: glyph shapes then depend on the fonts alone.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        switch style.direction {
        case .natural:
            pango_layout_set_auto_dir(layout, 1)
        case .leftToRight, .rightToLeft:
            pango_context_set_base_dir(context, style.direction == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
            pango_layout_set_auto_dir(layout, 0)
        }
        pango_layout_context_changed(layout)

        let font = pango_font_description_new()
        pango_font_description_set_family(font, style.fontFamily)
        let size = style.size.isFinite ? min(max(style.size, 0.5), 2000) : 15
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(style.weight.rawValue)))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)

        if let width = style.width, width.isFinite, width > 0 {
            pango_layout_set_width(layout, Int32(min(width, 100_000) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            let mode: PangoEllipsizeMode = switch style.truncation {
            case .none: PANGO_ELLIPSIZE_NONE
            case .start: PANGO_ELLIPSIZE_START
            case .middle: PANGO_ELLIPSIZE_MIDDLE
            case .end: PANGO_ELLIPSIZE_END
            }
            pango_layout_set_ellipsize(layout, mode)
            if let lines = style.maxLines {
                pango_layout_set_height(layout, -Int32(min(max(lines, 1), 10_000)))  // negative: a number of lines
            }
        }
        // With auto-direction Pango swaps left and right for right-to-left paragraphs itself; with
        // a forced direction it does not, so leading is the right side of right-to-left text.
        let mirrored = style.direction == .rightToLeft
        let alignment: PangoAlignment = switch style.alignment {
        case .leading: mirrored ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT
        case .center: PANGO_ALIGN_CENTER
        case .trailing: mirrored ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(layout, alignment)
        pango_layout_set_text(layout, text, -1)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The laid-out size in points: the wrapping width (when set) by the height of all lines.
    public var size: Size {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let width = style.width.map { max($0, Double(logical.x + logical.width) / Double(PANGO_SCALE)) } ?? Double(logical.width) / Double(PANGO_SCALE)
        return Size(width: width, height: Double(logical.height) / Double(PANGO_SCALE))
    }

    /// The first line's baseline, in points below the layout's top.
    public var baseline: Double { Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE) }

    /// The number of lines after wrapping.
    public var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// Whether the text was shortened with an ellipsis to fit its style's width and lines
    /// (``TextStyle/truncation``): what is drawn is not all of it.
    public var isTruncated: Bool { pango_layout_is_ellipsized(layout) != 0 }

    /// Whether some characters have no glyph in the pinned fonts (they draw as boxes).
    public var hasMissingGlyphs: Bool { pango_layout_get_unknown_glyphs_count(layout) > 0 }
}

extension Canvas {
    /// Lays out `text` for this canvas (measure it through the result before drawing).
    public func makeTextLayout(_ text: String, style: TextStyle = TextStyle()) -> TextLayout {
        TextLayout(text, style: style, cr: cr)
    }

    /// The outlines of `layout`'s glyphs with its top-left corner at `origin`, as polylines (curves
    /// flattened by Cairo to within a tenth of a pixel): the text's shape as line segments, in any
    /// script the fonts cover. Nothing is drawn, and the current path is left empty.
    public func textOutlines(_ layout: TextLayout, at origin: Point) -> [[Point]] {
        withSavedState {
            cairo_new_path(cr)
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_update_layout(cr, layout.layout)
            pango_cairo_layout_path(cr, layout.layout)
            guard let flat = cairo_copy_path_flat(cr) else { return [] }
            defer { cairo_path_destroy(flat); cairo_new_path(cr) }
            var lines: [[Point]] = [], current: [Point] = []
            var i = 0
            let data = flat.pointee.data!
            while i < Int(flat.pointee.num_data) {
                let header = data[i].header
                switch header.type {
                case CAIRO_PATH_MOVE_TO:
                    if current.count > 1 { lines.append(current) }
                    current = [Point(x: data[i + 1].point.x, y: data[i + 1].point.y)]
                case CAIRO_PATH_LINE_TO:
                    current.append(Point(x: data[i + 1].point.x, y: data[i + 1].point.y))
                case CAIRO_PATH_CLOSE_PATH:
                    if let first = current.first { current.append(first) }
                    if current.count > 1 { lines.append(current) }
                    current = []
                default:
                    break
                }
                i += Int(header.length)
            }
            if current.count > 1 { lines.append(current) }
            return lines
        }
    }

    /// Draws `layout` with its top-left corner at `origin`, in `color`.
    public func draw(_ layout: TextLayout, at origin: Point, color: Color) {
        if truncatedTexts != nil, layout.isTruncated { truncatedTexts?.append(layout.text) }
        withSavedState {
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(cr, origin.x, origin.y)
            pango_cairo_update_layout(cr, layout.layout)
            pango_cairo_show_layout(cr, layout.layout)
        }
    }
}
