import CalorinaFiles
import CalorinaModel
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension MonthCodec {
    // MARK: Reading

    struct Reader: JSONScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// A month file: "{" member { "," member } [ "," ] "}" with "version", "month" and "entries".
        mutating func monthFile() throws(Failure) -> MonthFile {
            var version: Int?
            var month: String?
            var entries: [Entry]?
            var log: Int?
            try members { (key, reader) throws(Failure) in
                switch try key.text() {
                case "version": version = try reader.integer()
                case "month": month = try reader.string()
                case "entries": entries = try reader.entries()
                case "log": log = try reader.integer()
                case "checksum":
                    _ = try reader.string()
                    reader.sawChecksum = true
                case let other: throw .unknownField(path: other, offset: reader.keyOffset)
                }
            }
            guard let version, let month, let entries else { throw .unreadable }
            var file = MonthFile(month: month, entries: entries, log: log)
            file.version = version
            return file
        }

        /// True once a month file's `"checksum"` member was read.
        var sawChecksum = false

        /// The offset of the member name being read, for `unknownField`.
        private(set) var keyOffset = 0

        /// Reads an object, calling `member` with each name and the reader at its value.
        mutating func members(_ member: (Name, inout Reader) throws(Failure) -> Void) throws(Failure) {
            skipWhitespace()
            try expect(UInt8(ascii: "{"))
            skipWhitespace()
            if eat(UInt8(ascii: "}")) { return }
            while true {
                keyOffset = index
                let key = try name()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                try member(key, &self)
                skipWhitespace()
                if eat(UInt8(ascii: "}")) { return }
                try expect(UInt8(ascii: ","))
                skipWhitespace()
                if eat(UInt8(ascii: "}")) { return }
            }
        }

        /// When set, `entries()` decodes only the entries of this day (`YYYY-MM-DD`'s bytes).
        var onlyDay: [UInt8]? = nil

        mutating func entries() throws(Failure) -> [Entry] {
            try expect(UInt8(ascii: "["))
            var list: [Entry] = []
            var position = 0
            skipWhitespace()
            if eat(UInt8(ascii: "]")) { return list }
            while true {
                if let day = onlyDay {
                    let start = index
                    try skipObject()
                    if date(from: start, to: index) == day[...] {
                        let end = index
                        index = start
                        list.append(try entry(at: position))
                        guard index == end else { throw .unreadable }
                    }
                } else {
                    list.append(try entry(at: position))
                }
                position += 1
                skipWhitespace()
                if eat(UInt8(ascii: "]")) { return list }
                try expect(UInt8(ascii: ","))
                skipWhitespace()
                if eat(UInt8(ascii: "]")) { return list }
            }
        }

        mutating func entry(at position: Int) throws(Failure) -> Entry {
            var id: String?
            var date: String?
            var time: String?
            var meal: Meal?
            var food: String?
            var code: Int?
            var quantity: Double?
            var unit: String?
            var portion: String?
            var grams: Double?
            var kcal: Double?
            var nutrients = Nutrients()
            var text: String?
            var kind: EntryKind?
            var matched: [String]?
            var skipped: [String]?
            var skippedRoles: [String]?
            var clock: String?
            var base: String?
            var removed: Bool?
            try members { (key, reader) throws(Failure) in
                guard let field = try EntryField(key) else {
                    throw .unknownField(path: "entries[\(position)].\(try key.text())", offset: reader.keyOffset)
                }
                switch field {
                case .id: id = try reader.string()
                case .date: date = try reader.string()
                case .time: time = try reader.string()
                case .meal:
                    let name = try reader.name()
                    meal =
                        name.isExactly("breakfast")
                        ? .breakfast
                        : name.isExactly("lunch")
                            ? .lunch : name.isExactly("dinner") ? .dinner : name.isExactly("snack") ? .snack : nil
                    if meal == nil { throw .unreadable }
                case .food: food = try reader.string()
                case .code: code = try reader.orNull { (reader) throws(Failure) in try reader.integer() }
                case .quantity: quantity = try reader.number()
                case .unit: unit = try reader.string()
                case .portion: portion = try reader.string()
                case .grams: grams = try reader.orNull { (reader) throws(Failure) in try reader.number() }
                case .kcal: kcal = try reader.number()
                case .nutrient(let nutrient):
                    nutrients[nutrient] = try reader.orNull { (reader) throws(Failure) in try reader.number() }
                case .text: text = try reader.string()
                case .kind:
                    kind = try reader.orNull { (reader) throws(Failure) in
                        guard let value = EntryKind(rawValue: try reader.string()) else { throw .unreadable }
                        return value
                    }
                case .matched: matched = try reader.orNull { (reader) throws(Failure) in try reader.strings() }
                case .skipped: skipped = try reader.orNull { (reader) throws(Failure) in try reader.strings() }
                case .skippedRoles:
                    skippedRoles = try reader.orNull { (reader) throws(Failure) in try reader.strings() }
                case .clock: clock = try reader.orNull { (reader) throws(Failure) in try reader.string() }
                case .base: base = try reader.orNull { (reader) throws(Failure) in try reader.string() }
                case .removed: removed = try reader.integer() == 1 ? true : nil
                }
            }
            guard let id, let date, let time, let meal, let food, let quantity, let unit, let portion,
                let kcal, let text
            else { throw .unreadable }
            var entry = Entry(
                id: id, date: date, time: time, meal: meal, food: food, code: code, quantity: quantity,
                unit: unit, portion: portion, grams: grams, kcal: kcal, text: text, kind: kind,
                nutrients: nutrients)
            entry.matched = matched
            entry.skipped = skipped
            entry.skippedRoles = skippedRoles
            entry.clock = clock
            entry.base = base
            entry.removed = removed
            return entry
        }

        /// A member's name as it is in the file, between its quotes.
        struct Name {
            let raw: UnsafeBufferPointer<UInt8>
            let hasEscape: Bool
            let isASCII: Bool

            /// The name as text.
            func text() throws(Failure) -> String {
                if hasEscape { return try Reader(raw).unescaped(raw) }
                if isASCII { return String(decoding: raw, as: UTF8.self) }
                guard let text = String(validating: raw, as: UTF8.self) else { throw .unreadable }
                return text
            }

            /// True when the name is `expected`, compared byte by byte.
            func isExactly(_ expected: StaticString) -> Bool {
                guard raw.count == expected.utf8CodeUnitCount, let base = raw.baseAddress else { return false }
                return memcmp(base, expected.utf8Start, raw.count) == 0
            }
        }

        /// A string, kept as the bytes between its quotes (for a member's name, or until its text
        /// is asked for); control characters are refused here, the rest when it becomes text.
        mutating func name() throws(Failure) -> Name {
            try expect(UInt8(ascii: "\""))
            let start = index
            var hasEscape = false
            var isASCII = true
            while true {
                guard index < bytes.count else { throw .unreadable }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    hasEscape = true
                    index += 2
                    continue
                }
                if byte < 0x20 { throw .unreadable }
                if byte >= 0x80 { isASCII = false }
                index += 1
            }
            guard index < bytes.count else { throw .unreadable }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            return Name(raw: raw, hasEscape: hasEscape, isASCII: isASCII)
        }

        /// Steps over the object at `index`: "{" … the "}" that closes it, past strings and the
        /// arrays and objects inside.
        mutating func skipObject() throws(Failure) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { throw .unreadable }
            // An entry of a month file as Calorina writes it (pretty-printed) ends at the first
            // line that is "    }": a string holds no newline (it is escaped), and what an
            // entry holds inside it is indented further. Found a line at a time by `memchr`.
            if let base = bytes.baseAddress, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
                let close: [UInt8] = Array("\n    }".utf8)
                var at = index + 1
                while at + close.count <= bytes.count,
                    let newline = memchr(base + at, 0x0A, bytes.count - at)
                {
                    at = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                    if at + close.count <= bytes.count, bytes[at + 4] == UInt8(ascii: " "),
                        bytes[at + 5] == UInt8(ascii: "}"), bytes[at + 1] == UInt8(ascii: " "),
                        bytes[at + 2] == UInt8(ascii: " "), bytes[at + 3] == UInt8(ascii: " ")
                    {
                        index = at + close.count
                        return
                    }
                    at += 1
                }
            }
            var depth = 0
            var inString = false
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return }
                default: break
                }
            }
            throw .unreadable
        }

        /// The value of the `"date"` member of the entry object in `bytes[start..<end]`, as bytes;
        /// nil when it has none. A quote inside a string is escaped, so `"date"` followed by a
        /// colon is the member's name, never text.
        func date(from start: Int, to end: Int) -> ArraySlice<UInt8>? {
            let name: [UInt8] = Array("\"date\"".utf8)
            var at = start
            while at + name.count < end {
                guard bytes[at] == UInt8(ascii: "\""), bytes[at + 1] == UInt8(ascii: "d"),
                    (0..<name.count).allSatisfy({ bytes[at + $0] == name[$0] })
                else {
                    at += 1
                    continue
                }
                var value = at + name.count
                while value < end, bytes[value] == 0x20 || bytes[value] == 0x0A || bytes[value] == 0x09 { value += 1 }
                guard value < end, bytes[value] == UInt8(ascii: ":") else {
                    at += 1
                    continue
                }
                value += 1
                while value < end, bytes[value] == 0x20 || bytes[value] == 0x0A || bytes[value] == 0x09 { value += 1 }
                guard value < end, bytes[value] == UInt8(ascii: "\"") else { return nil }
                let from = value + 1
                var to = from
                while to < end, bytes[to] != UInt8(ascii: "\"") { to += 1 }
                return ArraySlice(UnsafeBufferPointer(rebasing: bytes[from..<to]))
            }
            return nil
        }

        /// The members of an entry: its fields, and a member for each nutrient, named by its `key`.
        enum EntryField: Equatable {
            case id, date, time, meal, food, code, quantity, unit, portion, grams, kcal, text
            case kind
            case matched, skipped, skippedRoles
            case clock, base, removed
            case nutrient(Nutrient)

            /// The fields but the nutrients, by name.
            static let fields: [(name: StaticString, field: EntryField)] = [
                ("id", .id), ("date", .date), ("time", .time), ("meal", .meal), ("food", .food), ("code", .code),
                ("quantity", .quantity), ("unit", .unit), ("portion", .portion), ("grams", .grams), ("kcal", .kcal),
                ("text", .text), ("kind", .kind), ("matched", .matched), ("skipped", .skipped),
                ("skippedRoles", .skippedRoles), ("clock", .clock), ("base", .base), ("removed", .removed),
            ]

            /// Each nutrient's key as bytes, by the nutrient's raw value.
            static let nutrientKeys: [[UInt8]] = Nutrient.all.map { Array($0.key.utf8) }

            /// The field a name stands for; nil for a name no entry has. A field is picked by
            /// length and a letter or two, then compared whole (a month has a dozen names per
            /// entry); any other name is looked for among the nutrients' keys.
            init?(_ name: Name) throws(Failure) {
                guard !name.hasEscape else {
                    self.init(text: try name.text())
                    return
                }
                let raw = name.raw
                guard raw.count >= 2 else { return nil }
                let candidate: (EntryField, StaticString)
                switch (raw.count, raw[0], raw[1]) {
                case (2, UInt8(ascii: "i"), _): candidate = (.id, "id")
                case (4, UInt8(ascii: "b"), _): candidate = (.base, "base")
                case (4, UInt8(ascii: "d"), _): candidate = (.date, "date")
                case (4, UInt8(ascii: "t"), UInt8(ascii: "i")): candidate = (.time, "time")
                case (4, UInt8(ascii: "t"), _): candidate = (.text, "text")
                case (4, UInt8(ascii: "m"), _): candidate = (.meal, "meal")
                case (4, UInt8(ascii: "f"), _): candidate = (.food, "food")
                case (4, UInt8(ascii: "c"), _): candidate = (.code, "code")
                case (4, UInt8(ascii: "u"), _): candidate = (.unit, "unit")
                case (4, UInt8(ascii: "k"), UInt8(ascii: "c")): candidate = (.kcal, "kcal")
                case (4, UInt8(ascii: "k"), _): candidate = (.kind, "kind")
                case (5, UInt8(ascii: "g"), _): candidate = (.grams, "grams")
                case (5, UInt8(ascii: "c"), UInt8(ascii: "l")): candidate = (.clock, "clock")
                case (12, UInt8(ascii: "s"), UInt8(ascii: "k")): candidate = (.skippedRoles, "skippedRoles")
                case (7, UInt8(ascii: "m"), _): candidate = (.matched, "matched")
                case (7, UInt8(ascii: "r"), _): candidate = (.removed, "removed")
                case (7, UInt8(ascii: "s"), _): candidate = (.skipped, "skipped")
                case (7, UInt8(ascii: "p"), UInt8(ascii: "o")): candidate = (.portion, "portion")
                case (8, UInt8(ascii: "q"), _): candidate = (.quantity, "quantity")
                default:
                    guard let nutrient = Self.nutrient(named: raw) else { return nil }
                    self = .nutrient(nutrient)
                    return
                }
                if name.isExactly(candidate.1) {
                    self = candidate.0
                } else if let nutrient = Self.nutrient(named: raw) {
                    self = .nutrient(nutrient)
                } else {
                    return nil
                }
            }

            /// The field named `text` (a name that held escapes).
            init?(text: String) {
                if let (_, field) = Self.fields.first(where: { $0.name.description == text }) {
                    self = field
                } else if let nutrient = Nutrient(key: text) {
                    self = .nutrient(nutrient)
                } else {
                    return nil
                }
            }

            /// The nutrient whose key is `raw`.
            static func nutrient(named raw: UnsafeBufferPointer<UInt8>) -> Nutrient? {
                search: for (index, key) in nutrientKeys.enumerated() where key.count == raw.count {
                    for offset in 0..<raw.count where key[offset] != raw[offset] { continue search }
                    return Nutrient(rawValue: index)
                }
                return nil
            }
        }

        /// nil for `null`, else what `read` reads.
        mutating func orNull<T>(_ read: (inout Reader) throws(Failure) -> T) throws(Failure) -> T? {
            if index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n") {
                guard bytes[index + 1] == UInt8(ascii: "u"), bytes[index + 2] == UInt8(ascii: "l"),
                    bytes[index + 3] == UInt8(ascii: "l")
                else { throw .unreadable }
                index += 4
                return nil
            }
            return try read(&self)
        }

        /// JSON's string: '"' { character | escape } '"', in valid UTF-8 with no control characters.
        mutating func string() throws(Failure) -> String {
            try name().text()
        }

        /// An array of strings: "[" [ string { "," string } [ "," ] ] "]".
        mutating func strings() throws(Failure) -> [String] {
            try expect(UInt8(ascii: "["))
            var list: [String] = []
            skipWhitespace()
            if eat(UInt8(ascii: "]")) { return list }
            while true {
                list.append(try string())
                skipWhitespace()
                if eat(UInt8(ascii: "]")) { return list }
                try expect(UInt8(ascii: ","))
                skipWhitespace()
                if eat(UInt8(ascii: "]")) { return list }
            }
        }

        /// The text of string contents that hold escapes.
        func unescaped(_ raw: UnsafeBufferPointer<UInt8>) throws(Failure) -> String {
            var out: [UInt8] = []
            out.reserveCapacity(raw.count)
            var contents = JSONStringContents(bytes: raw)
            while contents.index < raw.count {
                let byte = raw[contents.index]
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    contents.index += 1
                    continue
                }
                do {
                    try contents.readEscape(into: &out)
                } catch {
                    throw .unreadable
                }
            }
            guard let text = String(validating: out, as: UTF8.self) else { throw .unreadable }
            return text
        }

        /// number, within what a `Double` holds.
        mutating func number() throws(Failure) -> Double {
            let (literal, _) = try numberLiteral()
            let value = Self.double(literal)
            guard let value, value.isFinite else { throw .unreadable }
            // A literal with a non-zero digit that reads as 0 underflowed; JSONDecoder refuses it.
            if value == 0, literal.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
                var mantissa = literal[...]
                if let e = mantissa.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
                    mantissa = mantissa[..<e]
                }
                if mantissa.contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
                    throw .unreadable
                }
            }
            return value
        }

        /// A number that is a whole number fitting an `Int`.
        mutating func integer() throws(Failure) -> Int {
            let (literal, isWhole) = try numberLiteral()
            if isWhole {
                guard let value = Int(String(decoding: literal, as: UTF8.self)) else { throw .unreadable }
                return value
            }
            guard let value = Self.double(literal), value.isFinite, value.rounded() == value,
                value >= -9.223_372_036_854_775_808e18, value < 9.223_372_036_854_775_808e18
            else { throw .unreadable }
            return Int(value)
        }

        /// The value of a number literal (already checked against the grammar): most are short
        /// decimals (`ShortDecimal`); anything longer or with an exponent goes through
        /// `Double(String)`.
        private static func double(_ literal: UnsafeBufferPointer<UInt8>) -> Double? {
            ShortDecimal.value(of: literal) ?? Double(String(decoding: literal, as: UTF8.self))
        }

        /// A number literal (see `JSONScanner.scanNumber`) and whether it is a whole number.
        private mutating func numberLiteral() throws(Failure) -> (UnsafeBufferPointer<UInt8>, isWhole: Bool) {
            guard let literal = scanNumber() else { throw .unreadable }
            return (UnsafeBufferPointer(rebasing: bytes[literal.start..<index]), literal.isWhole)
        }

        private mutating func expect(_ byte: UInt8) throws(Failure) {
            guard eat(byte) else { throw .unreadable }
        }
    }
}
