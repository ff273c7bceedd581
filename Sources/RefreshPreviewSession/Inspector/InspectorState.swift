import RefreshPluginSDK
import RefreshHost

/// What the inspector remembers between events: the colour picker open, the control being
/// dragged, and where the pointer is (a wheel event carries no position).
package struct InspectorState: Sendable {
    /// The colour parameter whose picker is open.
    package var picker: String?
    /// The control a drag started on.
    package var dragging: InspectorLayout.Target?
    /// The pointer's last place, in window points.
    package var hover: Point?
    /// The text parameter being typed into, and its text so far (Enter sets it, Esc leaves it).
    package var editing: (name: String, text: String)?
    /// Whether the field's whole text is selected (as it is when a click opens it, or after
    /// Ctrl+A): what is typed then replaces it, Backspace clears it.
    package var selectsAll = false
    /// Where typing goes in the field's text, in characters; nil at the end.
    package var caret: Int?

    /// The field as shown: its text with the caret (`▏`) where typing goes, or selected whole.
    package var shownEditing: (name: String, text: String, selected: Bool)? {
        guard let editing else { return nil }
        if selectsAll { return (editing.name, editing.text, true) }
        var text = editing.text
        let at = min(caret ?? text.count, text.count)
        text.insert("▏", at: text.index(text.startIndex, offsetBy: at))
        return (editing.name, text, false)
    }

    /// Opens `name`'s field on `text`, all of it selected.
    package mutating func beginEditing(_ name: String, _ text: String) {
        editing = (name, text)
        selectsAll = true
        caret = nil
    }

    /// Types `typed` where the caret is (over the text, when it is all selected).
    package mutating func type(_ typed: String) {
        guard var text = editing?.text else { return }
        if selectsAll {
            text = typed
            caret = nil
        } else {
            let at = min(caret ?? text.count, text.count)
            text.insert(contentsOf: typed, at: text.index(text.startIndex, offsetBy: at))
            if caret != nil { caret = at + typed.count }
        }
        selectsAll = false
        editing?.text = text
    }

    /// Backspace: the selected text, or the character before the caret.
    package mutating func deleteBackward() {
        guard var text = editing?.text else { return }
        if selectsAll {
            text = ""
            caret = nil
        } else {
            let at = min(caret ?? text.count, text.count)
            guard at > 0 else { return }
            text.remove(at: text.index(text.startIndex, offsetBy: at - 1))
            if caret != nil { caret = at - 1 }
        }
        selectsAll = false
        editing?.text = text
    }

    /// Moves the caret `by` characters (a selection ends where it is moved from: left to its start, right to its end).
    package mutating func moveCaret(by offset: Int) {
        guard let text = editing?.text else { return }
        let from = selectsAll ? (offset < 0 ? 0 : text.count) : min(caret ?? text.count, text.count)
        let to = selectsAll ? from : max(0, min(text.count, from + offset))
        caret = to == text.count ? nil : to
        selectsAll = false
    }
}
