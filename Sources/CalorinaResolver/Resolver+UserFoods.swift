import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaParser
import CalorinaSupport
import Synchronization

// MARK: - The user's foods

extension Resolver {
    /// A dish of several foods (`composedDish`), resolved as a recipe of its parts is.
    func resolve(_ item: LogItem, composed dish: ComposedDish, user: UserFoods, depth: Int) -> Result<
        ResolvedItem, ResolveError
    > {
        guard depth < Resolver.maxDepth else { return .failure(ResolveError(.tooDeep(dish.alias), item.range)) }
        return resolve(item, as: .recipe(Recipe(name: dish.name, items: dish.parts)), user: user, depth: depth).map {
            var value = $0
            (value.matched, value.skipped) = (item.food?.words ?? [], [])
            // The name says what is in it; the amount, how many of the dish.
            value.amount =
                Format.number(value.quantity) + " × " + dish.said + (value.grams.map { " (\(Format.grams($0)))" } ?? "")
            return value
        }
    }

    func resolve(_ item: LogItem, as named: UserFoods.Named, user: UserFoods, depth: Int) -> Result<
        ResolvedItem, ResolveError
    > {
        let count = item.count ?? 1
        switch named {
        case .alias(let alias):
            var target = item
            let range = item.food?.range ?? item.range
            target.food = FoodPhrase(words: FoodWords.keyWords(alias.target), text: alias.target, range: range)
            return resolve(target, user: user, depth: depth + 1)
        case .food(let food):
            return weigh(food, item: item, count: count)
        case .recipe(let recipe):
            if let unit = item.unit, unit.name != "serving", unit.name != "portion" {
                return .failure(
                    ResolveError(
                        .unitDoesNotApply(unit: unit.name, food: recipe.name, portions: ["a count of servings"]),
                        item.range))
            }
            // A pasted recipe's parts are its servings' shares: it is logged by the serving.
            let serves = recipe.lines == nil ? 1 : recipe.serves ?? 1
            var tooDeep = false
            switch parts(of: recipe, user: user, depth: depth, tooDeep: &tooDeep) {
            case nil:
                // Past the nesting limit is said as such: "cannot find" misled (issue 25, F24).
                return .failure(
                    ResolveError(tooDeep ? .tooDeep(recipe.name) : .brokenRecipe(recipe.name), item.range))
            case let parts?:
                func sum(_ value: (ResolvedItem) -> Double?) -> Double? {
                    let values = parts.map(value)
                    guard values.allSatisfy({ $0 != nil }) else { return nil }
                    return Format.rounded(values.reduce(0) { $0 + ($1 ?? 0) } / serves * count, places: 1)
                }
                let kcal = Format.rounded(parts.reduce(0) { $0 + $1.kcal } / serves * count, places: 1)
                let grams = sum(\.grams)
                let what = recipe.serves.map { "1/\(Format.number($0)) of \(recipe.name)" } ?? recipe.items
                let amount = Format.number(count) + " × " + what + (grams.map { " (\(Format.grams($0)))" } ?? "")
                let nutrients = Nutrients { nutrient in nutrient.isMacro ? nil : sum { $0.nutrients[nutrient] } }
                return .success(
                    ResolvedItem(
                        food: recipe.name, code: nil, quantity: count, unit: "serving", amount: amount, grams: grams,
                        kcal: kcal, protein: sum(\.protein), carbs: sum(\.carbs), fat: sum(\.fat), nutrients: nutrients,
                        range: item.range))
            }
        }
    }

    /// A recipe's items as they resolve, for the whole recipe (all its servings); nil when one
    /// no longer does. A pasted recipe's lines each give theirs.
    public func parts(of recipe: Recipe, user: UserFoods) -> [ResolvedItem]? {
        parts(of: recipe, user: user, depth: 0)
    }

    /// Why `parts(of:user:)` gave nil: the recipe nests too deep, or an item is no longer found.
    public func partsProblem(of recipe: Recipe, user: UserFoods) -> ResolveError.Kind {
        var tooDeep = false
        _ = parts(of: recipe, user: user, depth: 0, tooDeep: &tooDeep)
        return tooDeep ? .tooDeep(recipe.name) : .brokenRecipe(recipe.name)
    }

    func parts(of recipe: Recipe, user: UserFoods, depth: Int) -> [ResolvedItem]? {
        var tooDeep = false
        return parts(of: recipe, user: user, depth: depth, tooDeep: &tooDeep)
    }

    /// The recipe's parts, or nil with `tooDeep` set when that was why.
    func parts(of recipe: Recipe, user: UserFoods, depth: Int, tooDeep: inout Bool) -> [ResolvedItem]? {
        if let lines = recipe.lines { return resolve(lines: lines, user: user, depth: depth + 1, tooDeep: &tooDeep) }
        guard case .log(let command)? = try? Parser.parse(recipe.items) else { return nil }
        return parts(resolve(items: command.items, user: user, depth: depth + 1), tooDeep: &tooDeep)
    }

    /// The parts resolved, or nil with `tooDeep` set when an item nested too deep.
    func parts(_ result: Result<[ResolvedItem], ResolveFailure>, tooDeep: inout Bool) -> [ResolvedItem]? {
        switch result {
        case .success(let parts):
            return parts
        case .failure(let failure):
            tooDeep = failure.errors.contains { error in
                if case .tooDeep = error.kind { return true }
                return false
            }
            return nil
        }
    }

    /// Resolves a pasted recipe's lines, each a log line of its own; nil when one fails.
    func resolve(lines: [String], user: UserFoods, depth: Int = 0) -> [ResolvedItem]? {
        var tooDeep = false
        return resolve(lines: lines, user: user, depth: depth, tooDeep: &tooDeep)
    }

    func resolve(lines: [String], user: UserFoods, depth: Int, tooDeep: inout Bool) -> [ResolvedItem]? {
        var parts: [ResolvedItem] = []
        for line in lines {
            guard case .log(let command)? = try? Parser.parse(line),
                let items = self.parts(resolve(items: command.items, user: user, depth: depth), tooDeep: &tooDeep)
            else { return nil }
            parts += items
        }
        return parts
    }

    /// A user food by count ("2 protein bars"), by its own unit, or by weight when it is defined
    /// per a weight or its portion's weight is known, by volume when it is defined per a volume.
    /// Its macros and nutrients are scaled as its energy is.
    func weigh(_ food: UserFood, item: LogItem, count: Double) -> Result<ResolvedItem, ResolveError> {
        let definedUnit = Unit.named(food.unit)
        // How many times the amount the food is defined per.
        let share: Double
        var grams: Double?
        var amount: String
        switch (item.unit?.kind, definedUnit?.kind) {
        case (.mass(let perUnit)?, _) where food.gramsPerAmount != nil:
            grams = count * perUnit
            share = count * perUnit / (food.gramsPerAmount ?? 1)
            amount = Format.number(count) + " " + (item.unit?.name(for: count) ?? "")
        case (.volume(let perUnit)?, .volume(let definedPerUnit)?):
            share = count * perUnit / (food.amount * definedPerUnit)
            amount = Format.number(count) + " " + (item.unit?.name(for: count) ?? "")
        case (nil, .mass?):
            return .failure(ResolveError(.needsUnit(food: food.name, definedAs: food.kcalSummary), item.range))
        case (nil, .volume?), (.mass?, .volume?):
            return .failure(ResolveError(.needsVolume(food: food.name, definedAs: food.kcalSummary), item.range))
        case (nil, _):
            share = count / food.amount
            amount = Format.number(count) + " " + (count == 1 ? food.unit : Unit.plural(of: food.unit))
        case (.portion?, _) where item.unit?.name == food.unit || item.unit?.name == "serving":
            share = count / food.amount
            amount = Format.number(count) + " " + (count == 1 ? food.unit : Unit.plural(of: food.unit))
        default:
            return .failure(
                ResolveError(
                    .unitDoesNotApply(unit: item.unit?.name ?? "", food: food.name, portions: [food.kcalSummary]),
                    item.range))
        }
        if grams == nil, definedUnit?.kind == .portion || definedUnit == nil, let portion = food.grams {
            grams = portion * share
        }
        let kcal = share * food.kcal
        if kcal > Parser.maxKcal || (grams ?? 0) > Parser.maxCount {
            return .failure(ResolveError(.tooLarge(grams: grams ?? 0, kcal: kcal), item.range))
        }
        func scaled(_ value: Double?) -> Double? { value.map { Format.rounded($0 * share, places: 1) } }
        return .success(
            ResolvedItem(
                food: food.name, code: nil, quantity: count, unit: item.unit?.name ?? food.unit, amount: amount,
                grams: grams.map { Format.rounded($0, places: 1) }, kcal: Format.rounded(kcal, places: 1),
                protein: scaled(food.nutrients[.protein]), carbs: scaled(food.nutrients[.carbs]),
                fat: scaled(food.nutrients[.fat]), nutrients: food.nutrients.others.map(scaled),
                range: item.range))
    }

    /// "2 servings (2 × 240 g)", "1 cup (248 g)", "200 g".
    static func amountText(count: Double, label: String, gramsPerUnit: Double, isPortion: Bool) -> String {
        let number = Format.number(count)
        let invariable = label.contains(" " as Character) || Resolver.invariableLabels.contains(label)
        let labelText = count == 1 || invariable ? label : Unit.plural(of: label)
        let said = label.contains(" " as Character) && count != 1 ? "\(number) × \(label)" : "\(number) \(labelText)"
        if label == "g" { return said }
        let total = Format.grams(gramsPerUnit * count)
        if isPortion && count != 1 {
            return "\(said) (\(number) × \(Format.grams(gramsPerUnit)))"
        }
        return "\(said) (\(total))"
    }
}
