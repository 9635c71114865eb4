/// A span of a line, in Unicode scalars from the start of the line (0-based, half-open).
///
/// Columns shown to people are 1-based: `column` gives the first one.
public struct SourceRange: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The offset of the first scalar in the span.
    public var start: Int
    /// The offset just past the last scalar in the span.
    public var end: Int

    /// Creates a span from `start` up to, not including, `end`.
    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// The 1-based column of the span's first character.
    public var column: Int { start + 1 }

    /// How many scalars the span covers.
    public var length: Int { end - start }

    /// The smallest span covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(start, other.start), max(end, other.end))
    }

    public var description: String { "\(start)..<\(end)" }
}
