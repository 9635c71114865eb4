import CalorinaJournal
import CalorinaSupport

/// Lists of entries laid out in the columns there are (issue 30: at 80 columns long names
/// wrapped inside a word, and kcal stood wherever the name ended): each name with its portion
/// on the left, cut at a word boundary with "…" when it does not fit, and the kcal right-aligned
/// in a column of their own.
extension Renderer {
    /// The columns a list's number takes, with the two spaces after it (`   1  `).
    static let numberColumns = 6
    /// The fewest columns a name is cut to before its portion is cut too.
    static let shortestName = 16

    /// How a day's entries share the line: the room for the name and portion, and the width of
    /// the kcal column.
    struct EntryColumns {
        var text: Int
        var amount: Int
    }

    /// The columns for `rows` (each a name with its portion, and its kcal) in `width`.
    func entryColumns(_ rows: [(text: String, amount: String)]) -> EntryColumns {
        let amount = rows.map(\.amount.count).max() ?? 0
        let room = max(Renderer.shortestName + 8, width - Renderer.numberColumns - 2 - amount)
        return EntryColumns(text: min(room, rows.map(\.text.count).max() ?? 0), amount: amount)
    }

    /// A name and its portion padded to `columns.text`, then the amount right-aligned.
    func entryRow(name: String, portion: String, amount: String, _ columns: EntryColumns) -> String {
        let text = Renderer.fitted(name: name, detail: portion, room: columns.text)
        return Renderer.left(text, columns.text) + "  " + Renderer.right(amount, columns.amount)
    }

    /// `name · detail` in `room` characters: whole when it fits; else the name cut (the detail
    /// kept whole while the name keeps `shortestName` characters), else the two cut together.
    static func fitted(name: String, detail: String, room: Int) -> String {
        let tail = detail.isEmpty ? "" : " · " + detail
        if name.count + tail.count <= room { return name + tail }
        if room - tail.count >= shortestName { return cut(name, to: room - tail.count) + tail }
        return cut(name + tail, to: room)
    }

    /// Text broken between words into lines of at most `width` characters, every line after
    /// the first indented by `indent` spaces (and so `indent` narrower); a word longer than a
    /// line stands on a line of its own. A number stays with the word after it (`1 piece`), a
    /// `·` or a bracket with the word before it and a bracket's words together (`1 oz (28 g)`),
    /// and words joined by
    /// `Renderer.glue` (a no-break space) stay together.
    static func wrapped(_ text: String, width: Int, indent: Int) -> String {
        let plain = String(text.map { $0 == glue ? " " : $0 })
        guard plain.count > width, width > 20 else { return plain }
        var words: [String] = []
        var gluesNext = false
        var inBrackets = false
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if let last = words.last, gluesNext || inBrackets || word == "·" || word.hasPrefix("(") {
                words[words.count - 1] = last + " " + word
            } else {
                words.append(word)
            }
            gluesNext = !word.isEmpty && word.allSatisfy { "0123456789.,×/½¼¾⅓⅔".contains($0) }
            if word.contains("(") { inBrackets = true }
            if word.contains(")") { inBrackets = false }
        }
        var lines: [String] = []
        var line = ""
        for word in words {
            let room = lines.isEmpty ? width : width - indent
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= room {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return String(
            lines.joined(separator: "\n" + String(repeating: " ", count: indent)).map { $0 == glue ? " " : $0 })
    }

    /// A space `wrapped` never breaks at (U+00A0 NO-BREAK SPACE), turned into a plain one.
    static let glue: Character = "\u{00A0}"

    /// The words of `text` glued together for `wrapped`: `→ lunch on Sat 21 Nov`.
    static func glued(_ text: String) -> String {
        String(text.map { $0 == " " ? glue : $0 })
    }

    /// Text in at most `room` characters: whole, or cut after the last whole word that fits and
    /// ended with "…"; a word that would leave less than half the room is cut inside instead.
    static func cut(_ text: String, to room: Int) -> String {
        guard text.count > room else { return text }
        guard room > 1 else { return room == 1 ? "…" : "" }
        let characters = Array(text)
        var end = room - 1
        if characters[end] != " " {
            // Back to the space before the word the cut would fall in.
            var space = end - 1
            while space > 0, characters[space] != " " { space -= 1 }
            if space >= room / 2 { end = space }
        }
        var kept = characters[..<end]
        while let last = kept.last, " ,;:·(-–".contains(last) { kept.removeLast() }
        return String(kept) + "…"
    }
}
