import CalorinaFiles
import CalorinaModel
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MonthCodec {
    // MARK: Writing

    struct Writer {
        var out: [UInt8] = []
        /// True for a log's line: no line breaks or indents, no spaces around the colons.
        var compact = false

        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        mutating func raw(_ text: String) {
            out.append(contentsOf: text.utf8)
        }

        /// The members of an entry, sorted by name as `.sortedKeys` sorts them (the file was
        /// checked with `isEncodable` first: every number is finite).
        mutating func entry(_ entry: Entry) {
            var first = true
            func name(_ key: StaticString) {
                if compact {
                    raw(first ? "\"" : ",\"")
                } else {
                    raw(first ? "\n      \"" : ",\n      \"")
                }
                first = false
                raw(key)
                raw(compact ? "\":" : "\" : ")
            }
            func number(_ key: StaticString, _ value: Double?) {
                guard let value else { return }
                name(key)
                self.number(value)
            }
            func text(_ key: StaticString, _ value: String) {
                name(key)
                string(value)
            }
            // As `JSONEncoder` writes an array of strings inside an entry: one a line, indented
            // past the entry's members; an empty one as `[` and `]` with a blank line between.
            func texts(_ key: StaticString, _ values: [String]?) {
                guard let values else { return }
                name(key)
                raw("[")
                for (index, value) in values.enumerated() {
                    if compact {
                        if index > 0 { raw(",") }
                    } else {
                        raw(index == 0 ? "\n        " : ",\n        ")
                    }
                    string(value)
                }
                if !compact { raw(values.isEmpty ? "\n\n      " : "\n      ") }
                raw("]")
            }
            if let base = entry.base { text("base", base) }
            number("carbs", entry.carbs)
            if let clock = entry.clock { text("clock", clock) }
            if let code = entry.code {
                name("code")
                integer(code)
            }
            text("date", entry.date)
            number("fat", entry.fat)
            number("fiber", entry.fiber)
            text("food", entry.food)
            number("grams", entry.grams)
            text("id", entry.id)
            number("kcal", entry.kcal)
            if let kind = entry.kind { text("kind", kind.rawValue) }
            texts("matched", entry.matched)
            text("meal", entry.meal.rawValue)
            text("portion", entry.portion)
            number("protein", entry.protein)
            number("quantity", entry.quantity)
            if entry.removed == true {
                name("removed")
                integer(1)
            }
            number("saturatedFat", entry.saturatedFat)
            texts("skipped", entry.skipped)
            texts("skippedRoles", entry.skippedRoles)
            number("sodium", entry.sodium)
            number("sugars", entry.sugars)
            text("text", entry.text)
            text("time", entry.time)
            text("unit", entry.unit)
        }

        /// A `Double` as `JSONEncoder` writes it: its shortest form, without a trailing `.0`.
        mutating func number(_ value: Double) {
            if value.rounded() == value, abs(value) < 1e15 {
                integer(Int(value))
                return
            }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            raw(text)
        }

        /// A whole number's digits, without making a string of them.
        mutating func integer(_ value: Int) {
            guard value != 0 else {
                out.append(UInt8(ascii: "0"))
                return
            }
            if value < 0 { out.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            let start = out.count
            while magnitude > 0 {
                out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            }
            out[start...].reverse()
        }

        /// Text in double quotes, escaped as `JSONEncoder` escapes it (slashes left alone).
        mutating func string(_ value: String) {
            JSONString.append(value, to: &out, escaping: .likeJSONEncoder)
        }
    }
}
