import CalorinaLanguage
import CalorinaSupport

extension Parser {
    /// pick = [ "log" ] , integer , [ pick-amount ] , { trailing-modifier } ;
    /// pick-amount = quantity , [ unit ] ;
    ///
    /// The amount starts with digits or a multiplier ("200 g", "1.5 cups", "x2").
    /// Tried first on every line, and nil, with nothing consumed, for any other shape: a number
    /// with a food after it ("2 eggs"), glued to a unit ("200g") or not whole ("1.5") is no pick.
    /// Anything that would be an error in a pick ("2 2099-01-01") leaves the line to the log
    /// grammar, which says what is wrong as it did before picks.
    mutating func parsePick() -> PickCommand? {
        let start = position
        guard let pick = try? parsePickShape() else {
            position = start
            return nil
        }
        return pick
    }

    private mutating func parsePickShape() throws(ParseError) -> PickCommand? {
        let isBare = !eat("log")
        guard let first = peek(), case .number(let value) = first.kind, value == value.rounded(),
            value >= (isBare ? 1 : 0), value < 1_000_000, !(peek(1)?.isGlued ?? false)
        else { return nil }
        advance()
        var pick = PickCommand(number: Int(value), numberRange: first.range, isBare: isBare)
        if !atEnd && !isModifierRun(from: position) {
            // Digits or a multiplier: "2 dozen" and "2 large" stay amounts missing their food.
            switch peek()?.kind {
            case .number?, .multiplier?: break
            default: return nil
            }
            let amountStart = nextRange
            guard let count = try parseQuantity() else { return nil }
            pick.count = count
            if let (unit, word) = parseUnit() {
                pick.unit = unit
                pick.unitWord = word
            }
            pick.amountRange = amountStart.union(token(at: position - 1)?.range ?? amountStart)
        }
        var modifiers = LogCommand(items: [])
        while let next = peek() {
            if next.kind == .comma {
                advance()
                continue
            }
            guard modifierLength(at: position) != nil else { return nil }
            try applyModifier(to: &modifiers)
        }
        pick.meal = modifiers.meal
        pick.day = modifiers.day
        return pick
    }
}
