import Testing

@testable import CalorinaFoods
@testable import CalorinaLanguage
@testable import CalorinaParser
@testable import CalorinaPhrasing
@testable import CalorinaResolver

/// Issue 26: a meal told as a story is read for its food mentions, and portions are what people
/// mean by them. The sentences are our own, in the manner of meal descriptions in prose.
@Suite struct ProseTests {

    /// One sentence and the log line it reads as (`Command.summary`).
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var summary: String
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // Framing and a meal in it.
        Case(
            line: "To kick off my morning, I savoured a cup of plain oatmeal.", summary: "log | 1 cup \"plain oatmeal\""
        ),
        Case(line: "My lunch consisted of a turkey wrap.", summary: "log meal=lunch | 1 \"turkey wrap\""),
        Case(line: "Having a cup of cottage cheese as an afternoon treat.", summary: "log | 1 cup \"cottage cheese\""),
        // Connectives, an Oxford comma, a semicolon, a second sentence.
        Case(
            line: "For dinner I enjoyed a bowl of lentil soup, complemented by a slice of rye bread, and a pear.",
            summary: "log meal=dinner | 1 bowl \"lentil soup\"; punct 1 slice \"rye bread\"; punct 1 \"pear\""),
        Case(
            line: "I sipped a mug of cocoa; later I had a scone. It was lovely.",
            summary: "log | 1 mug \"cocoa\"; punct 1 \"scone\""),
        Case(
            line: "I grabbed a bagel and washed it down with a cup of black coffee.",
            summary: "log | 1 \"bagel\"; and 1 cup \"black coffee\""),
        // "and" inside a dish name is the resolver's to join ("macaroni and cheese" is one food);
        // before another mention it starts one.
        Case(
            line: "I savored a cup of macaroni and cheese and a glass of water.",
            summary: "log | 1 cup \"macaroni\"; and \"cheese\"; and 1 glass \"water\""),
        // Words of appeal, taste and temperature; comments after the food.
        Case(
            line: "I indulged in a velvety scoop of vanilla ice cream, which was the perfect end to the day.",
            summary: "log | 1 scoop \"vanilla ice cream\""),
        Case(
            line: "Enjoying a refreshing glass of lemonade on a sunny afternoon.",
            summary: "log | 1 glass \"lemonade\""),
        Case(
            line: "For breakfast, I had a crisp small apple, a quick and easy option.",
            summary: "log meal=breakfast | 1 small \"apple\""),
        // A weight or volume inside the prose is the food's.
        Case(line: "I savoured a 300 g bowl of beef stew.", summary: "log | 300 g \"beef stew\""),
        Case(line: "I had a 150g portion of brown rice.", summary: "log | 150 g \"brown rice\""),
        Case(line: "I enjoyed a veggie burger weighing 120g.", summary: "log | 120 g \"veggie burger\""),
        Case(
            line: "I had a crumbly and buttery 40g scone paired nicely with 250g of hot tea.",
            summary: "log | 40 g \"scone\"; punct 250 g \"hot tea\""),
        Case(
            line: "I enjoyed a granola bar, weighing 40 grams, with a cup of tea.",
            summary: "log | 40 g \"granola bar\"; punct 1 cup \"tea\""),
        // Portion words: only the size stays; a serving word USDA does not use is the food's serving.
        Case(line: "I munched a snack-size bag of pretzels.", summary: "log | 1 small \"bag of pretzels\""),
        Case(line: "I enjoyed a large fast food order of onion rings.", summary: "log | 1 large \"onion rings\""),
        Case(line: "I enjoyed a stack of three pancakes.", summary: "log | 3 \"pancakes\""),
        // Dish names said around the food: the crust names the pizza; a burger "served on" a bun is one.
        Case(
            line: "I had a slice of cheese pizza with a thin crust.",
            summary: "log | 1 slice \"thin crust cheese pizza\""),
        Case(line: "I enjoyed a veggie burger served on a toasted bun.", summary: "log | 1 \"veggie burger\""),
        // A food before its occasion is no occasion ("a light meal of" is one).
        Case(line: "I am enjoying a flapjack for supper.", summary: "log meal=dinner | 1 \"flapjack\""),
        Case(line: "Savouring a pasty at lunch.", summary: "log meal=lunch | 1 \"pasty\""),
        // More framing: "crunching on", "savouring every bite of", "I always include"; a mention
        // ends before where the food went ("in my porridge").
        Case(line: "Crunching on a rice cake.", summary: "log | 1 \"rice cake\""),
        Case(
            line: "I savoured a flapjack and a stick of chewing gum.",
            summary: "log | 1 \"flapjack\"; and 1 stick \"chewing gum\""),
        Case(line: "Savouring every bite of a custard tart.", summary: "log | 1 \"custard tart\""),
        Case(line: "I always include 1 tsp cinnamon in my porridge.", summary: "log | 1 tsp \"cinnamon\""),
        // An "and" between words of taste joins no foods; "sweet and sour" stays a name.
        Case(line: "I had a sweet and juicy nectarine.", summary: "log | 1 \"sweet juicy nectarine\""),
        Case(
            line: "I enjoyed a bowl of sweet and sour pork.",
            summary: "log | 1 bowl \"sweet\"; and \"sour pork\""),
    ]

    @Test(arguments: cases)
    func proseReadsAsItsFoods(_ testCase: Case) throws {
        let command = try Parser.parse(testCase.line)
        #expect(command.summary == testCase.summary)
    }

    /// Lines that are not prose keep their meaning: no word of the prose lists is in them.
    @Test(arguments: ["2 eggs and toast", "whipped cream", "1 serving oatmeal", "tall mocha"])
    func plainLinesAreNotProse(_ line: String) throws {
        var tokens = Lexer.tokenize(line)
        tokens = Parser.commandTokens(tokens)
        let glance = PhrasingGlance(tokens, scalars: Array(line.unicodeScalars))
        #expect(!glance.contains(.proseWord))
    }

    func resolved(_ line: String) throws -> [ResolvedItem] { try LineResolving.resolved(line) }

    /// "half a pizza" is half of a whole one (USDA's "1 medium pizza (11-12" diameter)", 691 g),
    /// not half a slice; "a slice of pizza" stays a slice ("a pizza" is a whole one: TrapAmountsTests).
    @Test func halfAPizzaIsHalfOfAWholeOne() throws {
        let half = try #require(try resolved("half a cheese pizza").first)
        let slice = try #require(try resolved("a slice of cheese pizza").first)
        #expect(half.grams == 345.5, "\(half.amount)")
        #expect((half.grams ?? 0) > (slice.grams ?? 0) * 2)
    }

    /// "a whole baguette" is USDA's baguette (324 g), not a slice of French bread.
    @Test func aWholeBaguetteIsTheWholeLoaf() throws {
        let whole = try #require(try resolved("a whole baguette").first)
        #expect(whole.grams == 324, "\(whole.amount)")
        // "whole wheat" stays a name.
        #expect(try resolved("a whole wheat bagel").first?.food.contains("whole wheat") == true)
    }

    /// A size scales a measure as USDA's large and small ones scale against the usual one.
    @Test func aBigBowlIsALargeOne() throws {
        let usual = try #require(try resolved("a bowl of pasta").first?.grams)
        let big = try #require(try resolved("a big bowl of pasta").first?.grams)
        let small = try #require(try resolved("a small bowl of pasta").first?.grams)
        #expect(abs(big - usual * 1.34) < 0.5 && abs(small - usual * 0.66) < 0.5, "\(usual) \(big) \(small)")
    }
}
