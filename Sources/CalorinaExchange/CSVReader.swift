import CalorinaJournal
import CalorinaSupport

/// Bytes read forward once: a file's, a piece at a time (an import of 100 years never holds
/// its 77 MB: issue 25), or bytes already held whole.
package final class ByteFeed {
    /// How much of a file is read at a time.
    package static let pieceSize = 1 << 20

    private var buffer: [UInt8]
    private var index = 0
    private let file: ReadableFile?
    /// Why reading the file failed, once it has.
    package private(set) var failure: StoreError?

    /// Bytes held whole.
    package init(_ bytes: [UInt8]) {
        buffer = bytes
        file = nil
    }

    /// A file, from its start.
    package init(file: ReadableFile) {
        buffer = []
        self.file = file
        refill()
    }

    /// The byte at the read position; nil at the end (or once reading failed).
    @inline(__always) var current: UInt8? {
        if index < buffer.count { return buffer[index] }
        guard file != nil, refill() else { return nil }
        return buffer[index]
    }

    /// Moves past the current byte.
    @inline(__always) func advance() { index += 1 }

    /// Reads the next piece in place of the bytes read; false at the end.
    @discardableResult
    private func refill() -> Bool {
        guard let file, failure == nil else { return false }
        do {
            buffer = try file.read(count: Self.pieceSize)
        } catch {
            failure = error
            buffer = []
        }
        index = 0
        return !buffer.isEmpty
    }

    /// The bytes of the piece at hand from the read position, without moving: enough to tell a
    /// file's format by its start.
    var lookahead: ArraySlice<UInt8> {
        _ = current
        return buffer[min(index, buffer.count)...]
    }

    /// Moves past a UTF-8 byte order mark, if the bytes start with one.
    func skipByteOrderMark() {
        if ByteOrderMark.starts(lookahead) { index += ByteOrderMark.bytes.count }
    }

    /// Every byte from the read position to the end, read whole (a format that is read whole).
    func rest() -> [UInt8] {
        var bytes = Array(lookahead)
        index = buffer.count
        while refill() {
            bytes += buffer
            index = buffer.count
        }
        return bytes
    }
}

/// RFC 4180 records read one at a time from a file's bytes: quoted fields may hold commas,
/// doubled quotes and line breaks; CRLF, LF or CR ends a record; blank lines are skipped.
///
/// Works on UTF-8 bytes and makes a `String` only of each field, so that a 7.5 MB export costs
/// its rows as they are read, not an array of 7.5 million `Character`s at once (issue 15).
struct CSVReader: RowSource {
    /// One record and the line it starts on.
    struct Row {
        var line: Int
        var fields: [String]
    }

    private let feed: ByteFeed
    private var line = 1

    /// A reader of `bytes`, after a UTF-8 byte order mark if there is one.
    init(_ bytes: [UInt8]) {
        self.init(ByteFeed(bytes))
    }

    /// A reader of the bytes `feed` gives from where it stands, after a byte order mark if there
    /// is one.
    init(_ feed: ByteFeed) {
        self.feed = feed
        feed.skipByteOrderMark()
    }

    /// The next record, or nil at the end.
    ///
    /// - Throws: `Exchange.ReadError` for a quoted field that is never closed, or for a file
    ///   that could not be read to its end.
    mutating func next() throws(Exchange.ReadError) -> Row? {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        while feed.current != nil {
            let rowLine = line
            var fields: [String] = []
            var field: [UInt8] = []
            var inQuotes = false
            var quoted = false
            var ended = false
            while !ended, let byte = feed.current {
                feed.advance()
                if inQuotes {
                    if byte == quote {
                        if feed.current == quote {
                            field.append(quote)
                            feed.advance()
                        } else {
                            inQuotes = false
                        }
                    } else {
                        if byte == lf || (byte == cr && feed.current != lf) { line += 1 }
                        field.append(byte)
                    }
                    continue
                }
                switch byte {
                case quote where field.isEmpty && !quoted:
                    inQuotes = true
                    quoted = true
                case comma:
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                    quoted = false
                case lf, cr:
                    if byte == cr, feed.current == lf { feed.advance() }
                    line += 1
                    ended = true
                default:
                    field.append(byte)
                }
            }
            try checkRead(at: rowLine)
            if inQuotes { throw Exchange.ReadError(line: rowLine, message: "a quoted field is never closed") }
            fields.append(String(decoding: field, as: UTF8.self))
            if fields.count == 1 && fields[0].isEmpty && !quoted { continue }
            return Row(line: rowLine, fields: fields)
        }
        try checkRead(at: line)
        return nil
    }

    /// Throws when the file could not be read to here.
    private func checkRead(at line: Int) throws(Exchange.ReadError) {
        guard let failure = feed.failure else { return }
        throw Exchange.ReadError(line: line, message: "the file could not be read on: \(failure.message)")
    }
}

/// Rows of a table, one at a time: a CSV file's, or those another layout was turned into.
protocol RowSource {
    /// The next row, or nil at the end.
    mutating func next() throws(Exchange.ReadError) -> CSVReader.Row?
}

/// Rows already in memory.
struct RowList: RowSource {
    var rows: [CSVReader.Row]
    private var index = 0

    init(_ rows: [CSVReader.Row]) {
        self.rows = rows
    }

    mutating func next() throws(Exchange.ReadError) -> CSVReader.Row? {
        guard index < rows.count else { return nil }
        index += 1
        return rows[index - 1]
    }
}
