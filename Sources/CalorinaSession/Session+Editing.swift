import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaParser
import CalorinaResolver
import CalorinaResults
import CalorinaSupport
import CalorinaUndo

extension Session {
    // MARK: - Editing

    /// The entry numbered `number` in the day being edited, as `today` numbers it.
    private func entry(_ number: Int, day: DaySpec? = nil) throws(SessionError) -> Entry {
        try entries([number], day: day)[0]
    }

    /// The entries numbered so on the day named (the day being edited when none is), as 'today'
    /// numbers them; a failure naming every number that is not there.
    private func entries(_ numbers: [Int], day: DaySpec?) throws(SessionError) -> [Entry] {
        let date = day?.resolve(today: now.date) ?? currentDay
        let entries = try stored { () throws(StoreError) in try numberedDay(date) }
        // At a terminal, a number names the entry shown there with it: when another writer
        // changed the day since, it may name another, and nothing is done.
        if options.interactive, !shownNumbers.numbersHold(on: date.description, now: entries.map(\.id)) {
            throw SessionError(.dayChangedSinceShown(day: date, today: now.date))
        }
        let missing = numbers.filter { !(1...max(1, entries.count)).contains($0) || entries.isEmpty }
        guard missing.isEmpty else {
            throw SessionError(.noSuchEntries(missing, day: date, count: entries.count, today: now.date))
        }
        return numbers.map { entries[entries.startIndex + $0 - 1] }
    }

    /// Replaces an entry with a changed copy of itself, as one undoable change.
    private func replace(_ old: Entry, with new: Entry, describing change: String) throws(SessionError) -> Outcome {
        if !options.dryRun {
            let changes = ChangeSet(remove: [old], add: [new])
            try commit(changes, as: UndoRecord(change: change, undo: changes.inverse, redo: changes))
        }
        return try show(CivilDate(new.date) ?? currentDay)
    }

    /// Deletes the entries numbered so, all or none, as one undoable change.
    func delete(_ numbers: [Int], day: DaySpec?, line: String) throws(SessionError) -> Outcome {
        let old = try entries(numbers, day: day)
        let change =
            old.count == 1
            ? "deleted \(old[0].food)" : "deleted \(old.count) entries (\(old.map(\.food).joined(separator: ", ")))"
        if !options.dryRun {
            // Where each stood, so that undo puts it back under its number.
            var places: [String: String] = [:]
            if let day = try? numberedDay(CivilDate(old[0].date) ?? currentDay) {
                // By the numbers said: the entry before each, as the day is numbered.
                for number in numbers where number >= 1 && number <= day.count {
                    let at = day.startIndex + number - 1
                    places[day[at].id] = number == 1 ? "" : day[at - 1].id
                }
            }
            let changes = ChangeSet(remove: old, places: places)
            try commit(changes, as: UndoRecord(change: change, undo: changes.inverse, redo: changes))
        }
        // The numbers after the deleted ones move up: show them as they are now (not in a script,
        // where a day of thousands shown after each of thousands of deletes is noise, and costs
        // the square of the day).
        let day = options.batch ? nil : try? dayReport(CivilDate(old[0].date) ?? currentDay)
        return .undone(
            UndoReport(deleting: old, change: change, day: day, units: day?.units ?? profileOrDefaults().units))
    }

    func move(_ number: Int, to meal: Meal, day: DaySpec? = nil, line: String) throws(SessionError) -> Outcome {
        let old = try entry(number, day: day)
        var new = old
        new.meal = meal
        return try replace(old, with: new, describing: "moved \(old.food) to \(meal.rawValue)")
    }

    /// `edit 3 …`: a new food (with its amount), new calories, or a new amount for entry 3, in
    /// its place, keeping its number, meal and time.
    func edit(_ number: Int, item: LogItem, day: DaySpec? = nil, line: String) throws(SessionError) -> Outcome {
        let old = try entry(number, day: day)
        guard old.isFood else { throw SessionError(.editNotFood) }
        if item.food != nil { return try replaceFood(old, with: item, line: line) }
        if let kcal = item.kcal, item.count == nil, item.unit == nil {
            // Calories of the person's own: the table's no longer hold, nor its macros.
            var entry = old
            entry.kcal = kcal
            entry.code = nil
            entry.nutrients = Nutrients()
            return try replace(old, with: entry, describing: "edited \(old.food): \(Format.integer(kcal)) kcal")
        }
        var changed = item
        changed.food = FoodPhrase(words: FoodWords.keyWords(old.food), text: old.food, range: item.range)
        if old.code == nil, old.grams == nil, let unit = item.unit, unit.name != old.unit {
            // Nothing to weigh it by: 150 g of "burger 650 kcal" is no number anyone gave.
            throw SessionError(.editWithoutWeight(food: old.food, unit: unit.name(for: 2), number: number))
        }
        if old.code == nil, old.grams == nil || item.unit == nil {
            // Direct calories and user foods without weights scale by the count.
            let factor = (item.count ?? 1) / max(old.quantity, 0.000_1)
            var scaled = old
            scaled.quantity = item.count ?? 1
            scaled.kcal = Format.rounded(old.kcal * factor, places: 1)
            // A user food's macros and nutrients scale with it.
            func scale(_ value: Double?) -> Double? { value.map { Format.rounded($0 * factor, places: 1) } }
            for nutrient in Nutrient.all { scaled.nutrients[nutrient] = scale(old.nutrients[nutrient]) }
            scaled.portion = old.portion.isEmpty ? "" : "\(Format.number(item.count ?? 1)) × " + old.portion
            return try replace(old, with: scaled, describing: "edited \(old.food)")
        }
        let user = (try? userFoods.load()) ?? UserFoods()
        let resolved: Result<ResolvedItem, ResolveError>
        if let code = old.code, let index = resolver.index.table.index(code: code) {
            resolved = resolver.resolve(changed, food: resolver.index.table.foods[index])
        } else {
            resolved = resolver.resolve(changed, user: user)
        }
        let new: ResolvedItem
        switch resolved {
        case .failure(let error): throw SessionError(.resolve(error))  // of the whole line
        case .success(let item): new = item
        }
        var entry = old
        entry.take(amountOf: new)
        return try replace(old, with: entry, describing: "edited \(old.food)")
    }

    /// `edit 3 2 bananas`: what entry 3 was is replaced by the food named, found as a log line
    /// finds it (at a terminal, words that fit several foods offer the choice).
    func replaceFood(_ old: Entry, with item: LogItem, line: String) throws(SessionError) -> Outcome {
        let user = try userFoodsWithPicks()
        var single = item
        single.joiner = .none
        let resolved: ResolvedItem
        switch resolver.resolve(LogCommand(items: [single]), user: user) {
        case .success(let items) where items.count == 1:
            resolved = items[0]
        case .success:
            throw SessionError(.editSeveralFoods)
        case .failure(let failure):
            if options.interactive, let choice = ChoiceReport(failure, resolver: resolver) {
                return .question(Question(kind: .food(choice), then: .replacingFood(old, item, line: line)))
            }
            throw SessionError(.resolveAll(failure))
        }
        var entry = old
        entry.food = resolved.food
        entry.code = resolved.code
        entry.words = resolved.words
        entry.take(amountOf: resolved)
        return try replace(old, with: entry, describing: "replaced \(old.food) with \(resolved.food)")
    }

    /// `again`: the last food logged, once more; `again breakfast`: the day before's breakfast.
    /// Onto the day named, else the day being edited.
    func again(_ meal: Meal?, day: DaySpec? = nil, line: String) throws(SessionError) -> Outcome {
        let moment = now
        let target = day?.resolve(today: moment.date) ?? currentDay
        if let meal {
            // "again breakfast": yesterday's breakfast, once more today.
            let before = target.adding(days: -1)
            let source = try entries(on: before).filter { $0.isFood && $0.meal == meal }
            let from =
                before == moment.date.adding(days: -1) ? "yesterday's" : "\(before.display(today: moment.date))'s"
            return try copying(
                source, to: target, meal: nil, force: false, line: line, from: "\(from) \(meal.rawValue)",
                forcedLine: "copy \(before) \(meal.rawValue) to \(target) force")
        }
        var date = currentDay
        for _ in 0..<7 {
            if let last = try lastFood(on: date) {
                var entry = last
                entry.id = newID()
                entry.date = target.description
                entry.time = moment.clockText
                entry.meal = moment.suggestedMeal
                entry.text = line.trimmed
                return try record([entry], line: line, describing: "again: \(last.food)")
            }
            date = date.adding(days: -1)
        }
        throw SessionError(.nothingToRepeat)
    }

    /// The most entries one line may add without `force`: enough for any real day, and a wall
    /// against a few lines doubling a day into gigabytes.
    static let maxEntriesPerLine = 500

    func copy(
        _ day: DaySpec, meal: Meal?, force: Bool, to target: DaySpec? = nil, toMeal: Meal? = nil, line: String
    ) throws(SessionError) -> Outcome {
        let date = day.resolve(today: now.date)
        let destination = target?.resolve(today: now.date) ?? currentDay
        let what = date.display(today: now.date) + (meal.map { " \($0.rawValue)" } ?? "")
        // Copying a day (or a meal) onto itself doubles it, and again at every repeat; a meal
        // may go to another meal of its own day ("copy yesterday breakfast to lunch").
        guard date != destination || (toMeal != nil && toMeal != meal) else {
            throw SessionError(.copyOntoItself(what: what, day: date, meal: meal))
        }
        var source = try entries(on: date).filter { $0.isFood && (meal == nil || $0.meal == meal) }
        if let toMeal {
            for index in source.indices { source[index].meal = toMeal }
        }
        return try copying(
            source, to: destination, meal: meal, force: force, line: line, from: what,
            forcedLine: line.trimmed + " force")
    }

    private func copying(
        _ source: [Entry], to date: CivilDate, meal: Meal?, force: Bool, line: String, from: String,
        forcedLine: String
    ) throws(SessionError) -> Outcome {
        guard !source.isEmpty else { throw SessionError(.nothingToCopy(from: from)) }
        guard force || source.count <= Session.maxEntriesPerLine else {
            throw SessionError(
                .tooManyCopies(
                    count: source.count, from: from, limit: Session.maxEntriesPerLine, forcedLine: forcedLine))
        }
        let time = now.clockText
        let copies = source.map { entry in
            var copy = entry
            copy.id = newID()
            copy.date = date.description
            copy.time = time
            copy.text = line.trimmed
            return copy
        }
        return try record(copies, line: line, describing: "copied \(from)")
    }
}

extension Entry {
    /// Takes a found food's amount, weight, energy, macros and other nutrients, keeping what the
    /// entry is of.
    mutating func take(amountOf item: ResolvedItem) {
        quantity = item.quantity
        unit = item.unit
        portion = item.amount
        grams = item.grams
        kcal = item.kcal
        nutrients = item.nutrients
        nutrients[.protein] = item.protein
        nutrients[.carbs] = item.carbs
        nutrients[.fat] = item.fat
    }
}

extension ResolvedItem {
    /// The words of the line the food was found by and without, as its entry keeps them.
    var words: EntryWords {
        EntryWords(matched: matched, skipped: skipped, skippedRoles: skippedRoles.map(\.rawValue))
    }
}
