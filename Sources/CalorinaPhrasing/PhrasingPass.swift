import CalorinaLanguage
import CalorinaSupport

/// The phrasing pass over one line's tokens.
struct PhrasingPass {
    var tokens: [Token]
    let scalars: [Unicode.Scalar]
    var countRanges: [SourceRange: String] = [:]
    var preparedAt: [Int] = []
    /// The foods a recipe offered instead of the one it names first, by where their "or" stood.
    var choices: [(at: Int, phrase: FoodPhrase)] = []
    /// Meal and day words found inside the line, moved to its end where the parser reads them.
    var moved: [Token] = []

    init(tokens: [Token], scalars: [Unicode.Scalar]) {
        self.tokens = tokens
        self.scalars = scalars
    }

    mutating func run() {
        if scalars.contains(where: PhrasingPass.isTrademark) { dropTrademarks() }
        // Most lines ("2 eggs and toast") have nothing to rewrite: a glance decides, and then
        // wakes only the rules whose words or punctuation the line holds. A rule that ran may
        // have changed the tokens, so the line is glanced at again after it.
        var seen = PhrasingGlance(tokens, scalars: scalars)
        guard !seen.isDisjoint(with: .anyTrigger) else { return }
        func apply(_ wanted: PhrasingGlance, _ rule: (inout PhrasingPass) -> Void) {
            guard !seen.isDisjoint(with: wanted) else { return }
            let before = tokens
            rule(&self)
            if tokens != before { seen = PhrasingGlance(tokens, scalars: scalars) }
        }
        apply([.numberWithSlash, .open]) { $0.rewriteLeanRatios() }
        apply(.unknown) { $0.dropBullet() }
        apply(.proseWord) { $0.readProse() }
        apply(.eatingVerb) { $0.dropSentencePrefix() }
        apply([.colon, .minus]) { $0.rewriteLabel() }
        apply(.amountWord) { $0.rewriteLengths() }
        apply([.sizeWord, .numberedWord, .minus]) { $0.rewriteSizes() }
        apply([.numberedWord, .minus]) { $0.joinHyphenatedRanges() }
        apply([.open, .close]) { $0.rewriteBrackets() }
        apply(.slash) { $0.rewriteSlashes() }
        apply(.amountWord) { $0.joinCompoundAmounts() }
        apply([.amountWord, .rangeWord, .sizeWord]) { $0.joinUnitRanges() }
        apply([.rangeWord, .minus]) { $0.rewriteRanges() }
        apply(.containerWord) { $0.rewriteSizedContainers() }
        apply(.amountWord) { $0.weighEachCounted() }
        apply(.compoundWord) { $0.moveTrailingShares() }
        apply(.amountWord) { $0.rewriteWordShares() }
        apply(.amountWord) { $0.dropPortionAfterMeasure() }
        apply(.compoundWord) { $0.rewriteCompounds() }
        apply([.timeWord, .colon]) { $0.moveTimesAndMeals() }
        apply([.announcingVerb, .minus]) { $0.rewriteMealAnnouncements() }
        apply(.minus) { $0.rewriteDashNotes() }
        apply([.comma, .amountWord, .minus]) { $0.joinListedAdjectives() }
        apply(.comma) { $0.attachLateWeights() }
        apply([.comma, .semicolon, .noteWord]) { $0.dropNotes() }
        apply(.frameWord) { $0.dropSentenceFrames() }
        apply(.joinerWord) { $0.rewriteJoiners() }
        apply(.comma) { $0.attachLateAmounts() }
        tokens += moved
    }

    // MARK: - Helpers

    func word(_ index: Int) -> String? {
        index >= 0 && index < tokens.count ? tokens[index].word : nil
    }

    func kind(_ index: Int) -> Token.Kind? {
        index >= 0 && index < tokens.count ? tokens[index].kind : nil
    }

    func text(_ range: SourceRange) -> String {
        let upper = min(scalars.count, max(0, range.end))
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[min(max(0, range.start), upper)..<upper])
        return String(view)
    }

    static func isJoiner(_ token: Token) -> Bool {
        switch token.kind {
        case .comma, .plus, .semicolon, .ampersand: true
        case .word(let word): word == "and" || word == "with"
        default: false
        }
    }

    /// True when the tokens from `index` make an amount: a number and a mass or volume unit
    /// ("14 oz", "125 ml", "2¼ tsp"); returns how many tokens it spans.
    func measureLength(at index: Int) -> Int? {
        guard let value = tokens[safe: index]?.number, value > 0 else { return nil }
        var at = index + 1
        if let first = word(at), let second = word(at + 1), let unit = Unit.twoWord(first, second),
            unit.kind != .portion
        {
            at += 2
        } else if let unitWord = word(at), let unit = Unit.named(unitWord), unit.kind != .portion {
            at += 1
        } else {
            return nil
        }
        return at - index
    }

    func isCountStart(_ index: Int) -> Bool {
        guard let token = tokens[safe: index] else { return false }
        if token.number != nil { return true }
        if let word = token.word { return NumberWords.value(of: word) != nil || word == "half" }
        return false
    }

    /// The index of the start of the clause holding `index`: just after the previous joiner,
    /// colon, or the line's start.
    func clauseStart(before index: Int) -> Int {
        var at = index - 1
        while at >= 0 {
            if PhrasingPass.isJoiner(tokens[at]) || tokens[at].kind == .colon { return at + 1 }
            at -= 1
        }
        return 0
    }
}
