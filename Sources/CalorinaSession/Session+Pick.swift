import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaParser
import CalorinaResolver
import CalorinaResults
import CalorinaSupport

extension Session {
    /// Keeps `list` as the one `log N` picks from, shown by the line being handled.
    func show(_ list: PickList) {
        pickList = list
        lineShowedList = true
    }

    /// The candidates of the last words of a log line that fit several foods, as the list to
    /// pick from: picking one logs the line again with those words meaning it.
    func noteCandidates(of failure: ResolveFailure, command: LogCommand, line: String) {
        guard let (phrase, candidates) = failure.errors.last(where: \.isAmbiguous)?.kind.choices else { return }
        show(
            PickList(
                what: "the foods '\(phrase)' could be",
                items: candidates.map {
                    .init(
                        name: $0.name,
                        target: .candidate(Pin(phrase: phrase, code: $0.code), command: command, line: line))
                }))
    }

    /// Candidates printed by a line that logs nothing (`edit 3 bagel`, `alias b = bagel`): a
    /// pick logs the food itself, at its own portion.
    func noteCandidates(of error: SessionError) {
        guard !lineShowedList else { return }
        let last: ResolveError?
        switch error.kind {
        case .resolve(let one): last = one
        case .resolveAll(let failure): last = failure.errors.last(where: \.isAmbiguous)
        default: return
        }
        guard let (phrase, candidates) = last?.kind.choices else { return }
        let words = FoodWords.keyWords(phrase)
        show(
            PickList(
                what: "the foods '\(phrase)' could be",
                items: candidates.map { .init(name: $0.name, target: .table(code: $0.code, words: words, amount: nil)) }
            ))
    }

    /// `log 2 200 g lunch`, `2`: item 2 of the last list, logged as a log line naming that food
    /// with that amount would log it. A bare number is an item only right after the list;
    /// otherwise the line is read as if picks did not exist.
    func pick(_ pick: PickCommand, line: String) throws(SessionError) -> Outcome {
        if pick.isBare && !pickListIsLast {
            let command: Command
            do {
                command = try Parser.parse(line, today: now.date, picking: false)
            } catch {
                throw .parse(error)
            }
            return try run(command, line: line)
        }
        guard let list = pickList else { throw SessionError(.noListToPick, pick.numberRange) }
        guard pick.number >= 1, pick.number <= list.items.count else {
            throw SessionError(.noSuchItem(pick.number, count: list.items.count, list: list.what), pick.numberRange)
        }
        let item = list.items[pick.number - 1]
        let change = "logged \(item.name) (item \(pick.number) of \(list.what))"
        var typed = LogItem(count: pick.count, unit: pick.unit, range: pick.amountRange ?? pick.numberRange)
        typed.unitWord = pick.unitWord
        typed.countRange = pick.amountRange
        let command = LogCommand(items: [typed], meal: pick.meal ?? list.meal, day: pick.day)
        switch item.target {
        case .table(let code, let words, let amount):
            guard let food = resolver.index.table.food(code: code) else {
                throw .resolve(ResolveError(.unknownFood(item.name, suggestions: []), pick.numberRange))
            }
            let resolved = try weigh(typed, as: food, words: words, else: pick.hasAmount ? nil : amount)
            return try logResolved([resolved], command: command, line: line, describing: change)
        case .own(let name, let amount):
            var named = typed
            if !pick.hasAmount, let amount {
                named.count = amount.count
                named.unit = amount.unit
            }
            named.food = FoodPhrase(words: FoodWords.keyWords(name), text: name, range: pick.numberRange)
            switch resolver.resolve(named, user: try userFoodsWithPicks()) {
            case .success(let resolved):
                return try logResolved([resolved], command: command, line: line, describing: change)
            case .failure(let error): throw .resolve(error)
            }
        case .calories(let food, let kcal):
            if pick.hasAmount {
                throw SessionError(.pickTakesNoAmount(food: food), pick.amountRange ?? pick.numberRange)
            }
            var direct = typed
            direct.kcal = kcal
            direct.food = FoodPhrase(words: FoodWords.keyWords(food), text: food, range: pick.numberRange)
            switch resolver.resolve(direct) {
            case .success(let resolved):
                return try logResolved([resolved], command: command, line: line, describing: change)
            case .failure(let error): throw .resolve(error)
            }
        case .candidate(let pin, var original, let originalLine):
            if let meal = pick.meal { original.meal = meal }
            if let day = pick.day { original.day = day }
            if pick.hasAmount {
                // The amount is the item's whose words fit several foods.
                guard let index = original.items.firstIndex(where: { $0.food?.text == pin.phrase }) else {
                    throw SessionError(.pickTakesNoAmount(food: pin.phrase), pick.amountRange ?? pick.numberRange)
                }
                original.items[index].count = pick.count
                original.items[index].unit = pick.unit
                original.items[index].unitWord = pick.unitWord
            }
            // The line is the one the foods came from: what goes wrong points into it.
            do {
                let outcome = try logResolving(original, line: originalLine, pinning: pin)
                if case .logged = outcome, !lineShowedList {
                    // The line is logged now: from here on the list is of the foods alone.
                    let words = FoodWords.keyWords(pin.phrase)
                    pickList?.items = list.items.map { item in
                        guard case .candidate(let each, _, _) = item.target else { return item }
                        return .init(name: item.name, target: .table(code: each.code, words: words, amount: nil))
                    }
                }
                return outcome
            } catch {
                if case .store = error.kind { throw error }
                return Session.outcome(of: error, line: originalLine)
            }
        }
    }

    /// A table food weighed for a pick: with the amount typed, else `amount` (the grams it
    /// came to, when the amount in its own words weighs otherwise now), else its own portion.
    private func weigh(_ item: LogItem, as food: Food, words: [String], else amount: PickAmount?) throws(SessionError)
        -> ResolvedItem
    {
        var item = item
        if let amount {
            item.count = amount.count
            item.unit = amount.unit
        }
        let first = resolver.resolve(item, food: food, words: words)
        if let amount, let grams = amount.grams,
            (try? first.get()).map({ abs(($0.grams ?? 0) - grams) > 0.5 }) ?? true
        {
            item.count = grams
            item.unit = Unit.named("g")
            item.unitWord = "g"
            if case .success(let resolved) = resolver.resolve(item, food: food, words: words) { return resolved }
        }
        switch first {
        case .success(let resolved): return resolved
        case .failure(let error): throw .resolve(error)
        }
    }

    /// The amount an entry was logged with, to log it again.
    static func pickAmount(of entry: Entry) -> PickAmount {
        PickAmount(count: entry.quantity, unit: Unit.named(entry.unit), grams: entry.grams)
    }
}

extension ResolveError {
    /// True for words that fit several foods, or a food found only without one of them: a
    /// question with foods to pick.
    var isAmbiguous: Bool { kind.choices != nil }
}

extension Session {
    /// `suggest`'s rows as the list to pick from: each the food of its newest entry, and that
    /// entry's amount when the pick gives none (what the row shows).
    func showSuggestions(_ newest: [Entry], meal: Meal) throws(SessionError) {
        let user = try loadUserFoods()
        show(
            PickList(
                what: "suggest",
                items: newest.map { entry in
                    let target: PickList.Target
                    if let code = entry.code, let food = resolver.index.table.food(code: code) {
                        target = .table(
                            code: code, words: FoodWords.keyWords(food.head), amount: Session.pickAmount(of: entry))
                    } else if let named = user.named(entry.food) {
                        target = .own(name: named.name, amount: Session.pickAmount(of: entry))
                    } else {
                        target = .calories(food: entry.food, kcal: entry.kcal)
                    }
                    return .init(name: entry.food, target: target)
                }, meal: meal))
    }
}
