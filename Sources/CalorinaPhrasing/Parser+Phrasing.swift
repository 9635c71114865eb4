import CalorinaLanguage
import CalorinaSupport

// How people phrase what they ate, rewritten into the log grammar before it is parsed: the
// sentence around the foods ("for lunch I had …", "… this morning"), the way recipes print
// amounts ("1 (14 oz) can", "200g/7oz", "2-3 tbsp", "½ cup (125 ml)") and their notes
// (", finely chopped", "to taste"), and the words people write for joiners ("w/", "plus").
//
// The pass works on tokens and keeps each token's place in the line, so errors still point at
// what was typed. It only removes, replaces or moves tokens; what is left is an ordinary log line
// (grammar/calorina.ebnf, "phrasing"). Each rule is about a kind of phrase, never about a food.

extension Parser {
    /// What the phrasing pass found besides the tokens: the ranges people gave as "2-3".
    package struct Phrased {
        package var tokens: [Token]
        /// A count written as a range, by the range of the number that stands for it: the text
        /// as typed ("2-3"). The middle is used.
        package var countRanges: [SourceRange: String] = [:]
        /// Where a note that says how the cook cut or readied a food began (", peeled and
        /// diced"): the item before it is an ingredient, bought raw.
        package var preparedAt: [Int] = []
        /// The foods offered after "or" (`PhrasingPass.choices`), by where the "or" stood.
        package var choices: [(at: Int, phrase: FoodPhrase)] = []
    }

    /// The tokens a command sees: brackets separate words as white space does, and a lone "/"
    /// is a character with no place in a command.
    package static func commandTokens(_ tokens: [Token]) -> [Token] {
        // Most lines hold neither: they are their own command tokens, not a copy.
        let changes = tokens.contains { token in
            switch token.kind {
            case .open, .close, .slash: true
            default: false
            }
        }
        guard changes else { return tokens }
        return tokens.compactMap { token in
            switch token.kind {
            case .open, .close: return nil
            case .slash: return Token(.unknown("/"), token.range, isGlued: token.isGlued)
            default: return token
            }
        }
    }

    /// Rewrites a log line's phrasing into the log grammar.
    package static func phrased(_ tokens: [Token], scalars: [Unicode.Scalar]) -> Phrased {
        var pass = PhrasingPass(tokens: tokens, scalars: scalars)
        pass.run()
        return Phrased(
            tokens: pass.tokens, countRanges: pass.countRanges, preparedAt: pass.preparedAt, choices: pass.choices)
    }
}
