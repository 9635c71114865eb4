import Testing

@testable import CalorinaRendering
@testable import CalorinaResults
@testable import CalorinaSession

/// Issue 26, item 4: a pasted recipe survives a bad line. At a terminal a line that cannot be
/// read is asked about again once the lines are in (retype it, `skip`, or Enter to leave it out),
/// and the lines already read are kept; in a script every unreadable line is listed with its own
/// line number and its caret under that line, and nothing is saved.
@Suite struct RecipeLinesAskAgainTests {
    @Test func aTerminalAsksAgainForEachUnreadableLineAndKeepsTheOthers() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            _ = session.handle("recipe soup serves 2")
            for line in ["1 cup lentils", "1 cup xyzzy grumbles", "2 glorps of blorp", "1 carrot"] {
                #expect(session.handle(line) == .collecting(nil), "\(line)")
            }
            guard case .failed(let first) = session.handle("") else {
                Issue.record("the unreadable line was not asked about")
                return
            }
            let problem = try #require(first.problems.first)
            #expect(problem.message.contains("ingredient line 2, '1 cup xyzzy grumbles'"))
            #expect(problem.hint?.contains("'skip'") == true)
            #expect(first.line == "1 cup xyzzy grumbles" && problem.range.start == 6)
            #expect(session.isCollecting)
            // Retyped: the next unreadable line is asked about.
            guard case .failed(let second) = session.handle("1 cup red lentils") else {
                Issue.record("the second unreadable line was not asked about")
                return
            }
            #expect(second.problems.first?.message.contains("ingredient line 3") == true)
            // Left out with Enter: the recipe is saved from the three lines left.
            guard case .foodsChanged = session.handle("") else {
                Issue.record("the recipe was not saved")
                return
            }
            #expect(!session.isCollecting)
            guard case .ownFoodInfo(let info) = session.handle("info soup") else {
                Issue.record("no recipe 'soup'")
                return
            }
            #expect(info.definition == "1 cup lentils; 1 cup red lentils; 1 carrot")
        }
    }

    @Test func aScriptListsEachUnreadableLineAtItsOwnLineAndSavesNothing() throws {
        try TestSession.with { session, _ throws in
            let lines = [
                "recipe soup serves 2", "1 cup lentils", "1 cup xyzzy grumbles", "2 glorps of blorp", "1 carrot", "",
            ]
            var last = Outcome.nothing
            for line in lines { last = session.handle(line) }
            guard case .failed(let failure) = last else {
                Issue.record("the recipe did not fail")
                return
            }
            let text = Renderer(color: false).failureText(failure, lineNumber: 6)
            #expect(text.contains("line 3: error: ingredient line 2, '1 cup xyzzy grumbles'"), "\(text)")
            #expect(text.contains("line 4: error: ingredient line 3, '2 glorps of blorp'"), "\(text)")
            #expect(text.contains("\n  1 cup xyzzy grumbles\n        ^~~~~~~~~~~~~~"), "\(text)")
            guard case .foods(let foods) = session.handle("foods") else {
                Issue.record("'foods' listed nothing")
                return
            }
            #expect(foods.recipes.isEmpty, "a recipe with unreadable lines was saved")
        }
    }
}
