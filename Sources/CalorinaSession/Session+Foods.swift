import CalorinaFoods
import CalorinaHelp
import CalorinaJournal
import CalorinaLanguage
import CalorinaReports
import CalorinaResolver
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

/// The food commands: search, info, and the user's own foods, aliases and recipes.
extension Session {
    func search(_ words: String) throws(SessionError) -> Outcome {
        let user = try loadUserFoods()
        var own: (name: String, item: ResolvedItem)?
        if let named = user.named(words), case .success(let item) = resolveOne(named.name, user: user) {
            own = (named.name, item)
        }
        let report = SearchReport(searching: words, in: resolver, own: own)
        let keyWords = FoodWords.keyWords(words)
        show(
            PickList(
                what: "search '\(words)'",
                items: report.rows.map { row in
                    .init(
                        name: row.name,
                        target: row.code.map { .table(code: $0, words: keyWords, amount: nil) }
                            ?? .own(name: row.name, amount: nil))
                }))
        return .search(report)
    }

    /// `foods`: the person's foods, aliases and recipes, numbered through in that order.
    func listFoods() throws(SessionError) -> Outcome {
        let user = try loadUserFoods()
        let names = user.foods.map(\.name) + user.aliases.map(\.name) + user.recipes.map(\.name)
        show(PickList(what: "foods", items: names.map { .init(name: $0, target: .own(name: $0, amount: nil)) }))
        return .foods(user)
    }

    func info(_ phrase: FoodPhrase, line: String) throws(SessionError) -> Outcome {
        let user = try loadUserFoods()
        if let named = user.named(phrase.text) {
            switch named {
            case .food(let food): return .ownFoodInfo(OwnFoodInfoReport(food: food))
            case .recipe(let recipe):
                guard let parts = resolver.parts(of: recipe, user: user) else {
                    throw .resolve(ResolveError(resolver.partsProblem(of: recipe, user: user), phrase.range))
                }
                return .ownFoodInfo(OwnFoodInfoReport(recipe: recipe, parts: parts))
            case .alias: break
            }
            let definition: String
            switch named {
            case .food(let food): definition = food.summary
            case .alias(let alias): definition = "another name for '\(alias.target)'"
            case .recipe(let recipe): definition = "a recipe: \(recipe.items)"
            }
            let portion: ResolvedItem? =
                if case .success(let item) = resolveOne(named.name, user: user) { item } else { nil }
            return .info(InfoReport(own: named.name, definition: definition, portion: portion))
        }
        guard let match = resolver.index.search(phrase.text, limit: 1).first else {
            let suggestions = resolver.index.suggestions(phrase.text).map(\.name)
            throw .resolve(ResolveError(.unknownFood(phrase.text, suggestions: suggestions), phrase.range))
        }
        let food = resolver.index.table.foods[match.index]
        return .info(InfoReport(food: food, category: resolver.index.table.categories[food.category]))
    }

    /// Resolves one bare name (for search and info rows).
    private func resolveOne(_ text: String, user: UserFoods) -> Result<ResolvedItem, ResolveError> {
        let phrase = FoodPhrase(
            words: FoodWords.keyWords(text), text: text, range: SourceRange(0, text.unicodeScalars.count))
        return resolver.resolve(LogItem(food: phrase, range: phrase.range), user: user)
    }

    // MARK: - Defining

    func define(_ definition: FoodDefinition, line: String) throws(SessionError) -> Outcome {
        try checkNameFree(definition.name)
        let food = UserFood(definition)
        let done = "defined '\(food.name)' as \(food.summary)" + workedOutNote(food) + shadowNote(food.name)
        return try addToFoods(done, .food(food))
    }

    /// `edit food NAME = …`: the values said replace the food's, the rest stay. Entries already
    /// logged keep what they logged: they are snapshots.
    func editFood(_ change: FoodDefinition, line: String) throws(SessionError) -> Outcome {
        let food: UserFood
        switch try existing(change.name) {
        case .food(let found): food = found
        case .alias(let alias): throw SessionError(.notADefinedFood(alias.name, is: "your alias for '\(alias.target)'"))
        case .recipe(let recipe): throw SessionError(.notADefinedFood(recipe.name, is: "your recipe"))
        }
        let edited = food.edited(by: change)
        if edited == food { return .foodsChanged("'\(food.name)' is \(food.summary) already: nothing to change") }
        let done =
            "'\(food.name)' is now \(edited.summary)" + workedOutNote(edited, unless: change.facts.kcal != nil)
            + "; entries already logged keep what they logged"
        return try changeFoods(done) { foods in
            guard let index = foods.foods.firstIndex(of: food) else { return false }
            foods.foods[index] = edited
            return true
        }
    }

    /// " (kcal worked out from the macros: 4 × 20 + 4 × 25 + 9 × 8)" for a food whose energy
    /// was not said.
    private func workedOutNote(_ food: UserFood, unless said: Bool = false) -> String {
        guard !said, food.kcalFromMacros == true, let protein = food.nutrients[.protein],
            let carbs = food.nutrients[.carbs], let fat = food.nutrients[.fat]
        else { return "" }
        return " (kcal worked out from the macros: 4 × \(Format.number(protein)) + 4 × \(Format.number(carbs))"
            + " + 9 × \(Format.number(fat)))"
    }

    func alias(_ name: String, target: FoodPhrase, line: String) throws(SessionError) -> Outcome {
        try checkNameFree(name)
        let user = try loadUserFoods()
        let resolved: ResolvedItem
        switch resolver.resolve(LogItem(food: target, range: target.range), user: user) {
        case .success(let item): resolved = item
        case .failure(let error): throw .resolve(error)
        }
        // An alias for the very food its name meant already shadows nothing worth a word.
        let shadow = shadowNote(name, unless: resolved.food)
        return try addToFoods(
            "'\(name)' now means '\(target.text)' (\(resolved.food))" + shadow,
            .alias(UserAlias(name: name, target: target.text)))
    }

    func recipe(_ name: String, items: [LogItem], text: String, line: String) throws(SessionError) -> Outcome {
        try checkNameFree(name)
        let user = try loadUserFoods()
        let parts: [ResolvedItem]
        switch resolver.resolve(recipeItems: LogCommand(items: items), user: user) {
        case .success(let items): parts = items
        case .failure(let failure): throw SessionError(.resolveAll(failure))
        }
        let kcal = parts.reduce(0) { $0 + $1.kcal }
        return try addToFoods(
            "recipe '\(name)': \(text) · \(Format.integer(kcal)) kcal a serving" + shadowNote(name),
            .recipe(Recipe(name: name, items: text)))
    }

    func rename(_ old: String, to new: String, line: String) throws(SessionError) -> Outcome {
        let named = try existing(old)
        if FoodWords.normalized(old) != FoodWords.normalized(new) { try checkNameFree(new) }
        return try changeFoods("renamed '\(named.name)' to '\(new)'; entries already logged keep their name") { foods in
            foods.rename(old, to: new)
        }
    }

    func forget(_ name: String, line: String) throws(SessionError) -> Outcome {
        let named = try existing(name)
        return try changeFoods("forgot '\(named.name)'; entries already logged stay as they were") { foods in
            foods.remove(named: name)
        }
    }

    /// `choices`: the remembered picks, by their words.
    func listChoices() throws(SessionError) -> Outcome {
        let choices = try userFoodsWithPicks().choices
        return .choices(ChoicesReport(choices, table: resolver.index.table))
    }

    /// `forget choice WORDS`: the words no longer mean the food picked; they offer the choice
    /// again. A food of the user's called "choice …" is forgotten when no pick has those words.
    func forgetChoice(_ words: String, line: String) throws(SessionError) -> Outcome {
        let user = try loadUserFoods()
        let key = FoodWords.normalized(words)
        guard let code = user.choices[key] ?? dryRunChoices[key] else {
            if let first = line.trimmed.split(separator: " ").dropFirst().first,
                user.named("\(first) \(words)") != nil
            {
                return try forget("\(first) \(words)", line: line)
            }
            throw SessionError(.noPickRemembered(words, known: Array(user.choices.keys.sorted().prefix(5))))
        }
        let name = resolver.index.table.food(code: code)?.name ?? "food \(code)"
        if options.dryRun {
            dryRunChoices[key] = nil
            return .foodsChanged("forgot that '\(key)' means \(name) (dry run: nothing saved)")
        }
        return try changeFoods("forgot that '\(key)' means \(name); the next time they offer the choice again") {
            foods in
            foods.choices[key] = nil
            return true
        }
    }

    /// The user's food, alias or recipe with this name.
    private func existing(_ name: String) throws(SessionError) -> UserFoods.Named {
        guard let named = try loadUserFoods().named(name) else { throw SessionError(.noSuchOwnFood(name)) }
        return named
    }

    /// Throws when the name is the user's already. An everyday name of the table may be taken
    /// over; the confirmation says so.
    func checkNameFree(_ name: String) throws(SessionError) {
        let user = try loadUserFoods()
        if FoodWords.normalized(name).isEmpty { throw SessionError(.notAName(name)) }
        if let named = user.named(name) {
            let what: String
            switch named {
            case .food(let food): what = "is your food (\(food.kcalSummary))"
            case .alias(let alias): what = "is your alias for '\(alias.target)'"
            case .recipe(let recipe): what = "is your recipe (\(recipe.items))"
            }
            throw SessionError(.nameTaken(named.name, is: what))
        }
    }

    /// " (it used to mean 'Soft drink, cola')" when a new name shadows an everyday one.
    private func shadowNote(_ name: String, unless sameFood: String? = nil) -> String {
        guard let everyday = resolver.index.table.everyday(named: FoodWords.normalized(name)),
            let food = resolver.index.table.food(code: everyday.code), food.name != sameFood
        else { return "" }
        return "; '\(name)' now means yours, no longer '\(food.name)' (forget it to undo)"
    }

    /// Changes the user's foods as one undoable change.
    func changeFoods(_ done: String, _ change: (inout UserFoods) -> Bool) throws(SessionError) -> Outcome {
        if options.dryRun { return .foodsChanged(done + " (dry run: nothing saved)") }
        try recordFoodsChange(done, change)
        return .foodsChanged(done)
    }

    /// Adds a food, alias or recipe of the user's as one undoable change. In a script it is written
    /// with the script's batch (`flush`), as the journal's changes are, and the change is known
    /// without comparing the whole document before and after: a script of two thousand `define`
    /// lines no longer reads, compares and writes the file two thousand times (issue 25, item 6).
    func addToFoods(_ done: String, _ named: UserFoods.Named) throws(SessionError) -> Outcome {
        if options.dryRun { return .foodsChanged(done + " (dry run: nothing saved)") }
        let add: @Sendable (inout UserFoods) -> Bool = { foods in
            switch named {
            case .food(let food): foods.add(food)
            case .alias(let alias): foods.add(alias)
            case .recipe(let recipe): foods.add(recipe)
            }
            // Written in the oldest version that holds it (see `recordFoodsChange`).
            foods.version = foods.versionNeeded
            return true
        }
        guard options.batch else {
            try recordFoodsChange(done, add)
            return .foodsChanged(done)
        }
        try stored { () throws(StoreError) in try userFoods.deferUpdate(add) }
        try remember(
            UndoRecord(change: done, undo: ChangeSet(), redo: ChangeSet(), foods: [UserFoodsChange(adding: named)]))
        return .foodsChanged(done)
    }

    /// Changes the user's foods and remembers the change for undo, described as `done`.
    ///
    /// - Returns: the undo record kept for it, nil when nothing changed.
    @discardableResult
    func recordFoodsChange(_ done: String, _ change: (inout UserFoods) -> Bool) throws(SessionError) -> UndoRecord? {
        // The record first, as for every change (issue 25, F11): what the change will do to the
        // foods as they are now; said again below if another writer changed them meanwhile.
        var expected = try loadUserFoods()
        let before = expected
        guard change(&expected) else { return nil }
        expected.version = expected.versionNeeded
        let planned = UserFoodsChange(from: before, to: expected)
        guard !planned.isEmpty else { return nil }
        let kept = try remember(UndoRecord(change: done, undo: ChangeSet(), redo: ChangeSet(), foods: [planned]))
        // A script's foods are written at once, not with its batch: its record so far goes first.
        if options.batch { try stored { () throws(StoreError) in try keepScriptIntent() } }
        var recorded: UserFoodsChange?
        do {
            try stored { () throws(StoreError) in
                try userFoods.update { foods in
                    let before = foods
                    let changed = change(&foods)
                    // Written in the oldest version that holds it: an earlier file is upgraded, but
                    // only as far as its foods need.
                    foods.version = foods.versionNeeded
                    recorded = UserFoodsChange(from: before, to: foods)
                    return changed
                }
            }
        } catch {
            withdraw(kept, changes: nil)
            throw error
        }
        if recorded != planned {
            var corrected = kept.record
            corrected.foods = recorded.map { [$0] }
            if recorded?.isEmpty ?? true {
                withdraw(kept, changes: nil)
                return nil
            } else {
                try? replaceRecord(kept.record, with: corrected)
                return corrected
            }
        }
        return kept.record
    }
}

extension Session {
    /// A name that ends in words the parser took for a meal or day ("my breakfast", "lunch
    /// special monday", "capri sun"): when the last food and the words after it are one of the
    /// user's names or an everyday name, they are that name, not a modifier.
    func claimingNames(_ command: LogCommand, line: String, user: UserFoods) -> LogCommand {
        guard command.meal != nil || command.day != nil, let last = command.items.last,
            let food = last.food
        else {
            return command
        }
        let scalars = Array(line.unicodeScalars)
        // Only words after the food can have been taken for a modifier: with nothing after it,
        // a day or meal said before the food stays ("2026-09-03 bar").
        guard food.range.start < scalars.count, food.range.end < scalars.count else { return command }
        // A sentence's full stop is no word ("For breakfast, I had rice." keeps its breakfast).
        let after = scalars[food.range.end...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            .filter { $0.contains(where: { $0.properties.isAlphabetic || ("0"..."9").contains($0) }) }
        guard !after.isEmpty else { return command }
        // Without names of the user's, only an everyday name can claim, and it ends in one more
        // word ("capri sun"); a script's "… lunch 2016-03-04" is left alone at once.
        if !user.hasNames && after.count > 1 { return command }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[food.range.start...])
        let rest = String(view).trimmed
        // A user's name, or an everyday one ("capri sun" is no Capri on Sunday).
        let name: String
        if let named = user.named(rest) {
            name = named.name
        } else if resolver.index.table.everyday(named: FoodWords.normalized(rest)) != nil {
            name = rest
        } else {
            return command
        }
        var claimed = command
        claimed.items[claimed.items.count - 1].food = FoodPhrase(
            words: FoodWords.keyWords(rest), text: name, range: SourceRange(food.range.start, scalars.count))
        claimed.meal = nil
        claimed.day = nil
        return claimed
    }
}

extension Session {
    /// The names of the person's own foods, aliases and recipes, for TAB; none when the foods
    /// file cannot be read (completion says nothing rather than stop the line being typed).
    public func ownNamesForCompletion() -> [String] {
        guard let foods = try? loadUserFoods() else { return [] }
        return Completer.ownNames(foods)
    }
}
