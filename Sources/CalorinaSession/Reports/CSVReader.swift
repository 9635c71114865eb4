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

    private let bytes: [UInt8]
    private var index: Int
    private var line = 1

    /// A reader of `bytes`, after a UTF-8 byte order mark if there is one.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The next record, or nil at the end.
    ///
    /// - Throws: `Exchange.ReadError` for a quoted field that is never closed.
    mutating func next() throws(Exchange.ReadError) -> Row? {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        while index < bytes.count {
            let rowLine = line
            var fields: [String] = []
            var field: [UInt8] = []
            var inQuotes = false
            var quoted = false
            var ended = false
            while index < bytes.count, !ended {
                let byte = bytes[index]
                index += 1
                if inQuotes {
                    if byte == quote {
                        if index < bytes.count, bytes[index] == quote {
                            field.append(quote)
                            index += 1
                        } else {
                            inQuotes = false
                        }
                    } else {
                        if byte == lf || (byte == cr && (index >= bytes.count || bytes[index] != lf)) { line += 1 }
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
                    if byte == cr, index < bytes.count, bytes[index] == lf { index += 1 }
                    line += 1
                    ended = true
                default:
                    field.append(byte)
                }
            }
            if inQuotes { throw Exchange.ReadError(line: rowLine, message: "a quoted field is never closed") }
            fields.append(String(decoding: field, as: UTF8.self))
            if fields.count == 1 && fields[0].isEmpty && !quoted { continue }
            return Row(line: rowLine, fields: fields)
        }
        return nil
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
