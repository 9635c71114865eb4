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

        mutating func raw(_ bytes: [UInt8]) {
            out.append(contentsOf: bytes)
        }

        /// Every member an entry may have, its fields' and its nutrients', sorted by name as
        /// `.sortedKeys` sorts them.
        static let members: [(name: [UInt8], field: Reader.EntryField)] =
            (Reader.EntryField.fields.map { ($0.name.withUTF8Buffer { Array($0) }, $0.field) }
            + Nutrient.all.map { (Array($0.key.utf8), .nutrient($0)) })
            .sorted { $0.name.lexicographicallyPrecedes($1.name) }

        /// The members of an entry, sorted by name as `.sortedKeys` sorts them (the file was
        /// checked with `isEncodable` first: every number is finite).
        mutating func entry(_ entry: Entry) {
            var first = true
            func name(_ key: [UInt8]) {
                if compact {
                    raw(first ? "\"" : ",\"")
                } else {
                    raw(first ? "\n      \"" : ",\n      \"")
                }
                first = false
                raw(key)
                raw(compact ? "\":" : "\" : ")
            }
            func number(_ key: [UInt8], _ value: Double?) {
                guard let value else { return }
                name(key)
                self.number(value)
            }
            func text(_ key: [UInt8], _ value: String) {
                name(key)
                string(value)
            }
            // As `JSONEncoder` writes an array of strings inside an entry: one a line, indented
            // past the entry's members; an empty one as `[` and `]` with a blank line between.
            func texts(_ key: [UInt8], _ values: [String]?) {
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
            for member in Self.members {
                switch member.field {
                case .base: if let base = entry.base { text(member.name, base) }
                case .clock: if let clock = entry.clock { text(member.name, clock) }
                case .code:
                    if let code = entry.code {
                        name(member.name)
                        integer(code)
                    }
                case .date: text(member.name, entry.date)
                case .food: text(member.name, entry.food)
                case .grams: number(member.name, entry.grams)
                case .id: text(member.name, entry.id)
                case .kcal: number(member.name, entry.kcal)
                case .kind: if let kind = entry.kind { text(member.name, kind.rawValue) }
                case .matched: texts(member.name, entry.matched)
                case .meal: text(member.name, entry.meal.rawValue)
                case .portion: text(member.name, entry.portion)
                case .quantity: number(member.name, entry.quantity)
                case .removed:
                    if entry.removed == true {
                        name(member.name)
                        integer(1)
                    }
                case .skipped: texts(member.name, entry.skipped)
                case .skippedRoles: texts(member.name, entry.skippedRoles)
                case .text: text(member.name, entry.text)
                case .time: text(member.name, entry.time)
                case .unit: text(member.name, entry.unit)
                case .nutrient(let nutrient): number(member.name, entry.nutrients[nutrient])
                }
            }
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
