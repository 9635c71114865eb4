import CalorinaSupport

/// Where the elements of a top-level list of a JSON document lie in its bytes, found in one pass
/// without decoding them: for indexes that point into a file (`UserFoodsIndex`), so that one
/// element can be decoded alone. The bytes must be a JSON document that reads (the caller has
/// decoded it); for anything else the answer is nil or meaningless, never a crash.
public enum JSONSpans {
    /// The byte ranges of the elements of the list that is the value of the top-level object's
    /// member `name`, in order; nil when there is no such list.
    public static func elements(ofMember name: String, in bytes: [UInt8]) -> [Range<Int>]? {
        var finder = JSONMemberFinder(member: name)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let start = index + 1
                index = endOfString(bytes, from: start)
                finder.string(bytes[start..<min(index, bytes.count)])
            } else if finder.punctuation(byte) {
                return list(bytes, from: index + 1)
            }
            index += 1
        }
        return nil
    }

    /// The offset of the closing quote of the string whose contents start at `start`.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "\"") { return index }
            index += 1
        }
        return bytes.count
    }

    /// The elements of the list whose first byte after `[` is at `start`.
    private static func list(_ bytes: [UInt8], from start: Int) -> [Range<Int>]? {
        var spans: [Range<Int>] = []
        var index = start
        var depth = 0
        var elementStart: Int?
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        while index < bytes.count {
            let byte = bytes[index]
            if elementStart == nil, depth == 0, !isBlank(byte), byte != UInt8(ascii: ","), byte != UInt8(ascii: "]") {
                elementStart = index
            }
            switch byte {
            case UInt8(ascii: "\""):
                index = endOfString(bytes, from: index + 1)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {
                    // The list's own end.
                    if let from = elementStart { spans.append(from..<trimmedEnd(bytes, from, index)) }
                    return spans
                }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0, let from = elementStart {
                    spans.append(from..<trimmedEnd(bytes, from, index))
                    elementStart = nil
                }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    private static func trimmedEnd(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var end = end
        while end > start, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        return end
    }
}
