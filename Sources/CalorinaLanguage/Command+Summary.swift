import CalorinaSupport

extension Command {
    /// A compact, stable dump of the command for golden tests and grammar/examples:
    ///
    ///     log meal=breakfast day=yesterday | 2 serving "oatmeal"; 1 "banana" and
    ///
    /// An item reads `[count] [unit] ["food words"] [kcal=N] [joiner]`, joiners being `and`,
    /// `with` or `punct` for the item that follows them.
    public var summary: String {
        switch self {
        case .nothing: return "nothing"
        case .quit: return "quit"
        case .undo(let anyone): return anyone ? "undo any" : "undo"
        case .help(let topic): return topic.map { "help \($0)" } ?? "help"
        case .show(let day): return "show " + day.summary
        case .search(let words): return "search \"\(words)\""
        case .info(let food): return "info \"" + food.words.joined(separator: " ") + "\""
        case .define(let definition): return "define " + definition.summary
        case .editFood(let definition): return "edit food " + definition.summary
        case .alias(let name, let target): return "alias \"\(name)\" = \"" + target.words.joined(separator: " ") + "\""
        case .recipe(let name, let items, _):
            return "recipe \"\(name)\" = " + items.map(\.summary).joined(separator: "; ")
        case .pastedRecipe(let name, let serves):
            return "recipe \"\(name)\" serves \(Format.number(serves)), ingredient lines follow"
        case .foods: return "foods"
        case .rename(let from, let to): return "rename \"\(from)\" = \"\(to)\""
        case .forget(let name): return "forget \"\(name)\""
        case .choices: return "choices"
        case .devices: return "devices"
        case .forgetChoice(let words): return "forget choice \"\(words)\""
        case .set(let setting): return "set " + setting.summary
        case .goal(let request): return request.map { "goal " + $0.summary } ?? "goal"
        case .profile: return "profile"
        case .weight(let value, let unit, let day):
            return "weight \(Format.number(value))" + (unit.map { " \($0)" } ?? "")
                + (day.map { " day=\($0.summary)" } ?? "")
        case .water(let ml, let day): return "water \(Format.number(ml)) ml" + (day.map { " day=\($0.summary)" } ?? "")
        case .exercise(let exercise):
            var parts = ["exercise \"\(exercise.activity)\""]
            if let minutes = exercise.minutes { parts.append("min=\(Format.number(minutes))") }
            if let km = exercise.kilometers { parts.append("km=\(Format.number(km))") }
            if let kcal = exercise.kcal { parts.append("kcal=\(Format.number(kcal))") }
            if let day = exercise.day { parts.append("day=\(day.summary)") }
            return parts.joined(separator: " ")
        case .workout(let workout): return workout.summary
        case .workouts(let period, nil): return "workouts \(period.rawValue)"
        case .workouts(let period, let choice?): return "workouts \(period.rawValue) \(choice.summary)"
        case .delete(let numbers, let day):
            return "delete " + numbers.map(String.init).joined(separator: ",")
                + (day.map { " day=\($0.summary)" } ?? "")
        case .edit(let number, let item, let day):
            return "edit \(number)" + (day.map { " day=\($0.summary)" } ?? "") + " | \(item.summary)"
        case .move(let number, let meal, let day):
            return "move \(number) to \(meal.rawValue)" + (day.map { " day=\($0.summary)" } ?? "")
        case .again(let meal, let day):
            return "again" + (meal.map { " \($0.rawValue)" } ?? "") + (day.map { " day=\($0.summary)" } ?? "")
        case .copy(let day, let meal, let force, let target, let toMeal):
            return "copy \(day.summary)" + (meal.map { " \($0.rawValue)" } ?? "")
                + (target.map { " to=\($0.summary)" } ?? "") + (toMeal.map { " to-meal=\($0.rawValue)" } ?? "")
                + (force ? " force" : "")
        case .redo(let anyone): return anyone ? "redo any" : "redo"
        case .switchDay(let day): return "day " + day.summary
        case .history(.period(let period)): return "history \(period.rawValue)"
        case .history(.days(let days)): return "history days=\(days)"
        case .targetHistory(let nutrient, let days): return "history days=\(days) \(nutrient.rawValue)"
        case .history(.calendar(let period, let choice)): return "history \(period.rawValue) \(choice.summary)"
        case .weights(let period, nil): return "weights \(period.rawValue)"
        case .weights(let period, let choice?): return "weights \(period.rawValue) \(choice.summary)"
        case .export(let request):
            var parts = ["export " + (request.format?.rawValue ?? "?")]
            if let from = request.from { parts.append("from=\(from.summary)") }
            if let to = request.to { parts.append("to=\(to.summary)") }
            if let file = request.file { parts.append("file=\"\(file)\"") }
            return parts.joined(separator: " ")
        case .importFile(let file): return "import \"\(file)\""
        case .importMapped(let request):
            let pairs = ImportField.allCases.compactMap { field in
                request.map?.columns[field].map { "\(field.rawValue)=\($0)" }
            }
            return "import \"\(request.file)\" map=\"\(pairs.joined(separator: ","))\""
        case .exportAll(let file): return "export all" + (file.map { " file=\"\($0)\"" } ?? "")
        case .suggest(let meal): return "suggest" + (meal.map { " \($0.rawValue)" } ?? "")
        case .pick(let pick): return pick.summary
        case .inquiry(let inquiry): return "question \(inquiry.asksName) = \(inquiry.commandText)"
        case .doctor(restore: nil): return "doctor"
        case .doctor(restore: .everyBrokenFile): return "doctor restore all"
        case .doctor(restore: .named(let file)): return "doctor restore \"\(file)\""
        case .log(let log):
            var head = "log"
            if let meal = log.meal { head += " meal=\(meal.rawValue)" }
            if let day = log.day { head += " day=\(day.summary)" }
            return head + " | " + log.items.map(\.summary).joined(separator: "; ")
        }
    }
}

extension LogItem {
    /// `2 serving "oatmeal"`, `"burger" kcal=650`, `and 1 "banana"`, `1 cup "milk" or "cream"`.
    public var summary: String {
        var parts: [String] = []
        switch joiner {
        case .none: break
        case .and: parts.append("and")
        case .with: parts.append("with")
        case .punctuation: parts.append("punct")
        }
        if let meal { parts.append("meal=" + meal.rawValue) }
        if let count { parts.append(Format.number(count)) }
        if let unit { parts.append(unit.name) }
        if let food { parts.append("\"" + food.words.joined(separator: " ") + "\"") }
        if let kcal { parts.append("kcal=" + Format.number(kcal)) }
        for choice in choices { parts.append("or \"" + choice.words.joined(separator: " ") + "\"") }
        return parts.joined(separator: " ")
    }
}

extension DaySpec {
    /// `today`, `yesterday`, `-2`, `weekday=1`, `2026-11-20`.
    public var summary: String {
        switch self {
        case .today: "today"
        case .yesterday: "yesterday"
        case .daysAgo(let days): "-\(days)"
        case .weekday(let weekday): "weekday=\(weekday)"
        case .lastWeekday(let weekday): "last-weekday=\(weekday)"
        case .date(let date): date.description
        }
    }
}

extension PeriodChoice {
    /// `ago=1`, `holding=2026-11-02`, `month=10`, `month=2026-10`, `year=2025`.
    public var summary: String {
        switch self {
        case .ago(let count): "ago=\(count)"
        case .holding(let day): "holding=" + day.summary
        case .month(let month, let year?): "month=\(year)-\(month < 10 ? "0" : "")\(month)"
        case .month(let month, nil): "month=\(month)"
        case .year(let year): "year=\(year)"
        }
    }
}

extension Setting {
    /// `age 34`, `height 178 cm`, `units imperial`.
    public var summary: String {
        switch self {
        case .age(let age): "age \(age)"
        case .sex(let sex): "sex \(sex.rawValue)"
        case .height(let cm): "height \(Format.number(cm)) cm"
        case .weight(let value, let unit): "weight \(Format.number(value))" + (unit.map { " \($0)" } ?? "")
        case .units(let units): "units \(units.name)"
        case .activity(let level): "activity \(level.rawValue)"
        case .confirmOverGoal(let on): "confirm-over-goal \(on ? "on" : "off")"
        case .waterGoal(let ml): "water-goal \(Format.number(ml)) ml"
        case .goalWeight(let value, let unit): "goal-weight \(Format.number(value))" + (unit.map { " \($0)" } ?? "")
        }
    }
}

extension GoalRequest {
    /// `lose 0.5`, `maintain`, `1800`.
    public var summary: String {
        switch self {
        case .maintain: "maintain"
        case .lose(let rate, let unit): "lose \(Format.number(rate))" + (unit.map { " \($0)" } ?? "")
        case .gain(let rate, let unit): "gain \(Format.number(rate))" + (unit.map { " \($0)" } ?? "")
        case .fixed(let kcal): Format.number(kcal)
        case .target(let nutrient, nil): "\(nutrient.rawValue) off"
        case .target(let nutrient, let amount?):
            "\(nutrient.rawValue) \(amount.isLimit ? "under" : "over") \(Format.number(amount.amount)) \(amount.unit.rawValue)"
        case .targets: "targets"
        }
    }
}

extension FoodDefinition {
    /// `"protein bar" kcal=210 protein=20 per 1 bar (60 g)`.
    var summary: String {
        var parts = ["\"\(name)\""]
        if !facts.isEmpty { parts.append(facts.summary) }
        if let per {
            parts.append(
                "per \(Format.number(per.amount)) \(per.unit)" + (per.grams.map { " (\(Format.number($0)) g)" } ?? ""))
        }
        return parts.joined(separator: " ")
    }
}
