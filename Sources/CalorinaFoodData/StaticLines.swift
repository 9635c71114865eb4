#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines of text compiled into the program, each found without reading the ones before it.
///
/// The module CalorinaFoodData: the generated food table (FoodTableData.swift) in this form, read
/// by CalorinaFoods; the accessors are inlinable, as they were inside one module.
///
/// tools/build-foods.py writes the lines joined by newlines and, beside them, where each line
/// starts (and where one more would), as base-64 numbers of one fixed width (`StaticLines.digit`). Nothing is copied or parsed
/// at start-up: the bytes stay in the binary's read-only data until a line is asked for.
package struct StaticLines: Sendable {
    /// The lines, joined by newlines.
    package let text: StaticString
    /// Where each line starts, `width` base-64 digits each, and one more start past the last line.
    package let starts: StaticString
    /// The digits of each start.
    package let width: Int

    /// How many lines there are.
    @inlinable package var count: Int { starts.utf8CodeUnitCount / width - 1 }

    /// The bytes of line `index`, without its newline.
    @inlinable package func line(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = start(index)
        let end = self.start(index + 1) - 1
        return UnsafeBufferPointer(start: text.utf8Start + start, count: max(0, end - start))
    }

    /// Line `index` as a string.
    @inlinable package func string(_ index: Int) -> String {
        String(decoding: line(index), as: UTF8.self)
    }

    @inlinable package func start(_ index: Int) -> Int {
        let digits = starts.utf8Start + index * width
        var value = 0
        for offset in 0..<width { value = value &<< 6 | Int(digits[offset] &- StaticLines.zeroDigit) }
        return value
    }

    /// The byte of the digit 0 of the table's base-64 numbers (tools/build-foods.py, `compact`):
    /// "?" to "~" are 0 to 63, most significant first, so "x>" is 3683. No separator, quote or
    /// "#" is a digit.
    @inlinable package static var zeroDigit: UInt8 { 63 }

    /// True for a byte that is a digit of a base-64 number.
    @inlinable package static func isDigit(_ byte: UInt8) -> Bool { byte >= zeroDigit }

    /// The index of the line equal to `bytes`, when the lines are sorted by their bytes.
    @inlinable package func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        index(of: bytes) { $0 }
    }

    /// The index of the line whose first field (the bytes before its first tab, or the whole
    /// line) is `key`, when the lines are sorted by their bytes and no two share a first field.
    @inlinable package func index(ofKey key: String) -> Int? {
        var key = key
        return key.withUTF8 { key in
            index(of: key) { line in UnsafeBufferPointer(rebasing: line[..<(line.firstIndex(of: 9) ?? line.endIndex)]) }
        }
    }

    /// The index of the line whose `part` is `bytes`, by a binary search: the lines sorted so
    /// that their parts are in byte order, no two parts the same.
    @inlinable func index(
        of bytes: UnsafeBufferPointer<UInt8>, part: (UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            switch StaticLines.compare(part(line(middle)), bytes) {
            case 0: return middle
            case ..<0: low = middle + 1
            default: high = middle
            }
        }
        return nil
    }

    /// The index of the line equal to `text`, when the lines are sorted by their bytes.
    @inlinable package func index(of text: String) -> Int? {
        var text = text
        return text.withUTF8 { index(of: $0) }
    }

    /// Negative, zero or positive as `a` sorts before, with or after `b`, byte by byte.
    @inlinable package static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = min(a.count, b.count)
        if shared > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, shared)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }
}
