import CalorinaJournal

/// How an export's file is laid out around its entries, and the writing of it a month at a time,
/// so that an export of years never holds them all (issue 15). The session says where the bytes
/// go (a file, the screen) and hands over each month's entries.
package struct ExportLayout {
    /// Before the first entry, and after the last.
    package var head: [UInt8]
    package var tail: [UInt8]
    /// A month's entries, and whether they are the first of the file.
    package var items: ([Entry], _ first: Bool) -> [UInt8]
    /// True when the list closes after the last entry (`]`, written as JSON writes it).
    package var closesList = false

    /// Every field.
    package init(
        head: [UInt8], tail: [UInt8], items: @escaping ([Entry], _ first: Bool) -> [UInt8], closesList: Bool = false
    ) {
        self.head = head
        self.tail = tail
        self.items = items
        self.closesList = closesList
    }

    /// A JSON document whose entries are a list in its top object.
    package static func entriesList(head: [UInt8], tail: [UInt8]) -> ExportLayout {
        ExportLayout(head: head, tail: tail, items: { MonthCodec.listItems($0, first: $1) }, closesList: true)
    }

    /// Writes the head, the entries of each of `months` (in their order, read by `entries`) that
    /// `keep` keeps, and the tail, a piece at a time to `write`.
    package func write(
        months: () throws(StoreError) -> [String], entries: (String) throws(StoreError) -> [Entry],
        keep: (Entry) -> Bool, to write: ([UInt8]) throws(StoreError) -> Void
    ) throws(StoreError) -> EntrySpan {
        var written = EntrySpan()
        try write(head)
        for month in try months() {
            let kept = try entries(month).filter(keep)
            guard !kept.isEmpty else { continue }
            try write(items(kept, written.count == 0))
            written.add(kept)
        }
        if closesList { try write(MonthCodec.listEnd(empty: written.count == 0)) }
        try write(tail)
        return written
    }
}
