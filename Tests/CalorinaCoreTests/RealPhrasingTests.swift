import Foundation
import Testing

@testable import CalorinaCore

/// Issue 11: what people really type. The phrasing pass, measures, additions and pasted
/// recipes, each checked by what it logs (the corpus test measures the rates).
@Suite struct RealPhrasingTests {
    static let resolver = Resolver(index: .bundled)
    func withSession<T>(_ body: (Session, URL) throws -> T) throws -> T {
        try TestSession.with { try body($0, $1) }
    }

    func log(_ line: String) throws -> LogCommand {
        guard case .log(let log) = try Parser.parse(line) else {
            Issue.record("'\(line)' is not a log line")
            return LogCommand(items: [])
        }
        return log
    }

    func resolved(_ line: String) throws -> [ResolvedItem] {
        switch Self.resolver.resolve(try log(line)) {
        case .success(let items): return items
        case .failure(let failure):
            Issue.record("'\(line)': \(failure.errors.map(\.message))")
            return []
        }
    }

    // MARK: Sentences

    @Test func aSentenceSaysTheMealAndTheFoods() throws {
        let lunch = try log("for lunch I had a turkey sandwich and an apple")
        #expect(lunch.meal == .lunch)
        #expect(lunch.items.map { $0.food?.text } == ["turkey sandwich", "apple"])
        let morning = try log("I ate 2 eggs this morning")
        #expect(morning.meal == .breakfast && morning.items.first?.count == 2)
        let night = try log("had a burger last night")
        #expect(night.meal == .dinner && night.day == .yesterday)
        let time = try log("had a coffee and a croissant at 10")
        #expect(time.meal == .breakfast && time.items.count == 2)
        let announced = try log("dinner was spaghetti and a glass of red wine")
        #expect(announced.meal == .dinner && announced.items.first?.food?.text == "spaghetti")
        let place = try log("grabbed a muffin on the way to work")
        #expect(place.items.map { $0.food?.text } == ["muffin"])
    }

    // MARK: Recipe lines

    @Test func recipeAmountsBracketsRangesAndNotes() throws {
        let can = try log("1 (14 oz) can diced tomatoes")
        #expect(can.items.first?.count == 14 && can.items.first?.unit?.name == "oz")
        let canAfter = try log("1 can (400g) chickpeas, drained and rinsed")
        #expect(canAfter.items.count == 1 && canAfter.items.first?.count == 240, "drained: 60 % of the can")
        let alternative = try log("200g/7oz plain flour")
        #expect(alternative.items.first?.count == 200 && alternative.items.first?.unit?.name == "g")
        let bracketed = try log("½ cup (125 ml) milk")
        #expect(bracketed.items.first?.count == 0.5 && bracketed.items.first?.unit?.name == "cup")
        let range = try log("2-3 tbsp olive oil")
        #expect(range.items.first?.count == 2.5 && range.items.first?.countText == "2-3")
        let note = try log("1 red onion, finely chopped")
        #expect(note.items.count == 1 && note.items.first?.food?.text == "red onion")
        let each = try log("4 salmon fillets (6 oz each)")
        #expect(each.items.first?.count == 24 && each.items.first?.unit?.name == "oz")
        let taste = try log("salt and pepper to taste")
        #expect(taste.items.map { $0.food?.text } == ["salt", "pepper"])
        let choice = try log("1 cup milk or cream")
        #expect(choice.items.map { $0.food?.text } == ["milk"])
    }

    // MARK: Measures and additions

    @Test func handMeasuresAndContainersWeighByKind() throws {
        let almonds = try resolved("a handful of almonds")
        #expect(almonds.first?.grams == 28)
        let nuggets = try resolved("6 piece chicken nuggets")
        let one = try resolved("1 chicken nugget")
        if let six = nuggets.first?.kcal, let single = one.first?.kcal { #expect(abs(six - 6 * single) < 1) }
        let chili = try resolved("a bowl of chili")
        #expect((chili.first?.grams ?? 0) > 300)
        let oil = try resolved("2-3 tbsp olive oil")
        #expect(oil.first?.amount.hasSuffix("(2-3: the middle)") == true, "\(oil)")
        let grapes = try resolved("grapes")
        let grape = try resolved("1 grape")
        #expect((grapes.first?.kcal ?? 0) > 5 * (grape.first?.kcal ?? 0))
    }

    @Test func additionsGetTheAmountUsuallyAdded() throws {
        let coffee = try resolved("coffee with milk")
        let milk = coffee.first { $0.food.lowercased().contains("milk") }
        #expect((milk?.kcal ?? 999) < 40, "\(coffee)")
        let cereal = try resolved("cereal with milk")
        let cerealMilk = cereal.last
        #expect((cerealMilk?.kcal ?? 0) > 40 && (cerealMilk?.kcal ?? 999) < 90, "\(cereal)")
        let tea = try resolved("tea with milk and two sugars")
        #expect(tea.count == 3 && (tea.last?.grams ?? 99) < 10, "\(tea)")
    }

    // MARK: Pasted recipes

    @Test func aPastedRecipeIsSavedWhenEveryLineResolvesAndAServingIsTheSumOverN() throws {
        try withSession { session, _ throws in
            guard case .collecting(let hint?) = session.handle("recipe egg breakfast serves 2") else {
                Issue.record("the recipe line did not start a list")
                return
            }
            #expect(hint.contains("empty line"))
            let lines = ["4 eggs", "2 slices of toast", "1 tbsp butter"]
            for line in lines { #expect(session.handle(line) == .collecting(nil)) }
            guard case .foodsChanged(let done) = session.handle("") else {
                Issue.record("the recipe was not saved")
                return
            }
            let total = try lines.flatMap { try resolved($0) }.reduce(0) { $0 + $1.kcal }
            #expect(done.contains("3 lines") && done.contains("2 servings"), "\(done)")
            guard case .logged(let report) = session.handle("1 serving egg breakfast") else {
                Issue.record("the recipe did not log")
                return
            }
            #expect(abs((report.entries.first?.kcal ?? 0) - total / 2) < 1)
        }
    }

    @Test func aPastedRecipeWithALineThatDoesNotResolveSavesNothingAndNamesTheLine() throws {
        try withSession { session, _ throws in
            _ = session.handle("recipe mystery serves 4")
            _ = session.handle("2 eggs")
            _ = session.handle("1 cup zzqx")
            guard case .failed(let failure) = session.handle("") else {
                Issue.record("the recipe was saved")
                return
            }
            #expect(failure.problems.count == 1)
            #expect(failure.problems.first?.message.hasPrefix("ingredient line 2, '1 cup zzqx'") == true)
            #expect(try session.userFoods.load().recipes.isEmpty)
            // The list ended: the next line is a line of its own again.
            guard case .logged = session.handle("2 eggs") else {
                Issue.record("the line after the recipe did not log")
                return
            }
        }
    }
}

extension RealPhrasingTests {
    /// Issue 12's first part: a command word, or a word one edit from one that names no food,
    /// never logs a food.
    @Test(arguments: ["delte 1", "wieght 80", "todya", "weeks", "week banana", "redo x2", "foods please", "day"])
    func aCommandOrItsTypoNeverLogsAFood(_ line: String) throws {
        try withSession { session, _ in
            guard case .failed(let failure) = session.handle(line) else {
                Issue.record("'\(line)' did not fail: \(session.handle(line))")
                return
            }
            let message = failure.problems.first?.message ?? ""
            #expect(message.contains("command"), "\(message)")
        }
    }

    /// Food words one edit from a command word stay food: "leek" is no "week", "mole" no "move"
    /// (it may ask which mole, but never says it is a command).
    @Test(arguments: ["leek", "mole"]) func aFoodWordNearACommandIsStillFood(_ line: String) throws {
        try withSession { session, _ in
            let outcome = session.handle(line)
            if case .failed(let failure) = outcome {
                #expect(failure.problems.allSatisfy { !$0.message.contains("command") }, "\(failure)")
            }
        }
    }
}

extension RealPhrasingTests {
    /// Issue 11's done-when: grammar/examples/corpus/recipe.txt, 15 ingredient lines as a recipe
    /// prints them with 'serves 6', becomes a recipe whose serving is within 10 % of the kcal
    /// computed by hand from the USDA tables (the file's `per_serving_kcal`).
    @Test func thePastedCorpusRecipeIsWithinTenPercentOfTheHandSum() throws {
        let text = Corpus.text(Corpus.examples.appendingPathComponent("corpus/recipe.txt"))
        let lines = text.split(separator: "\n").map(String.init)
        let expected = try #require(
            lines.first { $0.contains("per_serving_kcal =") }.flatMap { line in
                line.components(separatedBy: "per_serving_kcal =").last?.split(separator: "|").first
                    .flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            })
        let input = lines.filter { !$0.hasPrefix("#") && !$0.trimmed.isEmpty }
        #expect(input.count == 16, "the header and 15 ingredient lines")
        try withSession { session, _ throws in
            for line in input { _ = session.handle(line) }
            guard case .foodsChanged = session.handle("") else {
                Issue.record("the recipe was not saved")
                return
            }
            let name = try #require(session.userFoods.load().recipes.first?.name)
            guard case .logged(let report) = session.handle("1 serving \(name)") else {
                Issue.record("the recipe did not log")
                return
            }
            let kcal = report.entries.first?.kcal ?? 0
            #expect(abs(kcal - expected) <= 0.1 * expected, "a serving is \(kcal) kcal, by hand \(expected)")
        }
    }
}
