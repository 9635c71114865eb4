import CalorinaDocuments
import CalorinaFiles
import CalorinaFoodData
import CalorinaLanguage
import CalorinaModel
import CalorinaMonths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the bundled text byte by byte: no `Character` iteration, no Foundation.
enum BundledTableReader {
    typealias Bytes = UnsafeBufferPointer<UInt8>.SubSequence

    /// The fields of a food line (see tools/build-foods.py).
    private enum Field: Int {
        case code = 0, source, kcal, protein, carbs, fat, category, name, synonyms, portions
        /// Then one column each of `Nutrient.others`, in their order.
        case nutrients = 18
    }

    private static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [Bytes] {
        var fields = split(line[...], on: 9)
        while fields.count < Field.nutrients.rawValue + Nutrient.others.count {
            fields.append(line[line.endIndex...])
        }
        return fields
    }

    /// A food from its line.
    static func food(_ line: UnsafeBufferPointer<UInt8>) -> Food {
        let fields = fields(line)
        func field(_ name: Field) -> Bytes { fields[name.rawValue] }
        return Food(
            code: integer(field(.code)) ?? 0, name: string(field(.name)), synonymsText: string(field(.synonyms)),
            category: integer(field(.category)) ?? 0, kcalPer100g: decimal(field(.kcal)) ?? 0,
            proteinPer100g: decimal(field(.protein)) ?? 0, carbsPer100g: decimal(field(.carbs)) ?? 0,
            fatPer100g: decimal(field(.fat)) ?? 0,
            nutrientsPer100g: Nutrients { nutrient in
                Nutrient.others.firstIndex(of: nutrient).flatMap { decimal(fields[Field.nutrients.rawValue + $0]) }
            },
            portionsText: portionsText(field(.portions)))
    }

    /// A food's portions as `Food` keeps them, "description@grams" joined by "|", from the line's
    /// "description-id@grams": the table writes each description once, in
    /// `bundledPortionDescriptions`, whose line number is its id (0.4 MB less in the binary).
    static func portionsText(_ field: Bytes) -> String {
        var text = ""
        for (number, item) in split(field, on: UInt8(ascii: "|")).enumerated() {
            guard let at = item.firstIndex(of: UInt8(ascii: "@")), let id = integer(item[..<at]),
                id < bundledPortionDescriptions.count
            else { continue }
            if number > 0 { text += "|" }
            text += bundledPortionDescriptions.string(id)
            text += string(item[at...])
        }
        return text
    }

    /// A food's words from its line, in one pass from the head's ids on: no field list, and the
    /// ids go into a buffer on the stack, then into the entry's one array of their exact size.
    static func entry(_ line: UnsafeBufferPointer<UInt8>) -> FoodTable.Entry {
        var reader = LineReader(line: line)
        let code = integer(reader.field()) ?? 0
        for _ in 1..<7 { reader.skipField() }  // source, kcal, protein, carbs, fat, category
        let nameLength = reader.skipField()
        reader.skipField()  // synonyms
        reader.skipField()  // portions
        // Each id takes a digit and a separator, the sets no more ids than head and name, the
        // synonyms' ends no more than their ids (or one each, empty): twice the bytes left (and
        // a few) holds them all.
        let capacity = 2 * (line.count - reader.cursor) + 4
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { buffer in
            var ids = IDWriter(buffer: buffer)
            var ends = FoodTable.Entry.Ends()
            reader.readIDs(into: &ids)
            ends.head = ids.count
            reader.readIDs(into: &ids)
            ends.name = ids.count
            if reader.cursor < line.count && line[reader.cursor] == 9 {
                reader.cursor += 1  // no synonyms
            } else {
                while reader.readIDs(into: &ids, part: true) { ids.endSynonym() }
                ids.endSynonym()
            }
            ends.synonyms = ids.count
            let coreCount = integer(reader.field()) ?? 0
            let genericBonus = Double(integer(reader.field()) ?? 0)
            reader.readIDs(into: &ids)
            ends.nouns = ids.count
            reader.readIDs(into: &ids)
            ends.kinds = ids.count
            reader.readIDs(into: &ids)
            ends.aliases = ids.count
            FoodTable.Entry.appendSortedSet(of: 0..<ends.head, in: buffer, count: &ids.count)
            ends.headSet = ids.count
            FoodTable.Entry.appendSortedSet(of: ends.head..<ends.name, in: buffer, count: &ids.count)
            ends.nameSet = ids.count
            ids.appendSynonymEnds()
            let count = ids.count
            let array = [Int32](unsafeUninitializedCapacity: count) { target, initialized in
                if count > 0, let from = buffer.baseAddress, let to = target.baseAddress {
                    to.update(from: from, count: count)
                }
                initialized = count
            }
            return FoodTable.Entry(
                ids: array, ends: ends, coreCount: coreCount, genericBonus: genericBonus, nameLength: nameLength,
                code: code)
        }
    }

    /// A cursor over a food's line: its state in one value, so the loops keep it in registers.
    private struct LineReader {
        let line: UnsafeBufferPointer<UInt8>
        var cursor = 0

        /// The bytes up to the next tab, and the cursor past it.
        mutating func field() -> Bytes {
            let start = cursor
            while cursor < line.count && line[cursor] != 9 { cursor += 1 }
            let bytes = line[start..<cursor]
            if cursor < line.count { cursor += 1 }
            return bytes
        }

        /// Moves the cursor past the next tab and returns the length of the field it skipped:
        /// the long fields not read (name, synonyms, portions) are skipped by `memchr`.
        @discardableResult
        mutating func skipField() -> Int {
            let start = cursor
            guard cursor < line.count, let base = line.baseAddress else { return 0 }
            guard let tab = memchr(base + cursor, 9, line.count - cursor) else {
                cursor = line.count
                return line.count - start
            }
            let at = base.distance(to: tab.assumingMemoryBound(to: UInt8.self))
            cursor = at + 1
            return at - start
        }

        /// Space-separated ids (base 64: `StaticLines.isDigit`) up to the next tab (or ";" when
        /// `part`); true when a ";" ended them.
        @discardableResult
        mutating func readIDs(into ids: inout IDWriter, part: Bool = false) -> Bool {
            var value: Int32 = 0
            var inNumber = false
            while cursor < line.count {
                let byte = line[cursor]
                if StaticLines.isDigit(byte) {
                    value = value &<< 6 | Int32(byte &- StaticLines.zeroDigit)
                    inNumber = true
                } else {
                    if inNumber { ids.append(value) }
                    value = 0
                    inNumber = false
                    if byte == 9 || (part && byte == UInt8(ascii: ";")) {
                        cursor += 1
                        return byte == UInt8(ascii: ";")
                    }
                }
                cursor += 1
            }
            if inNumber { ids.append(value) }
            return false
        }
    }

    /// An entry's ids as they are read: from the buffer's start, and where each synonym ends
    /// from its far end, until they follow the sets.
    private struct IDWriter {
        let buffer: UnsafeMutableBufferPointer<Int32>
        var count = 0
        var synonymEnds = 0

        mutating func append(_ id: Int32) {
            buffer[count] = id
            count += 1
        }

        mutating func endSynonym() {
            synonymEnds += 1
            buffer[buffer.count - synonymEnds] = Int32(count)
        }

        mutating func appendSynonymEnds() {
            for index in 0..<synonymEnds { append(buffer[buffer.count - 1 - index]) }
        }
    }

    static func categories(_ text: String) -> [Int: String] {
        var categories: [Int: String] = [:]
        var text = text
        text.withUTF8 { bytes in
            forEachLine(bytes) { line in
                let fields = split(line, on: 9)
                guard fields.count == 2, let number = integer(fields[0]) else { return }
                categories[number] = string(fields[1])
            }
        }
        return categories
    }

    /// An everyday name from the fields of one of its lines.
    static func everydayName(alias: Bytes, code: Bytes, portion: Bytes, name: Bytes) -> EverydayName {
        EverydayName(
            alias: string(alias), code: integer(code) ?? 0, portion: portion.isEmpty ? nil : string(portion),
            name: string(name))
    }

    static func completionNames(_ text: String) -> [String] {
        var names: [String] = []
        var text = text
        text.withUTF8 { bytes in
            forEachLine(bytes) { line in names.append(string(line)) }
        }
        // The script sorts them; sort again only if its order is not Swift's.
        if zip(names, names.dropFirst()).contains(where: { $0 >= $1 }) { names = Array(Set(names)).sorted() }
        return names
    }

    // MARK: - Bytes

    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Bytes) -> Void) {
        var start = bytes.startIndex
        var index = start
        let end = bytes.endIndex
        while index < end {
            if bytes[index] == 10 {
                if index > start { body(bytes[start..<index]) }
                start = index + 1
            }
            index += 1
        }
        if start < end { body(bytes[start..<end]) }
    }

    static func split(_ bytes: Bytes, on separator: UInt8) -> [Bytes] {
        var parts: [Bytes] = []
        parts.reserveCapacity(22)
        var start = bytes.startIndex
        var index = start
        let end = bytes.endIndex
        let base = bytes.base
        while index < end {
            if base[index] == separator {
                parts.append(base[start..<index])
                start = index + 1
            }
            index += 1
        }
        parts.append(base[start..<end])
        return parts
    }

    static func string(_ bytes: Bytes) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }

    static func integer(_ bytes: Bytes) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    /// A plain decimal such as `12`, `0.5` or `30.25` (what the script writes), read as
    /// `Double("0.74")` reads it: the digits as one integer over a power of ten, both exact, so the
    /// one division rounds once (adding a tenth, a hundredth … each rounded gave 0.7400000000000001).
    static func decimal(_ bytes: Bytes) -> Double? {
        var digits: UInt64 = 0
        var count = 0
        var scale: UInt64 = 1
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else if byte >= 48 && byte <= 57 && count < 15 {
                digits = digits * 10 + UInt64(byte - 48)
                count += 1
                if seenPoint { scale *= 10 }
            } else {
                return Double(string(bytes))
            }
        }
        return count > 0 ? Double(digits) / Double(scale) : nil
    }

    /// A line of postings: space-separated base-64 numbers (`StaticLines.isDigit`), each food
    /// written as how much more it is than the one before; after `skipping` numbers (a count)
    /// that are not foods. Read in one pass.
    static func positions(_ bytes: UnsafeBufferPointer<UInt8>, skipping: Int = 0) -> [Int32] {
        guard !bytes.isEmpty else { return [] }
        var positions: [Int32] = []
        positions.reserveCapacity(8)
        var skipped = 0
        var last: Int32 = 0
        var value: Int32 = 0
        var inNumber = false
        func end() {
            if skipped < skipping {
                skipped += 1
            } else {
                last &+= value
                positions.append(last)
            }
            value = 0
            inNumber = false
        }
        for byte in bytes {
            if StaticLines.isDigit(byte) {
                value = value &<< 6 | Int32(byte &- StaticLines.zeroDigit)
                inNumber = true
            } else if inNumber {
                end()
            }
        }
        if inNumber { end() }
        return positions
    }

    /// The base-64 number a line starts with: a posting line's count.
    static func leadingNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var value = 0
        for byte in bytes {
            guard StaticLines.isDigit(byte) else { break }
            value = value &<< 6 | Int(byte &- StaticLines.zeroDigit)
        }
        return value
    }
}
