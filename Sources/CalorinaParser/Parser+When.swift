// When a thing happened, read once for every kind of line (issue 30): a day or a time of day said
// at the start or at the end of a line ("yesterday ran 30 min", "2026-11-19 3 sets of 10
// pushups", "last night I had a steak", "10000 steps last friday") is taken off the line, the
// rest is read as if it had not been said, and the day and meal go to the command that rest
// makes. A line whose command takes no day ("yesterday" alone shows it, "week -1" is a week) is
// read as before: the when is only taken off when the command it leaves can carry it.

import CalorinaLanguage
import CalorinaModel
import CalorinaPhrasing
import CalorinaSupport

/// What a line says about when: a day, a meal said in words ("for lunch"), the meal a time of day
/// means ("this morning"), and where it stood.
struct SaidWhen: Equatable {
    var day: DaySpec?
    var saidMeal: Meal?
    var timeMeal: Meal?
    var range: SourceRange

    /// The meal of the entry: the one said, else the time of day's.
    var meal: Meal? { saidMeal ?? timeMeal }
}

extension Parser {
    /// when = [ "on" ] , ( day | "the" , "day" , "before" , "yesterday" ) | "last" , weekday
    ///      | integer , ( "day" | "days" ) , "ago"
    ///      | ( "this" | "yesterday" ) , ( "morning" | "afternoon" | "evening" ) | "last" , "night"
    ///      | "tonight" | "before" , "bed" | "at" , "bedtime" | "at" , hour ;
    ///
    /// The when at the start of `tokens` (meal words beside it belong to it: "yesterday for
    /// lunch I had …"), else the one at the end, and the tokens without it; nil when the line
    /// says no when there, or nothing but one.
    static func splitWhen(_ tokens: [Token]) -> (rest: [Token], when: SaidWhen)? {
        guard tokens.count > 1 else { return nil }
        if let (end, when) = whenRun(tokens, from: 0, leading: true), end < tokens.count {
            return (Array(tokens[end...]), when)
        }
        for start in 0..<tokens.count {
            if let (end, when) = whenRun(tokens, from: start, leading: false), end == tokens.count {
                // The whole line is a when ("on monday"): it says no more than that.
                guard start > 0 else { return nil }
                var rest = Array(tokens[..<start])
                while let last = rest.last, last.kind == .comma || last.kind == .colon { rest.removeLast() }
                guard !rest.isEmpty else { return nil }
                return (rest, when)
            }
        }
        return nil
    }

    /// The tokens from `start` that say when and which meal, and where they end; nil when they
    /// hold no when (meal words alone are left to the line's own reading).
    private static func whenRun(_ tokens: [Token], from start: Int, leading: Bool) -> (Int, SaidWhen)? {
        var at = start
        var said = SaidWhen(day: nil, saidMeal: nil, timeMeal: nil, range: tokens[start].range)
        var sawWhen = false
        func word(_ index: Int) -> String? { index < tokens.count ? tokens[index].word : nil }
        while at < tokens.count {
            let token = tokens[at]
            if at > start, token.kind == .comma || token.kind == .colon {
                at += 1
                continue
            }
            if let (length, day, meal) = when(tokens, at: at, leading: leading) {
                // Two days in one run ("yesterday monday") is no reading of ours.
                if let day, let earlier = said.day, earlier != day { return nil }
                said.day = said.day ?? day
                if let meal, said.timeMeal == nil { said.timeMeal = meal }
                said.range = said.range.union(tokens[at + length - 1].range)
                at += length
                sawWhen = true
                continue
            }
            // "for lunch", "at dinner", "lunch": a meal beside the when.
            var length = 0
            if let first = word(at), first == "for" || first == "at",
                let meal = word(at + 1).flatMap(MealWords.meal(for:))
            {
                length = 2
                if said.saidMeal == nil { said.saidMeal = meal }
            } else if let meal = word(at).flatMap(MealWords.meal(for:)) {
                length = 1
                if said.saidMeal == nil { said.saidMeal = meal }
            }
            guard length > 0 else { break }
            said.range = said.range.union(tokens[at + length - 1].range)
            at += length
        }
        guard sawWhen else { return nil }
        // A weekday alone at the start names a day only before what starts a line: a number, a
        // sentence or a movement ("monday 2 eggs", "monday I had …"), never a food's own word
        // ("sunday roast").
        if leading, let first = word(start), DayWords.weekday(for: first) != nil, at == start + 1 {
            guard at < tokens.count else { return nil }
            let next = tokens[at]
            let startsLine =
                next.number != nil || next.isDate || next.kind == .comma || next.kind == .colon
                || next.word.map { lineStartWords.contains($0) } == true
            guard startsLine else { return nil }
        }
        return (at, said)
    }

    /// Words after which a weekday said first is the day, not a food's word.
    static let lineStartWords: Set<String> = [
        "i", "we", "had", "ate", "drank", "ran", "walked", "cycled", "swam", "did", "weight", "weighed", "water",
        "again", "log", "burned", "a", "an", "some",
    ]

    /// One when at `at`: its length in tokens, its day and the meal it means.
    static func when(_ tokens: [Token], at: Int, leading: Bool) -> (Int, DaySpec?, Meal?)? {
        func word(_ index: Int) -> String? { index < tokens.count ? tokens[index].word : nil }
        let token = tokens[at]
        if case .date(let year, let month, let day) = token.kind {
            guard let date = CivilDate(year: year, month: month, day: day) else { return nil }
            return (1, .date(date), nil)
        }
        // "-2" at the end: two days back ("2 eggs -2"); at the start it is a negative amount.
        if token.kind == .minus, !leading, !token.isGlued, at + 2 == tokens.count, tokens[at + 1].isGlued,
            let value = tokens[at + 1].number, value == value.rounded(), value <= 36_500
        {
            return (2, .daysAgo(Int(value)), nil)
        }
        if let value = token.number, value == value.rounded(), value <= 36_500,
            let unit = word(at + 1), unit == "day" || unit == "days", word(at + 2) == "ago"
        {
            return (3, .daysAgo(Int(value)), nil)
        }
        guard let first = word(at) else { return nil }
        let second = word(at + 1)
        switch (first, second) {
        case ("this", "morning"): return (2, .today, .breakfast)
        case ("this", "afternoon"): return (2, .today, .snack)
        case ("this", "evening"): return (2, .today, .dinner)
        case ("last", "night"): return (2, .yesterday, .dinner)
        case ("yesterday", "morning"): return (2, .yesterday, .breakfast)
        case ("yesterday", "afternoon"): return (2, .yesterday, .snack)
        case ("yesterday", "evening"): return (2, .yesterday, .dinner)
        case ("before", "bed"), ("at", "bedtime"): return (2, nil, .snack)
        case ("the", "day") where word(at + 2) == "before" && word(at + 3) == "yesterday":
            return (4, .daysAgo(2), nil)
        case ("last", let weekday?):
            guard let number = DayWords.weekday(for: weekday) else { return nil }
            return (2, .lastWeekday(number), nil)
        case ("on", _):
            guard at + 1 < tokens.count else { return nil }
            guard let (length, day, meal) = when(tokens, at: at + 1, leading: leading), day != nil else { return nil }
            return (length + 1, day, meal)
        default: break
        }
        if first == "tonight" || first == "tonite" { return (1, .today, .dinner) }
        if let day = DayWords.day(for: first) { return (1, day, nil) }
        // "at 9", "at 7:30 am", only at the start: at the end "at 20" may be a load ("squats 3x10 at 20").
        if leading, first == "at", let (length, value) = hour(tokens, at: at + 1) {
            // "at 2 eggs" is no time.
            if let next = word(at + 1 + length), Unit.named(next) != nil { return nil }
            return (length + 1, nil, PhrasingWords.meal(atHour: value))
        }
        return nil
    }

    /// hour = integer , [ ":" , integer ] , [ "am" | "pm" ] ;
    ///
    /// An hour of the day at `at` ("9", "7:30 am", "6": in the evening), and its length in tokens.
    private static func hour(_ tokens: [Token], at: Int) -> (length: Int, value: Double)? {
        guard let hour = tokens[safe: at]?.number, hour == hour.rounded(), hour >= 1, hour <= 24 else { return nil }
        var length = 1
        var value = hour
        if at + 2 < tokens.count, tokens[at + 1].kind == .colon, let minutes = tokens[at + 2].number, minutes < 60 {
            value += minutes / 60
            length += 2
        }
        if let suffix = tokens[safe: at + length]?.word, suffix == "am" || suffix == "pm" {
            if suffix == "pm", value < 12 { value += 12 }
            length += 1
        } else if value < 7 {
            value += 12  // "at 6": in the evening
        }
        return (length, value)
    }
}

extension Command {
    /// This command with the day and meal a line said around it; nil when it takes no day (the
    /// line is then read as a whole). A day that differs from one the command names itself is
    /// an error.
    func saying(_ when: SaidWhen, in parser: Parser) throws(ParseError) -> Command? {
        func day(_ own: DaySpec?) throws(ParseError) -> DaySpec? {
            guard let said = when.day else { return own }
            if let own, own != said { throw ParseError(.unexpectedToken(parser.text(when.range)), when.range) }
            return said
        }
        switch self {
        case .log(var log):
            log.day = try day(log.day)
            if log.meal == nil { log.meal = when.meal }
            return .log(log)
        case .pick(var pick):
            pick.day = try day(pick.day)
            if pick.meal == nil { pick.meal = when.meal }
            return .pick(pick)
        case .weight(let value, let unit, let own): return .weight(value: value, unit: unit, day: try day(own))
        case .water(let ml, let own): return .water(milliliters: ml, day: try day(own))
        case .exercise(var exercise):
            exercise.day = try day(exercise.day)
            return .exercise(exercise)
        case .workout(var workout):
            workout.day = try day(workout.day)
            return .workout(workout)
        case .again(let meal, let own):
            // "again breakfast yesterday": the meal is the one to repeat, read by `again` itself.
            guard when.saidMeal == nil else { return nil }
            return .again(meal, day: try day(own))
        case .delete(let numbers, let own):
            guard when.day != nil, when.saidMeal == nil else { return nil }
            return .delete(numbers, day: try day(own))
        case .edit(let number, let item, let own):
            guard when.day != nil, when.saidMeal == nil else { return nil }
            return .edit(number, item, day: try day(own))
        case .move(let number, let meal, let own):
            guard when.day != nil, when.saidMeal == nil else { return nil }
            return .move(number, meal, day: try day(own))
        default:
            return nil
        }
    }
}
