import CalorinaFoods
import CalorinaLanguage
import CalorinaSupport

/// A problem finding or weighing the food of one item, and where it stands in the line.
public typealias ResolveError = LocatedError<ResolveProblem>

extension ResolveError {
    /// A food that a phrase could mean.
    public typealias Candidate = ResolveProblem.Candidate
}

/// What went wrong finding or weighing the food of one item (`ResolveError.Kind`).
public enum ResolveProblem: Error, LineProblem {
    /// Several foods fit the words about equally well; the best first.
    case ambiguous(String, candidates: [Candidate])
    /// A food found only by letting go a word that says which food (`word`): the food to
    /// pick, if it is what was meant.
    case leftOver(String, word: String, candidates: [Candidate])
    /// A recipe whose items no longer resolve.
    case brokenRecipe(String)
    /// A user food defined per a weight or volume, given as a bare count.
    case needsUnit(food: String, definedAs: String)
    /// A user food defined per a volume, given as a bare count or by weight: it has no density.
    case needsVolume(food: String, definedAs: String)
    /// Words the parser read that the foods show to be a problem of the words: a portion word
    /// where the food should be that is none of the user's names ("1 bar": `.missing(.food, after:)`), or
    /// a word after a count that is no food word but one edit from a unit ("1 cupz oatmeal":
    /// `.unknownUnit`).
    case misread(ParseProblem)
    /// Aliases and recipes nested past all sense (or in a loop).
    case tooDeep(String)
    /// The food has no portions and the line gave no weight.
    case noPortion(food: String)
    /// Words that say how a food is readied or served, and no food: `finely chopped`, `to serve`.
    case onlyPreparation(String)
    /// The amount comes to more than one entry may hold.
    case tooLarge(grams: Double, kcal: Double)
    /// No food holds these words.
    case unknownFood(String, suggestions: [String])
    /// The unit cannot weigh this food: `2 cups of steak`.
    case unitDoesNotApply(unit: String, food: String, portions: [String])

    /// A food that a phrase could mean.
    public struct Candidate: Equatable, Sendable {
        public var name: String
        public var code: Int
    }

    /// What went wrong, said plainly.
    public var message: String {
        switch self {
        case .ambiguous(let text, let candidates):
            if candidates.count == 1 { return "'\(text)' is only part of a food's name" }
            return "'\(text)' could be several foods"
        case .leftOver(let text, let word, _):
            return "'\(text)' names no food Calorina knows with '\(word)' in it"
        case .brokenRecipe(let name):
            return "the recipe '\(name)' has an item Calorina cannot find any more"
        case .needsUnit(let food, let definedAs):
            return "'\(food)' is defined as \(definedAs), so it needs an amount in that unit"
        case .needsVolume(let food, let definedAs):
            return "'\(food)' is defined as \(definedAs), so it needs an amount by volume"
        case .misread(let problem):
            return problem.message
        case .onlyPreparation(let text):
            return "'\(text)' says how a food is readied or served, not which food"
        case .tooDeep(let name):
            return "'\(name)' nests too deep: recipes and aliases nest at most \(Resolver.maxDepth) deep"
                + " (a recipe of a recipe of …), or one refers to itself"
        case .noPortion(let food):
            return "'\(food)' has no portion to count by"
        case .tooLarge(let grams, let kcal):
            return "that is \(Format.grams(grams)) and \(Format.integer(kcal)) kcal, too much for one entry"
        case .unknownFood(let text, _):
            return "unknown food '\(text)'"
        case .unitDoesNotApply(let unit, let food, _):
            return "'\(unit)' does not apply to '\(food)'"
        }
    }

    /// What to do about it.
    public var hint: String? {
        switch self {
        case .ambiguous(_, let candidates):
            let listed = candidates.enumerated().map { "\($0.offset + 1). \($0.element.name)" }.joined(separator: "; ")
            return listed
                + ". Say which (e.g. '\(candidates.first?.name.lowercased() ?? "")'), or type its number to log it"
                + " ('1', 'log 1 for lunch'); a pick at a terminal's prompt is remembered"
        case .leftOver(let text, let word, let candidates):
            let found = candidates.first?.name ?? "a food"
            return "without '\(word)' it is '\(found)': type 1 to log that ('1', 'log 1 for lunch'), or say the food"
                + " without '\(word)', or \(Wording.logWithCalories(text)); nothing was logged"
        case .brokenRecipe:
            return "type 'foods' to see it; forget it and define it again"
        case .needsUnit(let food, _):
            return "e.g. '50 g \(food)'"
        case .needsVolume(let food, _):
            return "e.g. '250 ml \(food)' or '1 cup \(food)'; a weight needs a density it does not have"
        case .misread(let problem):
            return problem.hint
        case .onlyPreparation:
            return "name the food too, e.g. '1 onion, finely chopped'; nothing was logged"
        case .tooDeep:
            return "make the innermost recipe of foods rather than recipes; 'foods' lists yours"
        case .noPortion:
            return "give a weight, e.g. '100 g …'"
        case .tooLarge:
            return Wording.checkTheNumber
        case .unknownFood(let text, let suggestions):
            let log = "or " + Wording.logWithCalories(text)
            guard !suggestions.isEmpty else { return "check the spelling, \(log)" }
            return Wording.didYouMean(suggestions) + " " + log
        case .unitDoesNotApply(_, _, let portions):
            let named = portions.filter { $0 != "Quantity not specified" }.prefix(6)
            if named.isEmpty { return "give a weight in g or oz" }
            return "its portions are " + named.joined(separator: "; ") + "; or give a weight in g or oz"
        }
    }
}

extension ResolveProblem {
    /// The words and the foods to pick from, for a question or a list: words that fit several
    /// foods, or a food found only without a word of them.
    public var choices: (phrase: String, candidates: [Candidate])? {
        switch self {
        case .ambiguous(let phrase, let candidates), .leftOver(let phrase, _, let candidates): (phrase, candidates)
        default: nil
        }
    }
}

/// Every problem a log line had: the line logs nothing unless all its items resolve.
public struct ResolveFailure: Error, Equatable, Sendable {
    /// The problems, in line order.
    public var errors: [ResolveError]
}
