import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession

/// Issue 25, F24: a fifth level of nested recipes said the recipe "has an item Calorina cannot
/// find any more". It says plainly how deep recipes nest, when one is made and when one made
/// before (or nested deeper since) is logged.
@Suite struct NestedRecipesTests {
    static let plainly = "nests too deep: recipes and aliases nest at most \(Resolver.maxDepth) deep"

    static func message(_ outcome: Outcome) -> String {
        Renderer(color: false).text(outcome).stderr
    }

    @Test func aFifthLevelIsRefusedWhenMadeSayingHowDeepRecipesNest() throws {
        try TestSession.with { session, _ in
            for line in ["recipe r1 = 1 banana", "recipe r2 = 1 r1", "recipe r3 = 1 r2", "recipe r4 = 1 r3"] {
                guard case .foodsChanged = session.handle(line) else {
                    Issue.record("'\(line)' failed: \(Self.message(session.handle(line)))")
                    return
                }
            }
            let refused = session.handle("recipe r5 = 1 r4")
            #expect(Self.message(refused).contains("'r4' \(Self.plainly)"), "\(Self.message(refused))")
            #expect(!Self.message(refused).contains("cannot find"))
            guard case .logged = session.handle("r4") else {
                Issue.record("four levels should log")
                return
            }
        }
    }

    /// A recipe that became five deep after it was made (its inner recipe was made again deeper).
    @Test func aRecipeNestedTooDeepSinceItWasMadeSaysSoWhenLogged() throws {
        try TestSession.with { session, _ in
            for line in [
                "recipe r4 = 1 banana", "recipe r5 = 1 r4", "forget r4", "recipe r1 = 1 banana",
                "recipe r2 = 1 r1", "recipe r3 = 1 r2", "recipe r4 = 1 r3",
            ] {
                let outcome = session.handle(line)
                #expect(Self.message(outcome).isEmpty, "'\(line)': \(Self.message(outcome))")
            }
            for line in ["r5", "info r5"] {
                let message = Self.message(session.handle(line))
                #expect(message.contains("'r5' \(Self.plainly)"), "'\(line)': \(message)")
                #expect(!message.contains("cannot find"), "'\(line)': \(message)")
            }
        }
    }
}
