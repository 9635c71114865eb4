/// How many entries, and the first and last day among them (`YYYY-MM-DD`): what an export wrote,
/// an import added or a backup holds.
public struct EntrySpan: Equatable, Sendable {
    public var count = 0
    public var first: String?
    public var last: String?

    /// No entries yet.
    public init() {}

    /// Counts `entries`, in any order. Inlinable, so that an export's or an import's call is
    /// specialised for its collection in its own module.
    @inlinable public mutating func add(_ entries: some Sequence<Entry>) {
        for entry in entries {
            count += 1
            if first.map({ entry.date < $0 }) ?? true { first = entry.date }
            if last.map({ entry.date > $0 }) ?? true { last = entry.date }
        }
    }
}
