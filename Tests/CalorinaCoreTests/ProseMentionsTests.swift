import Foundation
import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaResolver
@testable import CalorinaSession

/// Issue 26, round 2: prose read on text nobody tuned to. The sentences are our own; each kcal
/// range was fixed from the USDA FNDDS 2021-2023 tables (per 100 g × the portion named) before
/// the line was run.
@Suite struct ProseMentionsTests {
    /// A sentence, the foods it must log (words each food's name holds) and the kcal range.
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var foods: [[String]]
        var kcal: ClosedRange<Double>
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // What fills a dish is part of it: USDA's dish of that name ("Burrito, meat, with beans,
        // no cheese" 211 kcal/100 g × 220 g = 464), never the dish and two more foods.
        Case(
            line: "At lunch I devoured a medium burrito stuffed with meat and beans.",
            foods: [["burrito", "meat", "beans"]], kcal: 400...530),
        // A dish said filled that no USDA food is named by with its filling is the dish alone:
        // a peanut butter cookie, 473 kcal/100 g × 30 g (medium) = 142.
        Case(
            line: "I nibbled a peanut butter cookie filled with creamy peanut butter.",
            foods: [["cookie"]], kcal: 90...160),
        // What a dish is made with is part of it: a tuna salad sandwich (180 g × 218 = 392), not
        // the sandwich, tuna and mayonnaise; a taco with beans (100 g × 167 = 167).
        Case(
            line: "For lunch I had a tuna salad sandwich made with tuna and mayonnaise on wheat bread.",
            foods: [["tuna", "sandwich"]], kcal: 330...460),
        Case(line: "For a snack I had a soft taco made with beans.", foods: [["taco", "beans"]], kcal: 140...280),
        // An "or" of USDA's own name is no choice ("Cookie, butter or sugar", 30 g × 464 = 139),
        // and one word before an "or" stands for the word after it ("chicken noodle soup",
        // 245 g × 53 = 130; the first food said alone was chicken, 221).
        Case(
            line: "For dessert I nibbled a medium butter or sugar cookie.", foods: [["cookie", "butter"]],
            kcal: 110...170),
        Case(
            line: "For lunch I had a cup of chicken or turkey noodle soup.", foods: [["soup", "chicken", "noodle"]],
            kcal: 100...170),
        // A clause a connective opens is a mention, never a comment: tomato soup (245 g × 19 = 47)
        // and a small bag of popcorn (28 g × 518 = 145); the popcorn was dropped.
        Case(
            line: "I sipped a cup of tomato soup and paired it with a small bag of popcorn.",
            foods: [["soup", "tomato"], ["popcorn"]], kcal: 160...230),
        // The bread a sandwich is on is the sandwich's, said "on a biscuit" or "on two slices of
        // rye" too: "Egg sandwich on biscuit, with bacon and cheese" (160 g × 315 = 504), a turkey
        // sandwich (USDA's on white, 115 g × 189 = 217), never a biscuit or two slices more.
        Case(
            line: "For breakfast I grabbed a sandwich with egg, bacon and cheese on a biscuit.",
            foods: [["egg", "sandwich", "biscuit"]], kcal: 430...580),
        Case(
            line: "At lunch I ate a turkey sandwich on two slices of rye bread.", foods: [["turkey", "sandwich"]],
            kcal: 180...260),
        // What a clause was for is no food ("to quiet my hunger between meals"): a handful of
        // almonds, 28 g × 598 = 167.
        Case(
            line: "To quiet my hunger between meals, I nibbled on a handful of almonds.", foods: [["almonds"]],
            kcal: 140...200),
        // A verb in the past after "I" frames ("I scooped"), and "and mixed it with" starts a
        // mention: plain yogurt (245 g × 63 = 154) and blueberries (150 g × 64 = 96).
        Case(
            line: "I scooped a cup of plain yogurt and mixed it with a cup of blueberries.",
            foods: [["yogurt"], ["blueberries"]], kcal: 210...300),
        // "a simple dish featuring …" is an occasion; "stuffed crust" names a pizza; "from a
        // medium pie" says what the slice was cut from: USDA's slice of a medium one (100 g × 274).
        Case(
            line: "For supper I cooked a simple dish featuring a grilled pork chop.", foods: [["pork", "chop"]],
            kcal: 170...300),
        Case(
            line: "Dinner was a slice of cheese stuffed crust pizza from a medium pie.",
            foods: [["pizza", "stuffed crust"]], kcal: 230...320),
        // "both" says nothing of the filling: one quesadilla (140 g × 316 = 442, with chicken 402).
        Case(
            line: "For dinner I had a quesadilla stuffed with both chicken and peppers.", foods: [["quesadilla"]],
            kcal: 350...500),
        // "a crisp apple" is an apple (200 g × 61 = 122, with a tablespoon of peanut butter, 16 g
        // × 598 = 96), never USDA's apple crisp (269).
        Case(
            line: "I had a crisp apple and a spoonful of peanut butter.",
            foods: [["apple", "raw"], ["peanut butter"]],
            kcal: 180...260),
        // What a smoothie is made with is the smoothie: USDA's fruit smoothie (324 g × 66 = 214),
        // never the smoothie, a banana, spinach and a cup of almond milk.
        Case(
            line: "This morning I had a smoothie made with banana, spinach and almond milk.",
            foods: [["smoothie"]], kcal: 170...260),
        // A doughnut with its icing is USDA's iced one ("Doughnut, cake type, with icing", 75 g ×
        // 431 = 323), not a doughnut and a serving of icing.
        Case(
            line: "I had a cake doughnut with icing and a cup of black coffee.",
            foods: [["doughnut", "icing"], ["coffee"]],
            kcal: 270...390),
        // "For a refreshing drink," is the occasion, no soft drink: a cup of lemonade (248 g × 46
        // = 114). "them" frames: a cup of apple juice (248 g × 48 = 119).
        Case(
            line: "For a refreshing drink, I poured a cup of lemonade.", foods: [["lemonade"]], kcal: 95...140),
        Case(
            line: "To keep my kids happy, I give them a cup of apple juice.", foods: [["apple juice"]],
            kcal: 100...140),
        // Half of what the rest says: half an egg (25 g × 143 = 36), half a fast food package of
        // croutons (6 g × 465 = 28).
        Case(line: "I'm enjoying a delicious half a boiled egg.", foods: [["egg"]], kcal: 28...45),
        Case(
            line: "For a quick snack, I nibbled half a fast food package of croutons.", foods: [["croutons"]],
            kcal: 20...36),
        // An amount alone after a comma is the food's: 4 oz of apple pie (113 g × 296 = 336), not a
        // slice and an amount more ("this food already has an amount").
        Case(line: "I savoured a generous slice of apple pie, 4 oz.", foods: [["pie", "apple"]], kcal: 290...380),
        // An amount with no food is how much of the food before it: three slices of pizza (3 ×
        // 119 g × 266 = 950; the line was an error), two cups of spaghetti bolognese (2 × 250 g
        // × 125 = 625; the line logged one 250 g serving).
        Case(
            line: "For dinner we ordered pizza and I ate three slices.", foods: [["pizza"]], kcal: 800...1100),
        Case(
            line: "I had leftover spaghetti bolognese for dinner, about two cups.", foods: [["pasta", "meat"]],
            kcal: 520...740),
        // "a few squares" are three (3 × 8 g × 550 = 132), not one square.
        Case(
            line: "After dinner I nibbled on a few squares of dark chocolate.", foods: [["dark chocolate"]],
            kcal: 110...160),
        // What coats a dish, said with an article, names it as USDA does: pasta with tomato-based
        // sauce (250 g × 160 = 400), never pasta and a steak sauce.
        Case(
            line: "For lunch I had a cup of pasta coated in a rich tomato-based sauce.",
            foods: [["pasta", "tomato-based sauce"]], kcal: 300...450),
        // SR28 weighs a sauce by "2 Tbsp" (34 g): a tablespoon is 17 g × 95 = 16 ('tbsp' did not
        // apply to it).
        Case(line: "1 tbsp tomato based steak sauce", foods: [["sauce", "steak"]], kcal: 12...20),
        // "a 0.5 large latte" (300 g × 43 = 129), "2 small/regular fillets" (the first size
        // offered: 2 × 140 g of cod), "filled with meat and topped with sour cream".
        Case(line: "I am enjoying a 0.5 large latte.", foods: [["latte"]], kcal: 100...160),
        Case(
            line: "For a light dinner, I am having 2 small/regular fillets of baked cod.", foods: [["cod"]],
            kcal: 290...420),
        Case(
            line: "For dinner, I had a 254g burrito filled with meat and topped with sour cream.",
            foods: [["burrito", "meat"], ["sour cream"]], kcal: 600...780),
        // An amount said of what tops it makes it a food of its own: a medium pancake (50 g × 282
        // = 141) and a tablespoon of butter (14 g × 743 = 104).
        Case(
            line: "For breakfast I had a pancake topped with a tablespoon of butter.",
            foods: [["pancake"], ["butter"]], kcal: 210...290),
        // A single-serving container is USDA's small one: an individual school container of apple
        // juice, 124 g × 48 = 60 (a carton is a litre, 480).
        Case(
            line: "I washed it down with an individual school carton of apple juice.",
            foods: [["apple", "juice"]], kcal: 50...75),
        // "a small single serving bag": USDA's small bag of chips, 28 g × 532 = 149 (its medium
        // bag is 57 g, 303).
        Case(
            line: "For a snack I grabbed a small single serving bag of plain potato chips.",
            foods: [["potato", "chips"]], kcal: 130...170),
        // "a half cup" is half of one: oatmeal 120 g × 76 = 91.
        Case(
            line: "To start my day, I enjoyed a half cup of oatmeal.",
            foods: [["oatmeal"]], kcal: 80...105),
    ]

    @Test(arguments: cases)
    func mentionLogsItsFoods(_ testCase: Case) throws {
        let items = try LineResolving.resolved(testCase.line)
        #expect(items.count == testCase.foods.count, "\(items.map(\.food))")
        for (item, words) in zip(items, testCase.foods) {
            let name = item.food.lowercased()
            #expect(words.allSatisfy { name.contains($0) }, "\(item.food) lacks \(words)")
        }
        let kcal = items.reduce(0) { $0 + $1.kcal }
        #expect(testCase.kcal.contains(kcal), "\(kcal) kcal: \(items.map { "\($0.food) \($0.amount)" })")
    }

    /// A paragraph of several meals logs each food at the meal its sentence names; a sentence
    /// that names none keeps the meal before it.
    @Test func eachSentenceItsMeal() throws {
        let session = try TestSession.dryRun()
        let line = "For breakfast I had a cup of oatmeal. For lunch I had a ham sandwich. Later I ate an apple."
        guard case .logged(let report) = session.handle(line) else {
            Issue.record("not logged")
            return
        }
        #expect(report.entries.map(\.meal) == [.breakfast, .lunch, .lunch], "\(report.entries.map(\.food))")
        guard case .logged(let labelled) = session.handle("breakfast: 2 eggs; dinner: a bowl of chili") else {
            Issue.record("not logged")
            return
        }
        #expect(labelled.entries.map(\.meal) == [.breakfast, .dinner])
    }

    /// The meal a sentence names stays its meal when the sentence ends with a full stop (the stop
    /// after the food was taken for words of a name, and the meal dropped).
    @Test func aFullStopKeepsTheMeal() throws {
        let session = try TestSession.dryRun()
        guard case .logged(let report) = session.handle("For breakfast, I enjoyed a cup of plain rice.") else {
            Issue.record("not logged")
            return
        }
        #expect(report.entries.map(\.meal) == [.breakfast])
    }
}
