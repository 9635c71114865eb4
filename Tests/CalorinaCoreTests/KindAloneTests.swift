import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver

/// Issue 26: a food's head noun must agree with what was named. One word said alone that found
/// only a kind of a cook's ingredient ("a straw": "Mushrooms, straw") asks; what the food is,
/// said, still logs.
@Suite(.tags(.fast)) struct KindAloneTests {
    @Test(arguments: ["a straw", "straw"]) func aKindOfAnIngredientAloneAsks(_ line: String) throws {
        guard case .log(let command) = try Parser.parse(line) else {
            Issue.record("'\(line)' is not a log line")
            return
        }
        guard case .failure(let failure) = ResolverTests.resolver.resolve(command) else {
            Issue.record("'\(line)' logged a food")
            return
        }
        guard case .ambiguous(_, let candidates) = failure.errors.first?.kind else {
            Issue.record("'\(line)': \(failure.errors)")
            return
        }
        #expect(candidates.first?.name.hasPrefix("Mushrooms, straw") == true)
    }

    @Test(arguments: ["straw mushrooms", "100 g straw mushrooms", "toasted bagel", "dried oregano", "shredded swiss"])
    func namedWithWhatItIsLogs(_ line: String) throws {
        #expect(try ResolverTests.resolve(line).count == 1)
    }
}
