import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver

/// A line parsed and resolved against the bundled table, as the resolver suites read one.
enum LineResolving {
    static let resolver = Resolver(index: .bundled)

    /// The foods a log line resolves to; records an issue (and gives none) when it is no log
    /// line or does not resolve.
    static func resolved(_ line: String) throws -> [ResolvedItem] {
        guard case .log(let log) = try Parser.parse(line) else {
            Issue.record("'\(line)' is not a log line")
            return []
        }
        switch resolver.resolve(log) {
        case .success(let items): return items
        case .failure(let failure):
            Issue.record("'\(line)': \(failure.errors.map(\.message))")
            return []
        }
    }

    /// The first problem of a log line that does not resolve; nil when it resolves or is no log line.
    static func failure(_ line: String) throws -> ResolveError? {
        guard case .log(let log) = try Parser.parse(line) else { return nil }
        if case .failure(let failure) = resolver.resolve(log) { return failure.errors.first }
        return nil
    }
}
