import CalorinaFiles

/// Finds places in JSON text: where it first breaks the grammar, and where the value at a coding
/// path starts.
///
/// Why: on Linux `JSONDecoder` says only "the given data was not valid JSON", with no offset, and
/// its type errors carry a coding path but no position. A data file that cannot be read must be
/// reported with the line and column of the problem, so after a decode fails this reads the bytes
/// again, slowly and only then. It accepts what `JSONDecoder` accepts (trailing commas included)
/// and refuses what it refuses (numbers out of range, control characters and invalid UTF-8 in text,
/// lone surrogates).
package struct JSONLocator: JSONScanner {
    /// Where and why the text stops being something `JSONDecoder` reads.
    package struct Problem: Error, Equatable {
        /// The byte offset of the problem.
        package var offset: Int
        /// What is wrong, lowercase, no trailing period.
        package var reason: String
    }

    /// Containers deeper than this are refused, as `JSONDecoder` refuses them.
    package static let maximumDepth = 512

    package let bytes: [UInt8]
    private let integerKeys: Set<String>
    package var index = 0

    /// A locator over `bytes`; numbers under a key in `integerKeys` must be whole numbers that fit
    /// an `Int`.
    package init(_ bytes: [UInt8], integerKeys: Set<String> = []) {
        self.bytes = bytes
        self.integerKeys = integerKeys
    }

    /// The first problem in the document, or nil when it reads as one JSON value.
    package static func firstProblem(in bytes: [UInt8], integerKeys: Set<String> = []) -> Problem? {
        var locator = JSONLocator(bytes, integerKeys: integerKeys)
        do {
            locator.skipWhitespace()
            guard locator.index < bytes.count else {
                return Problem(offset: locator.index, reason: "the file is empty")
            }
            try locator.value(depth: 0, key: nil)
            locator.skipWhitespace()
            guard locator.index >= bytes.count else {
                return Problem(
                    offset: locator.index,
                    reason: "unexpected \(locator.describeCurrent()) after the end of the data")
            }
            return nil
        } catch {
            return error
        }
    }

    /// The byte offset where the value at `path` starts, or where the deepest part of the path
    /// that exists starts (the object a missing key belongs in, say).
    package static func offset(of path: [any CodingKey], in bytes: [UInt8]) -> Int {
        var locator = JSONLocator(bytes)
        locator.skipWhitespace()
        var found = locator.index
        for key in path {
            guard locator.index < bytes.count else { return found }
            switch bytes[locator.index] {
            case UInt8(ascii: "["):
                guard let wanted = key.intValue, locator.skipToElement(wanted) else { return found }
            case UInt8(ascii: "{"):
                guard locator.skipToMember(key.stringValue) else { return found }
            default:
                return found
            }
            found = locator.index
        }
        return found
    }

    /// Where the name of the member at `path` starts: its opening quote. Falls back to where its
    /// value starts (see `offset(of:in:)`).
    package static func offsetOfName(of path: [any CodingKey], in bytes: [UInt8]) -> Int {
        let value = offset(of: path, in: bytes)
        func isBlank(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0A, 0x0D].contains(byte) }
        var index = value - 1
        while index >= 0, isBlank(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: ":") else { return value }
        index -= 1
        while index >= 0, isBlank(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: "\"") else { return value }
        index -= 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "\""), index == 0 || bytes[index - 1] != UInt8(ascii: "\\") {
                return index
            }
            index -= 1
        }
        return value
    }

    /// The 1-based line and column of a byte offset; the column counts Unicode scalars.
    package static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    // MARK: Walking to a path

    /// From the `[` at `index`, moves to the start of element `wanted`; false if there is none.
    private mutating func skipToElement(_ wanted: Int) -> Bool {
        index += 1
        skipWhitespace()
        for _ in 0..<max(0, wanted) {
            guard (try? value(depth: 1, key: nil)) != nil else { return false }
            skipWhitespace()
            guard eat(UInt8(ascii: ",")) else { return false }
            skipWhitespace()
        }
        return index < bytes.count && bytes[index] != UInt8(ascii: "]")
    }

    /// From the `{` at `index`, moves to the start of the value of member `wanted`; false if there
    /// is none.
    private mutating func skipToMember(_ wanted: String) -> Bool {
        index += 1
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""),
                let key = try? string()
            else { return false }
            skipWhitespace()
            guard eat(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            if key == wanted { return true }
            guard (try? value(depth: 1, key: key)) != nil else { return false }
            skipWhitespace()
            guard eat(UInt8(ascii: ",")) else { return false }
        }
    }

    // MARK: The grammar

    /// JSON's value: object | array | string | number | "true" | "false" | "null"
    private mutating func value(depth: Int, key: String?) throws(Problem) {
        guard index < bytes.count else { throw endOfFile() }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["): try container(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number(key: key)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw Problem(offset: index, reason: "unexpected \(describeCurrent())")
        }
    }

    /// JSON's object, "{" [ string ":" value { "," string ":" value } [ "," ] ] "}", and array,
    /// "[" [ value { "," value } [ "," ] ] "]": one walk from the bracket at `index`, an object's
    /// values each after its name.
    private mutating func container(depth: Int) throws(Problem) {
        guard depth <= Self.maximumDepth else {
            throw Problem(offset: index, reason: "objects and lists are nested too deeply")
        }
        let isObject = bytes[index] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        skipWhitespace()
        if eat(close) { return }
        while true {
            var key: String?
            if isObject {
                guard index < bytes.count else { throw endOfFile() }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    throw Problem(offset: index, reason: "expected a name in double quotes, found \(describeCurrent())")
                }
                let name = try string()
                skipWhitespace()
                guard eat(UInt8(ascii: ":")) else { throw expected("':' after '\(name)'") }
                skipWhitespace()
                key = name
            }
            try value(depth: depth, key: key)
            skipWhitespace()
            if eat(close) { return }
            guard eat(UInt8(ascii: ",")) else { throw expected(isObject ? "',' or '}'" : "',' or ']'") }
            skipWhitespace()
            if eat(close) { return }
        }
    }

    /// A string, read by `JSONScanner.scanString`; its problems said with their offsets.
    private mutating func string() throws(Problem) -> String {
        do {
            return try scanString()
        } catch {
            switch error {
            case .endOfText: throw Problem(offset: index, reason: "unexpected end of file in text")
            case .controlCharacter:
                throw Problem(offset: index, reason: "a control character in text; write it as an escape such as \\n")
            case .notUTF8: throw notUTF8()
            case .escape(.endOfText, _): throw endOfFile()
            case .escape(.notAnEscape, let start):
                throw Problem(offset: start, reason: "'\\' followed by \(describeByte(bytes[index])) is not an escape")
            case .escape(.needsHexDigits, let start):
                throw Problem(offset: start, reason: "a \\u escape needs four hex digits")
            case .escape(.loneSurrogate, let start): throw Problem(offset: start, reason: "a lone surrogate \\u escape")
            case .escape(.invalidScalar, let start): throw Problem(offset: start, reason: "an invalid \\u escape")
            }
        }
    }

    /// JSON's number: [ "-" ] ( "0" | digit1-9 { digit } ) [ "." digit { digit } ]
    ///          [ ( "e" | "E" ) [ "+" | "-" ] digit { digit } ]
    /// and within what a `Double` holds, or an `Int` under one of `integerKeys`.
    private mutating func number(key: String?) throws(Problem) {
        let start = index
        guard let scanned = scanNumber() else { throw invalidNumber(start) }
        let isWhole = scanned.isWhole
        let mantissaEnd = scanned.mantissaEnd
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        let hasNonZeroDigit = bytes[start..<mantissaEnd].contains {
            (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0)
        }
        guard let double = Double(literal), double.isFinite, double != 0 || !hasNonZeroDigit else {
            throw Problem(offset: start, reason: "the number \(literal) is out of range")
        }
        if let key, integerKeys.contains(key) {
            let fits: Bool =
                if isWhole { Int(literal) != nil } else {
                    double.rounded() == double && double >= -9.223_372_036_854_775_808e18
                        && double < 9.223_372_036_854_775_808e18
                }
            guard fits else {
                throw Problem(
                    offset: start, reason: "'\(key)' should be a whole number, not \(literal)")
            }
        }
    }

    private mutating func literal(_ word: String) throws(Problem) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count,
            bytes[index..<index + expected.count].elementsEqual(expected)
        else {
            throw Problem(
                offset: index, reason: "unexpected \(describeCurrent()); expected a value")
        }
        index += expected.count
    }

    // MARK: Problems

    private func endOfFile() -> Problem {
        Problem(offset: bytes.count, reason: "unexpected end of file")
    }

    private func expected(_ what: String) -> Problem {
        guard index < bytes.count else { return endOfFile() }
        return Problem(offset: index, reason: "expected \(what), found \(describeCurrent())")
    }

    private func invalidNumber(_ start: Int) -> Problem {
        Problem(offset: start, reason: "an invalid number")
    }

    private func notUTF8() -> Problem {
        Problem(offset: index, reason: "bytes that are not UTF-8 text")
    }

    private func describeCurrent() -> String {
        index < bytes.count ? describeByte(bytes[index]) : "end of file"
    }

    private func describeByte(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte)
            ? "'\(Character(Unicode.Scalar(byte)))'"
            : "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }
}
