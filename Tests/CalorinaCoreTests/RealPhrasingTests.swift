import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaResolver
@testable import CalorinaSession

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

    // MARK: Sizes, parts and other English

    /// A size in inches is USDA's portion of that many inches; a footlong two 6-inch ones.
    @Test func sizesInInchesAndFootlongs() throws {
        let six = try resolved("6 inch meatball sub")
        let hyphen = try resolved("6-inch meatball sub")
        let footlong = try resolved("footlong meatball sub")
        #expect(six.first?.grams == 270 && hyphen.first?.grams == 270, "USDA: 1 regular or 6\" submarine, 270 g")
        #expect(footlong.first?.grams == 540)
        #expect(try resolved("1 28-oz can crushed tomatoes").first?.grams.map { abs($0 - 793.8) < 1 } == true)
        #expect(try resolved("1 quart chicken broth").first?.unit == "quart")
    }

    /// A part after the food's name is its unit, or a serving when plural without a count; a
    /// name the table knows with that word stays one food.
    @Test(arguments: [
        ("4 cod fillets", "Fish, cod", "fillet"), ("3 celery stalks", "Celery, raw", "stalk"),
        ("2 cups broccoli florets", "Broccoli", "cup"), ("carrot sticks", "Carrots, raw", "serving"),
        ("salmon fillet", "Fish, salmon", "fillet"),
    ])
    func aPartAfterTheFoodIsItsUnit(line: String, food: String, unit: String) throws {
        let item = try resolved(line).first
        #expect(item?.food.hasPrefix(food) == true, "\(line): \(item?.food ?? "nothing")")
        #expect(item?.unit == unit)
    }

    @Test(arguments: [
        ("1 courgette", "Summer squash"), ("200g aubergine", "Eggplant"), ("500g beef mince", "Beef, ground"),
        ("300ml double cream", "Cream, heavy"), ("100g caster sugar", "Sugar, white"),
        ("200ml semi-skimmed milk", "Milk, reduced fat (2%)"), ("1 tsp vanilla essence", "Vanilla extract"),
        ("2 spring onions", "Onions, green"), ("250g prawns", "Shrimp"), ("1 tbsp tomato purée", "Tomato"),
    ])
    func otherEnglishIsReadAsUSDAs(line: String, food: String) throws {
        let item = try resolved(line).first
        #expect(item?.food.hasPrefix(food) == true, "\(line): \(item?.food ?? "nothing")")
    }

    /// A line that says the cook cut or readied the food (in its words or a note) is an
    /// ingredient, bought raw; a count still weighs what the food as eaten weighs.
    @Test(arguments: [
        ("1 kg potatoes, peeled and quartered", true), ("2 cups chopped kale", true),
        ("1 lb boneless skinless chicken breasts", true), ("1 lb green beans, trimmed", true),
        ("2 medium sweet potatoes, cubed", true), ("1 cup diced cooked carrots", false),
        ("a baked potato", false), ("chicken, fried rice", false),
    ])
    func aCutIngredientIsTheRawFood(line: String, raw: Bool) throws {
        let items = try resolved(line)
        #expect(items.first.map { Resolver.isRaw($0.food) } == raw, "\(line): \(items.map(\.food))")
    }

    @Test func measuresOfTheKitchen() throws {
        #expect(try resolved("juice of 1 lemon").first?.grams == 48, "USDA SR28: 1 lemon yields 48 g")
        #expect(try resolved("1 head broccoli, cut into florets").first?.unit == "head")
        #expect(try resolved("2 sprigs fresh rosemary").first?.grams == 2)
        #expect(
            try resolved("1 medium head cauliflower, cut into florets").first?.unit == "head",
            "the size goes with the head")
        // A raw food of another size is no answer: "2 medium zucchini" are not two 11 g baby ones.
        if case .success(let items) = Self.resolver.resolve(try log("2 medium zucchini, sliced")) {
            #expect(items.allSatisfy { !$0.food.contains("baby") }, "\(items.map(\.food))")
        }
        #expect(try resolved("1 bunch fresh parsley, chopped").first?.grams == 30)
        let breasts = try resolved("2 boneless, skinless chicken breasts")
        #expect(breasts.count == 1 && breasts.first.map { Resolver.isRaw($0.food) } == true)
        #expect(try resolved("1 kg chicken thighs").first.map { Resolver.isRaw($0.food) } == true, "a cook's amount")
        #expect(
            try resolved("1 lb steak").first.map { Resolver.isRaw($0.food) } == false, "a pound of steak may be dinner")
        #expect(try resolved("1 lb spaghetti").first?.food == "Pasta, dry, enriched")
        #expect(
            try resolved("300g basmati rice").first?.food.hasPrefix("Rice, white, long-grain, regular, raw") == true)
        #expect(
            try resolved("1 cup rice").first.map { Resolver.isRaw($0.food) } == false, "a cup of rice is eaten cooked")
    }

    @Test func aCountOfARawVegetableIsOfWholeOnes() throws {
        let onion = try resolved("1 red onion, finely chopped").first
        #expect(onion?.food == "Onions, raw" && onion?.grams == 148, "USDA: 1 whole, 148 g")
        #expect(try log("chicken, fried rice").items.count == 2, "a participle that names a food is no note")
    }

    @Test func aNameTheTableKnowsIsNotCutIntoAPart() throws {
        #expect(try resolved("fish sticks").first?.food.hasPrefix("Fish, stick") == true)
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
