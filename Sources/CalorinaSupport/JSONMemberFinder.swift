/// Follows a JSON document's punctuation a byte at a time to find where the list that is the
/// value of a top-level member opens, decoding nothing: `JSONSpans` (bytes in memory) and
/// `BackupStream` (a file read a piece at a time) find their list with it. Strings are handed
/// over whole (`string`), so that a brace or a comma inside one is no punctuation.
package struct JSONMemberFinder {
    /// The member's name, as its key's bytes.
    private let wanted: [UInt8]
    private var depth = 0
    private var expectingKey = false
    /// The key just read at depth 1, while its value is still to come.
    private var keyAtTop: [UInt8]?

    /// A finder of the list that is the value of the top-level member `name`.
    package init(member name: String) {
        wanted = Array(name.utf8)
    }

    /// Takes the contents of a string (between its quotes, escapes as written).
    package mutating func string(_ contents: some Collection<UInt8>) {
        if depth == 1 && expectingKey { keyAtTop = Array(contents) }
        expectingKey = false
    }

    /// Takes a byte outside strings; true when it is the `[` that opens the member's list.
    package mutating func punctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"):
            depth += 1
            expectingKey = true
        case UInt8(ascii: ","):
            expectingKey = depth == 1 || expectingKey
            if depth == 1 { keyAtTop = nil }
        case UInt8(ascii: "["):
            depth += 1
            return depth == 2 && keyAtTop == wanted
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
        default:
            break
        }
        return false
    }
}
