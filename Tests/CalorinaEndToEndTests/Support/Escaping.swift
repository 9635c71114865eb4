/// Renders text for failure messages: quoted, with control characters escaped.
enum Escaping {
    /// `text` as a Swift string literal (escapes shown), keeping only the last `tail` characters.
    static func quoted(_ text: String, tail: Int = .max) -> String {
        if text.count > tail {
            return "…" + String(text.suffix(tail)).debugDescription
        }
        return text.debugDescription
    }
}
