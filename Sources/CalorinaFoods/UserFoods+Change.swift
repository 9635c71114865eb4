/// A change to the user's foods as data, for undo and redo: the foods, aliases, recipes and
/// remembered picks it took out, and those it put in. Found by comparing the document before and
/// after, so that every way of changing it (define, rename, forget, a pick) is recorded alike.
public struct UserFoodsChange: Codable, Equatable, Sendable {
    /// Some of the user's foods.
    public struct Part: Codable, Equatable, Sendable {
        public var foods: [UserFood] = []
        public var aliases: [UserAlias] = []
        public var recipes: [Recipe] = []
        /// Remembered picks: normalized words → USDA code.
        public var choices: [String: Int] = [:]

        var isEmpty: Bool { foods.isEmpty && aliases.isEmpty && recipes.isEmpty && choices.isEmpty }
    }

    /// What the change took out.
    public var removed = Part()
    /// What the change put in.
    public var added = Part()

    /// The change that turns `before` into `after`.
    public init(from before: UserFoods, to after: UserFoods) {
        // Compared through sets: linear in the foods, where lists' `contains` made a define
        // among two thousand foods four million comparisons.
        let (beforeFoods, afterFoods) = (Set(before.foods), Set(after.foods))
        removed.foods = before.foods.filter { !afterFoods.contains($0) }
        added.foods = after.foods.filter { !beforeFoods.contains($0) }
        let (beforeAliases, afterAliases) = (Set(before.aliases), Set(after.aliases))
        removed.aliases = before.aliases.filter { !afterAliases.contains($0) }
        added.aliases = after.aliases.filter { !beforeAliases.contains($0) }
        let (beforeRecipes, afterRecipes) = (Set(before.recipes), Set(after.recipes))
        removed.recipes = before.recipes.filter { !afterRecipes.contains($0) }
        added.recipes = after.recipes.filter { !beforeRecipes.contains($0) }
        removed.choices = before.choices.filter { after.choices[$0.key] != $0.value }
        added.choices = after.choices.filter { before.choices[$0.key] != $0.value }
    }

    /// The change that adds one food, alias or recipe.
    public init(adding named: UserFoods.Named) {
        switch named {
        case .food(let food): added.foods = [food]
        case .alias(let alias): added.aliases = [alias]
        case .recipe(let recipe): added.recipes = [recipe]
        }
    }

    private init(removed: Part, added: Part) {
        self.removed = removed
        self.added = added
    }

    /// True when it changes nothing.
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty }

    /// The change that takes this one back.
    public var inverse: UserFoodsChange { UserFoodsChange(removed: added, added: removed) }

    /// Applies the change to `foods`; false when it found nothing to change.
    public func apply(to foods: inout UserFoods) -> Bool {
        let before = foods
        foods.foods.removeAll { removed.foods.contains($0) }
        foods.aliases.removeAll { removed.aliases.contains($0) }
        foods.recipes.removeAll { removed.recipes.contains($0) }
        for (key, code) in removed.choices where foods.choices[key] == code { foods.choices[key] = nil }
        foods.foods += added.foods.filter { !foods.foods.contains($0) }
        foods.aliases += added.aliases.filter { !foods.aliases.contains($0) }
        foods.recipes += added.recipes.filter { !foods.recipes.contains($0) }
        foods.choices.merge(added.choices) { _, new in new }
        return foods != before
    }
}
