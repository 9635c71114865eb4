import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

// The commands about the rest of a day: goals and the profile, weight, water, exercise, and
// editing what was logged. Each function quotes its production from grammar/calorina.ebnf.

extension Parser {
    static let durationWords: [String: Double] = [
        "min": 1, "mins": 1, "minute": 1, "minutes": 1, "m": 1, "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60,
    ]
    static let distanceWords: [String: Double] = [
        "km": 1, "kms": 1, "k": 1, "kilometer": 1, "kilometers": 1, "kilometre": 1, "kilometres": 1,
        "mi": 1.609344, "mile": 1.609344, "miles": 1.609344,
    ]

    /// set = "set" , setting ;
    static func parseSet(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens.count > 1 else { return nil }
        parser.advance()
        return .set(try parser.parseSetting())
    }

    /// The goal, or a target (`parseGoalRequest()`).
    static func parseGoal(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        return .goal(try parser.parseGoalRequest())
    }

    /// goals = "goals" ;
    static func parseGoals(_ parser: inout Parser) -> Command? {
        parser.tokens.count == 1 ? .goal(.targets) : nil
    }

    /// profile = "profile" ;
    static func parseProfile(_ parser: inout Parser) -> Command? {
        parser.tokens.count == 1 ? .profile : nil
    }

    /// A weight (`parseWeight()`); "weigh" is one only before a number.
    static func parseWeightCommand(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.tokens[0].word != "weigh" || parser.peek(1)?.number != nil else { return nil }
        parser.advance()
        return try parser.parseWeight()
    }

    /// water = "water" , "+" , number , [ volume-unit ] , [ day-modifier ] ;
    static func parseWater(_ parser: inout Parser) throws(ParseError) -> Command? {
        guard parser.peek(1)?.kind == .plus else { return nil }
        parser.advance(2)
        guard let amount = parser.peek()?.number else { throw ParseError(.expectedCalorieAmount, parser.nextRange) }
        parser.advance()
        let ml = try parser.parseWaterUnit(amount)
        return .water(milliliters: ml, day: try parser.parseTrailingDay())
    }

    /// delete = ( "delete" | "remove" ) , entry-numbers , [ day-modifier ] ;
    static func parseDelete(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        let numbers = try parser.parseEntryNumbers()
        let day = try parser.parseEditingDay()
        return .delete(numbers, day: day)
    }

    /// An edit of an entry (`parseEdit()`).
    static func parseEditCommand(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        return try parser.parseEdit()
    }

    /// move = "move" , integer , [ "to" ] , meal-modifier , [ day-modifier ] ;
    static func parseMove(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        let number = try parser.parseEntryNumber()
        _ = parser.eat("to")
        guard let meal = parser.parseMealModifier() else { throw ParseError(.missing(.meal), parser.nextRange) }
        let day = try parser.parseEditingDay()
        return .move(number, meal, day: day)
    }

    /// again = "again" , [ meal-modifier ] , [ day-modifier ] ;
    static func parseAgain(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        let meal = parser.parseMealModifier()
        return .again(meal, day: try parser.parseEditingDay())
    }

    /// copy = "copy" , day-modifier , [ meal-modifier ]
    ///      , [ [ "to" ] , ( day-modifier , [ meal-modifier ] | meal-modifier ) ] , [ "force" ] ;
    static func parseCopy(_ parser: inout Parser) throws(ParseError) -> Command? {
        parser.advance()
        guard let day = try parser.parseDayModifier() else { throw ParseError(.missing(.day), parser.nextRange) }
        let meal = parser.parseMealModifier()
        var target: DaySpec?
        var toMeal: Meal?
        let saidTo = parser.eat("to")
        if let day = try parser.parseDayModifier() {
            target = day.day
            toMeal = parser.parseMealModifier()
        } else if let meal = parser.parseMealModifier() {
            toMeal = meal
        } else if saidTo {
            throw ParseError(.missing(.day), parser.nextRange)
        }
        let force = parser.peek()?.word == "force"
        if force { parser.advance() }
        guard parser.atEnd else { throw parser.unexpected(parser.peek() ?? parser.tokens[0]) }
        return .copy(day.day, meal, force: force, to: target, toMeal: toMeal)
    }

    /// edit = "edit" , integer , [ "to" ] , edit-change , [ day-modifier ] ;
    /// edit-change = meal-modifier                    (* "edit 2 lunch": as "move 2 to lunch" *)
    ///             | direct-kcal                      (* "edit 1 700 kcal": its calories, yours now *)
    ///             | amount , [ food , [ trailing-amount ] , [ direct-kcal ] ]
    ///             | food , [ trailing-amount ] , [ direct-kcal ] ;
    ///
    /// A meal moves the entry ("edit 2 lunch" is "move 2 to lunch"); calories replace its kcal; an
    /// amount alone changes how much; a food replaces what it was, with its amount.
    mutating func parseEdit() throws(ParseError) -> Command {
        let number = try parseEntryNumber()
        let numberEnd = tokens[position - 1].range
        _ = eat("to")
        if let meal = parseMealModifier() {
            return .move(number, meal, day: try parseEditingDay())
        }
        let startIndex = position
        var item = LogItem(range: nextRange)
        if let kcal = try parseDirectKcal() {
            item.kcal = kcal
        } else {
            try parseAmount(into: &item)
            if peek() != nil, !isModifierRun(from: position) {
                item.food = try parseFood()
                if item.food != nil {
                    try parseTrailingAmount(into: &item)
                    if let kcal = try parseDirectKcal() { item.kcal = kcal }
                }
            }
        }
        guard position > startIndex else {
            throw ParseError(.missing(.editChange), peek()?.range ?? SourceRange(numberEnd.end, numberEnd.end + 1))
        }
        if let last = token(at: position - 1) { item.range = item.range.union(last.range) }
        try validate(item, from: startIndex)
        return .edit(number, item, day: try parseEditingDay())
    }

    /// A day named at the end of the line, if any.
    mutating func parseTrailingDay() throws(ParseError) -> DaySpec? {
        guard !atEnd else { return nil }
        guard let day = try parseDayModifier(), atEnd else { throw unexpected(peek() ?? tokens[0]) }
        return day.day
    }

    /// entry-numbers = entry-range , { [ "," | "and" ] , entry-range } ;
    /// entry-range = integer , [ "-" , integer ] ;          (* "1 2", "1-3", "1, 2 and 4" *)
    mutating func parseEntryNumbers() throws(ParseError) -> [Int] {
        var numbers: [Int] = []
        repeat {
            let first = try parseEntryNumber()
            // "1-3": a range, the dash glued to both numbers (a spaced "-2" after a number is a day).
            if let dash = peek(), dash.kind == .minus, dash.isGlued, let next = peek(1), next.isGlued,
                next.number != nil
            {
                advance()
                let last = try parseEntryNumber()
                guard last >= first, last - first < 1000 else {
                    throw ParseError(.unexpectedToken(text(dash.range.union(next.range))), dash.range.union(next.range))
                }
                numbers += Array(first...last)
            } else {
                numbers.append(first)
            }
            while let next = peek(), next.kind == .comma || next.word == "and" { advance() }
        } while peek()?.number != nil
        var seen = Set<Int>()
        return numbers.filter { seen.insert($0).inserted }
    }

    /// The day a command about entries works on: a `day-modifier` at the end of the line, if any,
    /// then the line's end.
    mutating func parseEditingDay() throws(ParseError) -> DaySpec? {
        guard let first = peek() else { return nil }
        guard let day = try parseDayModifier() else { throw unexpected(first) }
        guard atEnd else { throw unexpected(peek() ?? first) }
        return day.day
    }

    mutating func parseEntryNumber() throws(ParseError) -> Int {
        guard let token = peek(), let value = token.number, value == value.rounded(), value >= 1, value <= 10_000 else {
            throw ParseError(.missing(.entryNumber), nextRange)
        }
        advance()
        return Int(value)
    }

    /// setting = "age" , integer | "sex" , ( "male" | "female" ) | "height" , height
    ///         | "weight" , number , [ mass-unit | stones ]
    ///         | ( "goal-weight" | "goal" , "weight" ) , number , [ mass-unit | stones ]
    ///         | "units" , ( "metric" | "imperial" | "us" | "uk" | "british" )
    ///         | "activity" , ( "sedentary" | "light" | "moderate" | "active" | "very active" )
    ///         | "confirm-over-goal" , ( "on" | "off" ) | ( "water-goal" | "water" , "goal" ) , number , [ volume-unit ] ;
    mutating func parseSetting() throws(ParseError) -> Setting {
        guard var name = peek()?.word else { throw ParseError(.missing(.setting), nextRange) }
        let nameToken = tokens[position]
        advance()
        // "set water goal 2 l", "set goal weight 70": a setting's two words without the hyphen.
        if let next = peek()?.word,
            let joined = ["water goal": "water-goal", "goal weight": "goal-weight"][name + " " + next]
        {
            name = joined
            advance()
        }
        func rest() -> String {
            position < tokens.count ? text(fromToken: position, to: tokens.count - 1).lowercased() : ""
        }
        switch name {
        case "age":
            guard let age = peek()?.number, age == age.rounded(), (10...120).contains(age), tokens.count == position + 1
            else {
                throw ParseError(.badSetting(name: "age", example: "set age 34"), nextRange)
            }
            return .age(Int(age))
        case "sex":
            switch rest() {
            case "male", "man", "m": return .sex(.male)
            case "female", "woman", "f": return .sex(.female)
            default: throw ParseError(.badSetting(name: "sex", example: "set sex female"), nextRange)
            }
        case "height":
            let start = peek()?.range.start ?? scalars.count
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start...])
            guard let centimeters = Parser.height(String(view)), (50...272).contains(centimeters) else {
                throw ParseError(.badSetting(name: "height", example: "set height 178 cm, or 5'10\""), nextRange)
            }
            return .height(centimeters: centimeters)
        case "weight", "goal-weight":
            guard let value = peek()?.number, value > 0, value < 700 else {
                throw ParseError(.badSetting(name: name, example: "set \(name) 80 kg"), nextRange)
            }
            advance()
            if let kg = parseStones(value) {
                guard atEnd else {
                    throw ParseError(.badSetting(name: name, example: "set \(name) 12 st 10"), nextRange)
                }
                let unit = Unit.named("kg")
                return name == "weight" ? .weight(value: kg, unit: unit) : .goalWeight(value: kg, unit: unit)
            }
            let word = peek()?.word
            if word != nil { advance() }
            let unit = word.flatMap(Unit.bodyMass)
            guard atEnd, word == nil || unit != nil else {
                throw ParseError(.badSetting(name: name, example: "set \(name) 180 lb"), nextRange)
            }
            return name == "weight" ? .weight(value: value, unit: unit) : .goalWeight(value: value, unit: unit)
        case "units", "unit":
            guard let units = UnitSystem(word: rest()) else {
                throw ParseError(.badSetting(name: "units", example: "set units imperial, or uk"), nextRange)
            }
            return .units(units)
        case "activity":
            switch rest() {
            case "sedentary": return .activity(.sedentary)
            case "light", "lightly active": return .activity(.light)
            case "moderate", "moderately active": return .activity(.moderate)
            case "active": return .activity(.active)
            case "very active", "very-active": return .activity(.veryActive)
            default:
                throw ParseError(
                    .badSetting(
                        name: "activity", example: "set activity sedentary, light, moderate, active or very active"),
                    nextRange)
            }
        case "confirm-over-goal":
            switch rest() {
            case "on", "yes", "true": return .confirmOverGoal(true)
            case "off", "no", "false": return .confirmOverGoal(false)
            default:
                throw ParseError(
                    .badSetting(name: "confirm-over-goal", example: "set confirm-over-goal off"), nextRange)
            }
        case "water-goal":
            guard let value = peek()?.number, value > 0 else {
                throw ParseError(.badSetting(name: "water-goal", example: "set water-goal 2500 ml"), nextRange)
            }
            advance()
            let ml = try parseWaterUnit(value)
            guard atEnd, ml <= 20_000 else {
                throw ParseError(.badSetting(name: "water-goal", example: "set water-goal 2.5 l"), nextRange)
            }
            return .waterGoal(milliliters: ml)
        default:
            throw ParseError(.unknownSetting(name), nameToken.range)
        }
    }

    /// height = number , ( "cm" | "m" | "in" ) | integer , "'" , [ number , '"' ]
    ///        | integer , ( "ft" | "feet" ) , [ number , ( "in" | "inches" ) ] ;
    ///
    /// A height as people write it: `178 cm`, `1.78 m`, `5'10"`, `5 ft 10 in`, `70 in`.
    static func height(_ text: String) -> Double? {
        var numbers: [Double] = []
        var units: [String] = []
        var current = ""
        var word = ""
        func flush() {
            if !current.isEmpty, let value = Double(current) { numbers.append(value) }
            if !word.isEmpty { units.append(word) }
            current = ""
            word = ""
        }
        for character in text.lowercased() {
            if character.isNumber || character == "." {
                if !word.isEmpty { flush() }
                current.append(character)
            } else if character.isLetter {
                if !current.isEmpty { if let value = Double(current) { numbers.append(value) }; current = "" }
                word.append(character)
            } else if character == "'" || character == "’" || character == "′" {
                flush()
                units.append("ft")
            } else if character == "\"" || character == "”" || character == "″" {
                flush()
                units.append("in")
            } else {
                flush()
            }
        }
        flush()
        let inch = Unit.centimetersPerInch
        switch (numbers.count, units) {
        case (1, ["cm"]),
            (1, []) where (numbers.first ?? 0) > 3:
            return numbers[0]
        case (1, ["m"]): return numbers[0] * 100
        case (1, ["in"]), (1, ["inch"]), (1, ["inches"]): return numbers[0] * inch
        case (1, let u) where u.first == "ft" || u.first == "feet" || u.first == "foot": return numbers[0] * 12 * inch
        case (2, let u) where u.count >= 1 && ["ft", "feet", "foot"].contains(u[0]):
            return (numbers[0] * 12 + numbers[1]) * inch
        default: return nil
        }
    }

    /// goal = "goal" , [ "maintain" | ( "lose" | "gain" ) , number , [ mass-unit ] , [ "a" , "week" ]
    ///      | number , [ kcal-word ] | target ] ;
    mutating func parseGoalRequest() throws(ParseError) -> GoalRequest? {
        guard let first = peek() else { return nil }
        if let target = try parseTarget() { return target }
        let request: GoalRequest
        if let number = first.number {
            advance()
            if let word = peek()?.word, Parser.kcalWords.contains(word) { advance() }
            guard number >= 500, number <= 10_000 else {
                throw ParseError(.badSetting(name: "goal", example: "goal 1800"), first.range)
            }
            request = .fixed(number)
        } else if first.word == "maintain" {
            advance()
            request = .maintain
        } else if let word = first.word, word == "lose" || word == "gain" {
            advance()
            guard let rate = peek()?.number, rate > 0 else {
                throw ParseError(.badSetting(name: "goal", example: "goal lose 0.5"), nextRange)
            }
            let rateRange = nextRange
            advance()
            let unit = peek()?.word.flatMap(Unit.bodyMass)
            if unit != nil { advance() }
            // At most 2 kg (4.4 lb) a week; a rate without a unit is in the profile's units, at most 2.
            guard unit.map({ rate * ($0.kilograms ?? 1) <= 2.0001 }) ?? (rate <= 2) else {
                throw ParseError(.badSetting(name: "goal", example: "goal lose 0.5"), rateRange)
            }
            if eat("a") || eat("per") { _ = eat("week") }
            request = word == "lose" ? .lose(rate, unit: unit) : .gain(rate, unit: unit)
        } else {
            throw ParseError(
                .badSetting(name: "goal", example: "goal lose 0.5, goal maintain or goal 1800"), first.range)
        }
        guard atEnd else { throw unexpected(peek() ?? first) }
        return request
    }

    /// weight = ( "weight" | "weighed" | "weigh" ) , number , [ mass-unit | stones ] , [ day-modifier ] ;
    mutating func parseWeight() throws(ParseError) -> Command {
        guard let token = peek(), let value = token.number, value > 0, value < 700 else {
            throw ParseError(.badSetting(name: "weight", example: "weight 81.2"), nextRange)
        }
        advance()
        if let kg = parseStones(value) {
            return .weight(value: kg, unit: Unit.named("kg"), day: try parseTrailingDay())
        }
        let unit = peek()?.word.flatMap(Unit.bodyMass)
        if unit != nil { advance() }
        return .weight(value: value, unit: unit, day: try parseTrailingDay())
    }

    /// stones = ( "st" | "stone" | "stones" ) , [ number , [ "lb" | "lbs" | "pound" | "pounds" ] ] ;
    ///
    /// A body weight in stones and pounds, as the UK says it (`12 st 10`, `13 stone 2 lb`), in
    /// kg; nil when no stone word follows the number.
    mutating func parseStones(_ stones: Double) -> Double? {
        guard let word = peek()?.word, word == "st" || word == "stone" || word == "stones" else { return nil }
        advance()
        var pounds = 0.0
        if let more = peek()?.number, more >= 0, more < 14 {
            pounds = more
            advance()
            if let unit = peek()?.word, Unit.bodyMass(unit)?.name == "lb" { advance() }
        }
        return Format.rounded((stones * 14 + pounds) * Unit.kilogramsPerPound, places: 3)
    }

    /// Millilitres from an amount and the unit after it: ml, l, cup, fl oz, glass (250 ml),
    /// bottle (500 ml), can (355 ml), mug (250 ml); none means ml.
    mutating func parseWaterUnit(_ amount: Double) throws(ParseError) -> Double {
        guard let word = peek()?.word else { return amount }
        if let unit = Unit.twoWord(word, peek(1)?.word ?? ""), case .volume(let ml) = unit.kind {
            advance(2)
            return amount * ml
        }
        if let unit = Unit.named(word) {
            advance()
            switch unit.kind {
            case .volume(let ml): return amount * ml
            case .portion: return amount * (Parser.waterPortions[unit.name] ?? 250)
            case .mass(let grams): return amount * grams
            }
        }
        return amount
    }

    /// The millilitres of water a container holds.
    public static let waterPortions: [String: Double] = [
        "glass": 250, "bottle": 500, "can": 355, "mug": 250, "serving": 250,
    ]

    /// exercise = { activity-word | exercise-amount | "burned" , number , kcal-word
    ///            | "for" | "of" | "and" } , [ day-modifier ] ;
    /// exercise-amount = number , ( duration-unit , [ half-more ] | distance-unit )
    ///                 | ( "a" | "an" ) , "hour" , [ half-more ]
    ///                 | "half" , [ "a" | "an" ] , "hour" ;
    /// half-more = "and" , "a" , "half" ;
    /// duration-unit = "min" | "mins" | "minute" | "minutes" | "h" | "hr" | "hrs" | "hour" | "hours" ;
    /// distance-unit = "km" | "k" | "kilometer" | "kilometers" | "mi" | "mile" | "miles" ;
    ///
    /// Tried on every line that is no other command: a line is exercise when it has a duration,
    /// a distance or "burned N kcal"; otherwise the position is left as it was.
    mutating func parseExercise() throws(ParseError) -> Command? {
        let start = position
        var minutes: Double?
        var kilometers: Double?
        var kcal: Double?
        var words: [String] = []
        var wordsRange: SourceRange?
        var day: DaySpec?
        while let token = peek() {
            // A day at the end, once the line is plainly exercise ("ran 30 min yesterday").
            if minutes != nil || kilometers != nil || kcal != nil, isModifierRun(from: position),
                MealWords.meal(for: token.word ?? "") == nil, token.word != "for", token.word != "at"
            {
                day = try parseTrailingDay()
                break
            }
            if let word = token.word, ["burned", "burnt", "burn"].contains(word), let value = peek(1)?.number,
                let kcalWord = peek(2)?.word, Parser.kcalWords.contains(kcalWord)
            {
                kcal = value
                advance(3)
                continue
            }
            if let (value, length) = spokenDuration() {
                minutes = (minutes ?? 0) + value
                advance(length)
                continue
            }
            if let value = token.number, let unit = peek(1)?.word {
                if let factor = Parser.durationWords[unit], unit != "m" || peek(1)?.isGlued == true {
                    minutes = (minutes ?? 0) + value * factor + halfMore(at: 2) * factor
                    advance(halfMore(at: 2) > 0 ? 5 : 2)
                    continue
                }
                if let factor = Parser.distanceWords[unit] {
                    kilometers = (kilometers ?? 0) + value * factor
                    advance(2)
                    continue
                }
            }
            if let word = token.word {
                if ["for", "of", "a", "an", "and"].contains(word)
                    && (minutes != nil || kilometers != nil || kcal != nil || !words.isEmpty)
                {
                    advance()
                    continue
                }
                words.append(word)
                wordsRange = wordsRange.map { $0.union(token.range) } ?? token.range
                advance()
                continue
            }
            break
        }
        guard minutes != nil || kilometers != nil || kcal != nil, atEnd else {
            position = start
            return nil
        }
        if let minutes, minutes <= 0 || minutes > 24 * 60 {
            throw ParseError(.tooLarge(Format.number(minutes) + " min"), tokens[start].range)
        }
        if let kilometers, kilometers <= 0 || kilometers > 500 {
            throw ParseError(.tooLarge(Format.number(kilometers) + " km"), tokens[start].range)
        }
        if let kcal, kcal <= 0 || kcal > Parser.maxKcal {
            throw ParseError(.tooLarge(Format.number(kcal) + " kcal"), tokens[start].range)
        }
        return .exercise(
            ExerciseCommand(
                activity: words.joined(separator: " "), minutes: minutes, kilometers: kilometers, kcal: kcal, day: day,
                range: wordsRange ?? tokens[start].range))
    }

    /// A duration said in words at the position, in minutes, and how many tokens say it: "an
    /// hour", "an hour and a half", "half an hour", "half hour"; nil when none is. Only the hour:
    /// "a minute steak" is a food.
    func spokenDuration() -> (minutes: Double, length: Int)? {
        switch peek()?.word {
        case "a", "an":
            guard peek(1)?.word == "hour" else { return nil }
            return (60 * (1 + halfMore(at: 2)), halfMore(at: 2) > 0 ? 5 : 2)
        case "half":
            let article = peek(1)?.word == "a" || peek(1)?.word == "an" ? 1 : 0
            guard peek(1 + article)?.word == "hour" else { return nil }
            return (30, 2 + article)
        default:
            return nil
        }
    }

    /// half-more = "and" , "a" , "half" ;
    ///
    /// One half more of the duration's unit when the words `offset` tokens on say "and a half"
    /// ("an hour and a half"): 0.5, else 0.
    func halfMore(at offset: Int) -> Double {
        peek(offset)?.word == "and" && peek(offset + 1)?.word == "a" && peek(offset + 2)?.word == "half" ? 0.5 : 0
    }
}
