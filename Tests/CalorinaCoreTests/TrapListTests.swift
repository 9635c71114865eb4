import Testing

@testable import CalorinaSession

/// Issue 26's trap list, `grammar/examples/corpus/traps.txt`: lines that tempt a wrong food or a
/// wrong amount (preparation words alone, things that are not food, size and sauce words that
/// share a name with another food, takeaway portions far bigger than the tables' own). The bar
/// is "passes whole": every line is right or asks, and none logs a wrong food or an amount off
/// by more than half.
///
/// Each line goes through a dry-run session as a typed line does, and is read as one of:
/// - right: logged; every ITEM is found in a logged food, every logged food matches an ITEM, and
///   the kcal are within half of the range's middle;
/// - asked: nothing logged (an error, a list of foods to choose from, a suggestion);
/// - WRONG: anything logged for a `-` line, a logged food that matches no ITEM, an ITEM that no
///   logged food of its own matches (each ITEM is one food), or kcal off by more than half from
///   the middle.
///
/// Every run prints the three counts and every WRONG line, so a passing run still shows what is
/// left to fix.
@Suite struct TrapListTests {
    static let file = "corpus/traps.txt"

    /// The most WRONG lines the list may have: the count measured when the list was written
    /// (70 of 298, with 75 right and 153 asked; branch `register` on main at 6159b48), so that
    /// no change makes it worse. Issue 26 wants 0: lower this as the resolver improves, never
    /// raise it. 61 once words of preparation or serving alone named no food ('finely chopped',
    /// 'to serve'; 85 right, 152 asked). 50 once a food found only by letting go a word that
    /// says which food asks ('walked the dog'), as do words that are all measures ('plate'),
    /// what a food only comes with ('melted cheese') and vague words ('some stuff'); 86 right,
    /// 162 asked. 45 once portions that do not fit ask ('a bucket of popcorn', 'a whole cake')
    /// and a count is never of a smaller kind than said ('a raw carrot'); 87 right, 166 asked.
    /// 44 once a baby food is found only when the words say so ('baby potatoes'); 43 once any
    /// word let go before 'of' asks ('a sharing bag of crisps'); 87 right, 168 asked. 33 with
    /// names people use, round 2 (a sausage roll, composed dishes); 104 right, 161 asked. 9 with
    /// served portions, containers, a takeaway's whole pizza, a whole chicken as two halves, a
    /// condiment's dollop and a kind alone asking (branch `portions`); 126 right, 163 asked.
    /// 1 with branch `traps2` (a pizza said with an article is a whole one, a cinema's popcorn by
    /// its size, a cut nut or cheese a topping's amount, a smaller kind let go asks, 'lite' read
    /// as 'light', a name Britain sells at another size asks which English); with branch
    /// `chains2` (chains' items, a chain after "from": 'a burrito from chipotle', takeaway curries,
    /// ice-cream brands) merged: 139 right, 159 asked, 0 WRONG: the list passes whole.
    static let wrongAllowed = 0

    /// How one trap line came out.
    enum Verdict: Equatable {
        case right
        case asked
        case wrong(String)
    }

    /// Reads what the session did with one line against what the line expects.
    static func verdict(_ testCase: RealTextCorpusTests.Case, in session: Session) -> Verdict {
        if let malformed = testCase.malformed { return .wrong("malformed: \(malformed)") }
        let got: (foods: [String], kcal: Double)
        switch RealTextCorpusTests.logged(testCase.input, in: session) {
        case .failure: return .asked
        case .success(let logged): got = logged
        }
        let shown = "\(got.foods.joined(separator: " + ")) = \(Int(got.kcal.rounded())) kcal"
        if testCase.items.isEmpty { return .wrong("logged for a line that names no food: \(shown)") }
        let matches = { (food: String, item: [[String]]) in item.contains { RealTextCorpusTests.name(food, has: $0) } }
        for food in got.foods where !testCase.items.contains(where: { matches(food, $0) }) {
            return .wrong("wrong food '\(food)': \(shown)")
        }
        for item in testCase.items where !got.foods.contains(where: { matches($0, item) }) {
            return .wrong("no \(item.map { $0.joined(separator: " ") }.joined(separator: " / ")): \(shown)")
        }
        // Each ITEM is a food of its own: one food whose name holds the words of two ITEMs
        // ("Cheese, with wine" for a glass of wine and some cheese) logs one thing for two.
        if !Self.eachItemHasItsOwnFood(testCase.items, got.foods, matches) {
            return .wrong("\(testCase.items.count) foods said, fewer logged: \(shown)")
        }
        let middle = (testCase.low + testCase.high) / 2
        if abs(got.kcal - middle) > middle / 2 + 0.5 {
            return .wrong("kcal off by more than half of \(Int(middle.rounded())): \(shown)")
        }
        return .right
    }

    /// True when the ITEMs can each be given a different logged food that matches it.
    static func eachItemHasItsOwnFood(
        _ items: [[[String]]], _ foods: [String], _ matches: (String, [[String]]) -> Bool, from start: Int = 0,
        used: Set<Int> = []
    ) -> Bool {
        guard start < items.count else { return true }
        for (index, food) in foods.enumerated() where !used.contains(index) && matches(food, items[start]) {
            if eachItemHasItsOwnFood(items, foods, matches, from: start + 1, used: used.union([index])) {
                return true
            }
        }
        return false
    }

    @Test func verdictReadsEachKind() throws {
        let session = try TestSession.dryRun()
        func line(_ input: String, _ items: [[[String]]], _ low: Double, _ high: Double) -> RealTextCorpusTests.Case {
            RealTextCorpusTests.Case(lineNumber: 1, input: input, items: items, low: low, high: high)
        }
        #expect(Self.verdict(line("1 banana", [[["banana"]]], 61, 183), in: session) == .right)
        #expect(Self.verdict(line("help", [], 0, 0), in: session) == .asked)
        guard case .wrong = Self.verdict(line("1 banana", [], 0, 0), in: session) else {
            Issue.record("a food logged for a '-' line must be WRONG")
            return
        }
        guard case .wrong = Self.verdict(line("1 banana", [[["apple"]]], 61, 183), in: session) else {
            Issue.record("a food that matches no ITEM must be WRONG")
            return
        }
        guard case .wrong = Self.verdict(line("1 banana", [[["banana"]], [["banana"]]], 61, 183), in: session) else {
            Issue.record("one food for two ITEMs must be WRONG")
            return
        }
        guard case .wrong = Self.verdict(line("1 banana", [[["banana"]]], 500, 1500), in: session) else {
            Issue.record("kcal off by more than half must be WRONG")
            return
        }
    }

    @Test func trapListPassesWhole() throws {
        let session = try TestSession.dryRun()
        let cases = RealTextCorpusTests.cases(Self.file)
        #expect(cases.count >= 220, "\(Self.file) has \(cases.count) lines")
        var right = 0
        var asked = 0
        var wrong: [(RealTextCorpusTests.Case, String)] = []
        for testCase in cases {
            switch Self.verdict(testCase, in: session) {
            case .right: right += 1
            case .asked: asked += 1
            case .wrong(let why): wrong.append((testCase, why))
            }
        }
        var text = "\(Self.file): \(right) right, \(asked) asked, \(wrong.count) WRONG of \(cases.count) "
        text +=
            wrong.isEmpty
            ? "(issue 26's bar met: passes whole)" : "(issue 26 wants 0 WRONG; at most \(Self.wrongAllowed) allowed)"
        for (testCase, why) in wrong {
            text += "\n  \(testCase.lineNumber): \(testCase.input)\n      \(why)"
        }
        print(text)
        ReadmeRates.report(Self.file, "\(right) right, \(asked) asked of \(cases.count) | \(wrong.count) wrong")
        #expect(
            wrong.count <= Self.wrongAllowed,
            "\(Self.file): \(wrong.count) WRONG lines, more than the \(Self.wrongAllowed) allowed")
    }
}
