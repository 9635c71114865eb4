/// A problem with a line, and where in the line it stands. `ParseError` (reading the words) and
/// `ResolveError` (finding and weighing their food) are each one of these over their own kinds
/// of problem, so that both are made, matched and shown alike: `ParseError(.missing(.day), range)`,
/// `error.kind == .missing(.day)`, `error.message`.
public struct LocatedError<Problem: LineProblem>: Error, Equatable, Sendable {
    /// What went wrong: `ParseError.Kind`, `ResolveError.Kind`.
    public typealias Kind = Problem

    /// What went wrong.
    public var kind: Kind
    /// Where, in the line.
    public var range: SourceRange

    /// Creates an error.
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The 1-based column where the problem starts.
    public var column: Int { range.column }

    /// What went wrong, said plainly: lowercase, user text in quotes, no trailing period.
    public var message: String { kind.message }

    /// What to do about it, when there is something useful to say.
    public var hint: String? { kind.hint }
}

/// A kind of problem a line can have, and how to say it: the message catalogue of one error.
public protocol LineProblem: Equatable, Sendable {
    /// What went wrong, said plainly: lowercase, user text in quotes, no trailing period.
    var message: String { get }
    /// What to do about it, when there is something useful to say.
    var hint: String? { get }
}
