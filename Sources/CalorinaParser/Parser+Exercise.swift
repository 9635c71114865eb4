import CalorinaLanguage
import CalorinaSupport

// Exercise counted rather than timed: sets and repetitions, seconds held and steps, and the
// `exercise` (`workouts`) progress command. Each function quotes its production from
// grammar/calorina.ebnf.
//
// A count before a movement's name looks like a count before a food's ("50 pushups", "50
// almonds"), so these lines are told apart by the movement: only the words of
// data/exercises.tsv make a workout, and every other line goes on as it did. The one shape that
// is a workout whatever follows is "N sets of M …": an unknown movement there is said to be one
// (by the session, with the nearest movements), not looked up as a food.

extension Parser {
    /// Seconds in one of each unit a hold is timed in.
    static let holdWords: [String: Int] = [
        "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    ]
    /// The most sets one line may log.
    static let maxSets = 100
    /// The most repetitions one set may have.
    static let maxReps = 1_000
    /// The longest hold, in seconds (a wall sit of an hour is already a record).
    static let maxHoldSeconds = 3_600
    /// The most steps one line may log (a marathon is about 55,000).
    static let maxSteps = 200_000
    /// The heaviest load, in kilograms.
    static let maxLoadKg = 1_000.0

    /// workouts = ( "exercise" | "workouts" ) , [ ( "week" | "month" | "year" ) , [ period-choice ]
    ///          | ( "this" | "last" ) , ( "week" | "month" | "year" ) ] ;
    ///
    /// `exercise week`: each movement's progress; nil when the line is not in this shape
    /// ("exercise 30 min" is exercise done).
    static func parseWorkoutsCommand(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard let word = parser.peek()?.word, ["exercise", "workouts"].contains(word) else { return nil }
        guard let next = parser.peek(1)?.word else { return .workouts(.week) }
        if let period = HistoryPeriod(rawValue: next) {
            parser.advance(2)
            guard !parser.atEnd else { return .workouts(period) }
            guard let choice = try parser.parsePeriodChoice(period), parser.atEnd else {
                throw parser.workoutsUsage(word)
            }
            return .workouts(period, choice)
        }
        if ["this", "last"].contains(next) {
            guard parser.tokens.count == 3, let name = parser.peek(2)?.word, let period = HistoryPeriod(rawValue: name)
            else {
                throw parser.workoutsUsage(word)
            }
            return .workouts(period, .ago(next == "last" ? 1 : 0))
        }
        return nil
    }

    private func workoutsUsage(_ word: String) -> ParseError {
        ParseError(
            .commandArguments(
                command: word, usage: "nothing, or a period: '\(word) week', '\(word) month', '\(word) last year'"),
            tokens[0].range.union(tokens[tokens.count - 1].range))
    }

    /// workout = [ "did" ] , ( counted , movement | movement , counted ) , [ load ] , [ day-modifier ]
    ///         | [ "walked" | "took" | "did" ] , step-count , ( "steps" | "step" ) , [ day-modifier ]
    ///         | "steps" , step-count , [ day-modifier ] ;
    /// counted = [ sets ] , ( integer , [ "reps" | "rep" ] | hold-time ) ;
    /// sets = integer , ( "sets" | "set" ) , [ "of" | "x" ] | integer , "x" ;
    /// hold-time = number , ( "s" | "sec" | "secs" | "second" | "seconds" | "min" | "mins" | "minute"
    ///           | "minutes" ) ;
    /// load = [ "at" | "with" | "@" ] , number , ( "kg" | "kgs" | "kilo" | "kilos" | "lb" | "lbs"
    ///      | "pound" | "pounds" ) ;
    /// step-count = integer , { "," , ? three digits ? } | number , "k" ;
    /// movement = word , { word } ;     (* a movement of data/exercises.tsv *)
    ///
    /// Tried before timed exercise and food; nil, with the position as it was, when the line is
    /// no workout.
    mutating func parseWorkout() throws(ParseError) -> Command? {
        let start = position
        let end = workoutBodyEnd()
        guard let amount = try workoutBody(from: start, to: end) else { return nil }
        position = end
        let day = try parseTrailingDay()
        return .workout(WorkoutCommand(movement: amount.movement, amount: amount.amount, day: day, range: amount.range))
    }

    /// Where the words of a workout end and a day named after them begins ("50 pushups yesterday").
    private func workoutBodyEnd() -> Int {
        for index in 1..<max(1, tokens.count) where isModifierRun(from: index) {
            if let word = tokens[index].word, MealWords.meal(for: word) != nil || ["for", "at", "with"].contains(word) {
                continue
            }
            return index
        }
        return tokens.count
    }

    /// The workout the tokens from `start` to `end` hold, if they hold one.
    private func workoutBody(
        from start: Int, to end: Int
    ) throws(ParseError) -> (movement: String, amount: WorkoutCommand.Amount, range: SourceRange)? {
        guard start < end else { return nil }
        if let steps = try stepsBody(from: start, to: end) { return ("", .steps(steps.count), steps.range) }
        var at = start
        if word(at: at) == "did" { at += 1 }
        // Counted first: "3 sets of 10 pushups", "3x10 pushups", "50 pushups", "plank" last.
        if let counted = counted(at: at, end: end) {
            var wordsEnd = at + counted.length
            while wordsEnd < end, token(at: wordsEnd)?.word != nil, loadLength(at: wordsEnd, end: end) == nil {
                wordsEnd += 1
            }
            guard wordsEnd > at + counted.length else { return nil }
            let load = self.load(at: wordsEnd, end: end)
            guard wordsEnd + (load?.length ?? 0) == end else { return nil }
            return try workout(
                counted, movementFrom: at + counted.length, to: wordsEnd, load: load)
        }
        // The movement first: "plank 60 s", "pushups 3x10", "bench press 5x5 at 100 kg".
        var wordsEnd = at
        while wordsEnd < end, token(at: wordsEnd)?.word != nil { wordsEnd += 1 }
        guard wordsEnd > at, let counted = counted(at: wordsEnd, end: end) else { return nil }
        let load = self.load(at: wordsEnd + counted.length, end: end)
        guard wordsEnd + counted.length + (load?.length ?? 0) == end else { return nil }
        return try workout(counted, movementFrom: at, to: wordsEnd, load: load)
    }

    /// A count of sets and repetitions or seconds, checked only once the movement is known (so
    /// that "2000 g rice" is no workout of 2000 reps): how many tokens it takes, and whether it
    /// said "sets" (which makes the line a workout whatever the movement).
    private struct Counted {
        var sets: Double
        var reps: Double?
        var seconds: Double?
        var saidSets: Bool
        var length: Int
        /// The tokens of the sets and of the count, for errors.
        var setsToken: Token
        var countToken: Token
    }

    /// The count at `start`, if one stands there (see `counted` in `parseWorkout`).
    private func counted(at start: Int, end: Int) -> Counted? {
        guard start < end, let first = token(at: start), let firstValue = first.number else { return nil }
        var at = start
        var sets = 1.0
        var saidSets = false
        var reps: Double?
        // sets = integer , ( "sets" | "set" ) , [ "of" | "x" ] | integer , "x" ;
        if let setsWord = word(at: at + 1), setsWord == "sets" || setsWord == "set" {
            sets = firstValue
            saidSets = true
            at += 2
            if word(at: at) == "of" || token(at: at)?.kind == .multiplier(nil) { at += 1 }
        } else if case .multiplier(let value)? = token(at: at + 1)?.kind {
            sets = firstValue
            reps = value
            at += 2
        } else if let glued = word(at: at + 1), glued.hasPrefix("x"), let held = Parser.glued(glued.dropFirst()) {
            // "3x45s": the lexer reads "x45s" as one word.
            return Counted(
                sets: firstValue, reps: nil, seconds: held.value * Double(held.factor), saidSets: false, length: 2,
                setsToken: first, countToken: tokens[at + 1])
        }
        if reps == nil {
            guard at < end, let token = token(at: at), let value = token.number else { return nil }
            reps = value
            at += 1
        }
        guard let reps, at <= end else { return nil }
        let countToken = token(at: at - 1) ?? first
        if at < end, let unit = word(at: at), let factor = Parser.holdWords[unit] {
            return Counted(
                sets: sets, reps: nil, seconds: reps * Double(factor), saidSets: saidSets, length: at + 1 - start,
                setsToken: first, countToken: countToken)
        }
        if at < end, let repsWord = word(at: at), repsWord == "reps" || repsWord == "rep" { at += 1 }
        return Counted(
            sets: sets, reps: reps, seconds: nil, saidSets: saidSets, length: at - start, setsToken: first,
            countToken: countToken)
    }

    /// "45s", "1min": a number glued to a hold unit inside one word.
    private static func glued(_ text: Substring) -> (value: Double, factor: Int)? {
        let digits = text.prefix { $0.isASCIIDigit }
        guard !digits.isEmpty, let value = Double(digits), let factor = holdWords[String(text.dropFirst(digits.count))]
        else { return nil }
        return (value, factor)
    }

    /// A count of sets, repetitions or steps: a whole number from 1 to `limit`.
    private func whole(_ value: Double, _ token: Token, limit: Int, what: String) throws(ParseError) -> Int {
        guard value > 0 else { throw ParseError(.zeroQuantity, token.range) }
        guard value == value.rounded() else { throw ParseError(.unexpectedToken(text(token.range)), token.range) }
        guard value <= Double(limit) else {
            throw ParseError(.tooLarge("\(Format.integer(value)) \(what)"), token.range)
        }
        return Int(value)
    }

    private func holdSeconds(_ seconds: Double, _ token: Token) throws(ParseError) -> Int {
        guard seconds > 0 else { throw ParseError(.zeroQuantity, token.range) }
        guard seconds <= Double(Parser.maxHoldSeconds) else {
            throw ParseError(.tooLarge("\(Format.number(seconds)) s"), token.range)
        }
        return max(1, Int(seconds.rounded()))
    }

    /// How many tokens a load takes ("at 60 kg", "@ 135 lb", "60kg"), if one starts at `start`.
    private func loadLength(at start: Int, end: Int) -> Int? {
        var at = start
        if let word = word(at: at), word == "at" || word == "with" {
            at += 1
        } else if case .unknown("@")? = token(at: at)?.kind {
            at += 1
        }
        guard at + 1 < end + 1, token(at: at)?.number != nil, let unit = word(at: at + 1), Unit.bodyMass(unit) != nil
        else { return nil }
        return at + 2 - start
    }

    private typealias Load = (value: Double, unit: Unit, length: Int, token: Token)

    private func load(at start: Int, end: Int) -> Load? {
        guard let length = loadLength(at: start, end: end), start + length <= end,
            let number = token(at: start + length - 2), let value = number.number,
            let unit = word(at: start + length - 1).flatMap(Unit.bodyMass)
        else { return nil }
        return (value, unit, length, number)
    }

    /// The workout of a count and the movement's words, when the words name a movement (or the
    /// line said "sets").
    private func workout(
        _ counted: Counted, movementFrom first: Int, to end: Int, load: Load?
    ) throws(ParseError) -> (movement: String, amount: WorkoutCommand.Amount, range: SourceRange)? {
        let words = (first..<end).compactMap { word(at: $0) }
        let range = tokens[first].range.union(tokens[end - 1].range)
        let movement = text(range)
        let exercise = ExerciseTable.bundled.find(words.joined(separator: " "))
        guard exercise != nil || counted.saidSets else { return nil }
        if exercise?.isHold == true {
            guard load == nil else { return nil }
            // "plank 60": a hold's count is seconds.
            let seconds = try holdSeconds(counted.seconds ?? counted.reps ?? 0, counted.countToken)
            let sets = try whole(counted.sets, counted.setsToken, limit: Parser.maxSets, what: "sets")
            return (movement, .hold(sets: sets, seconds: seconds), range)
        }
        // "pushups 20 min" is timed exercise, the activity table's.
        guard let reps = counted.reps else { return nil }
        let sets = try whole(counted.sets, counted.setsToken, limit: Parser.maxSets, what: "sets")
        let count = try whole(reps, counted.countToken, limit: Parser.maxReps, what: "reps")
        if let load, load.value <= 0 || load.value * (load.unit.kilograms ?? 1) > Parser.maxLoadKg {
            throw ParseError(.tooLarge("\(Format.number(load.value)) \(load.unit.name)"), load.token.range)
        }
        return (movement, .reps(sets: sets, reps: count, load: load?.value, loadUnit: load?.unit), range)
    }

    /// [ "walked" | "took" | "did" ] , step-count , ( "steps" | "step" ) | "steps" , step-count
    private func stepsBody(from start: Int, to end: Int) throws(ParseError) -> (count: Int, range: SourceRange)? {
        var at = start
        if word(at: at) == "steps" {
            guard let count = stepCount(at: at + 1), at + 1 + count.length == end else { return nil }
            return (try checkedSteps(count.value, at + 1, end), tokens[start].range.union(tokens[end - 1].range))
        }
        if let word = word(at: at), ["walked", "took", "did"].contains(word) { at += 1 }
        guard let count = stepCount(at: at), at + count.length + 1 == end,
            let word = word(at: end - 1), word == "steps" || word == "step"
        else { return nil }
        return (try checkedSteps(count.value, at, end - 1), tokens[at].range.union(tokens[end - 1].range))
    }

    private func checkedSteps(_ value: Double, _ first: Int, _ end: Int) throws(ParseError) -> Int {
        try whole(value, tokens[first], limit: Parser.maxSteps, what: "steps")
    }

    /// A count of steps: "8,500", "12k".
    private func stepCount(at start: Int) -> (value: Double, length: Int)? {
        guard let first = token(at: start), var value = first.number else { return nil }
        var at = start + 1
        if let k = token(at: at), k.word == "k", k.isGlued { return (value * 1000, 2) }
        while let comma = token(at: at), comma.kind == .comma, comma.isGlued, let group = token(at: at + 1),
            group.isGlued, let digits = group.number, text(group.range).count == 3
        {
            value = value * 1000 + digits
            at += 2
        }
        return (value, at - start)
    }
}
