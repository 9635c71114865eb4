import CalorinaSupport

/// JSON text read into a `JSONValue` by hand: the devices' documents are read and compared as
/// values, and `JSONDecoder` takes several times as long to give one (a merge of 2,000 own foods
/// spent two thirds of its time there). Says nothing of what is wrong: on nil, a caller that
/// must say where the text breaks asks `JSONDecoder` (see `JSONFile.diagnose`). In this module,
/// beside `JSONScanner`, so that its steps are specialised for its bytes: across modules they
/// were not, and reading 2,000 own foods took two fifths longer.
package struct JSONValueReader: JSONScanner {
    package let bytes: [UInt8]
    package var index = 0

    /// The value of the whole text; nil when it is not one JSON value.
    package static func value(of bytes: [UInt8]) -> JSONValue? {
        var reader = JSONValueReader(bytes: bytes)
        guard let value = reader.readValue(depth: 0) else { return nil }
        reader.skipWhitespace()
        return reader.index == bytes.count ? value : nil
    }

    private mutating func readValue(depth: Int) -> JSONValue? {
        guard depth < 512 else { return nil }
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if eat(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipWhitespace()
                guard let name = readString() else { return nil }
                skipWhitespace()
                guard eat(UInt8(ascii: ":")), let value = readValue(depth: depth + 1) else { return nil }
                members.append((name, value))
                skipWhitespace()
            } while eat(UInt8(ascii: ","))
            return eat(UInt8(ascii: "}")) ? .object(members) : nil
        case UInt8(ascii: "["):
            index += 1
            var values: [JSONValue] = []
            skipWhitespace()
            if eat(UInt8(ascii: "]")) { return .array(values) }
            repeat {
                guard let value = readValue(depth: depth + 1) else { return nil }
                values.append(value)
                skipWhitespace()
            } while eat(UInt8(ascii: ","))
            return eat(UInt8(ascii: "]")) ? .array(values) : nil
        case UInt8(ascii: "\""):
            return readString().map(JSONValue.string)
        case UInt8(ascii: "t"):
            return readWord("true", .bool(true))
        case UInt8(ascii: "f"):
            return readWord("false", .bool(false))
        case UInt8(ascii: "n"):
            return readWord("null", .null)
        default:
            guard let literal = scanNumber(),
                let number = Double(String(decoding: bytes[literal.start..<index], as: UTF8.self)), number.isFinite
            else { return nil }
            return .number(number)
        }
    }

    private mutating func readWord(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return nil }
        let matches = word.withUTF8Buffer { expected in bytes[index..<index + count].elementsEqual(expected) }
        guard matches else { return nil }
        index += count
        return value
    }

    /// A string at `index` (its opening quote), its escapes read; nil when it is none.
    private mutating func readString() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        return try? scanString()
    }
}
