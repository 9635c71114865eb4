import Testing

@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver

/// What the parser and the resolver both say, they say in the same words: an amount too large,
/// a food missing after a portion word, a unit mistyped.
@Suite(.tags(.fast)) struct ErrorWordingTests {
    static func parseError(_ line: String) -> ParseError? {
        do throws(ParseError) {
            _ = try Parser.parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func anAmountTooLargeForTheParserOrTheResolverGivesTheSameLimits() throws {
        let said = "check the number; one entry holds at most 10 kg or 20,000 kcal"
        let parsed = try #require(Self.parseError("burger 999999 kcal"))
        #expect(parsed.kind == .tooLarge("burger 999999 kcal"))
        #expect(parsed.hint == said)
        let resolved = try #require(try LineResolving.failure("9000 g butter"))
        guard case .tooLarge = resolved.kind else {
            Issue.record("'9000 g butter' gave \(resolved.kind), not too large")
            return
        }
        #expect(resolved.hint == said)
    }

    @Test func aPortionWordWithNoFoodSaysWhatTheParserSaysOfAnAmountWithNone() throws {
        let parsed = try #require(Self.parseError("2 servings"))
        #expect(parsed.kind == .missing(.food, after: "2 servings"))
        let resolved = try #require(try LineResolving.failure("1 bar"))
        #expect(resolved.kind == .misread(.missing(.food, after: "1 bar")))
        #expect(resolved.message == "missing food after '1 bar'")
        #expect(resolved.hint == parsed.hint)
        #expect(resolved.hint == "name the food, e.g. '2 servings oatmeal'")
    }

    @Test func aMistypedUnitIsNamedAndCorrectedAlike() throws {
        let parsed = try #require(Self.parseError("2cupz rice"))
        let resolved = try #require(try LineResolving.failure("1 cupz oatmeal"))
        #expect(parsed.message == "unknown unit 'cupz'")
        #expect(resolved.message == parsed.message)
        #expect(resolved.hint == "did you mean 'cup'?")
        #expect(resolved.hint == parsed.hint)
    }

    @Test func suggestionsAreEachQuoted() {
        #expect(Wording.didYouMean(["oats"]) == "did you mean 'oats'?")
        #expect(Wording.didYouMean(["oats", "oatmeal"]) == "did you mean 'oats', 'oatmeal'?")
        #expect(
            ColumnMapProblem.missingKeys(["date", "kcal"]).message == "the map needs 'date', 'kcal' to make entries")
    }
}
