import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// One reading of a line as a question: its words made plain, then its when, period and meal
/// taken off, and what is left read as what is asked.
struct InquiryReading {
    var tokens: [Token]
    let today: CivilDate?
    var endsAsking = false
    var day: DaySpec?
    var timeMeal: Meal?
    var meal: Meal?
    var period: Inquiry.Period?

    init(tokens: [Token], today: CivilDate?) {
        self.today = today
        var plain: [Token] = []
        var all = tokens
        while let last = all.last, InquiryReading.isClosing(last) {
            if last.kind == .question { endsAsking = true }
            all.removeLast()
        }
        for token in all {
            guard case .word(let word) = token.kind else {
                if token.kind == .comma || token.kind == .question || InquiryReading.isClosing(token) { continue }
                plain.append(token)
                continue
            }
            for part in InquiryWords.plain(word) {
                plain.append(Token(.word(part), token.range, isGlued: token.isGlued))
            }
        }
        // "so far" is no distance.
        if let far = plain.indices.dropFirst().first(where: { plain[$0].word == "far" && plain[$0 - 1].word == "so" }) {
            plain.removeSubrange((far - 1)...far)
        }
        // A nutrient's two words are read as one, never the first as a day: the first is written
        // as its nutrient's first phrase has it (`shortenedPhraseWords`).
        var index = 0
        while index + 1 < plain.count {
            if let word = plain[index].word, let whole = Self.shortenedPhraseWords[word],
                let next = plain[index + 1].word,
                case (let nutrient, 2)? = Nutrient.named([word, next]), nutrient.phrases.first?.0 == whole
            {
                plain[index] = Token(.word(whole), plain[index].range)
            }
            index += 1
        }
        self.tokens = plain
    }

    /// The first words of a nutrient's phrases that are not its first phrase's first word, and
    /// that word, by which a short one that is also a weekday is not read as a day.
    static let shortenedPhraseWords: [String: String] = Dictionary(
        Nutrient.all.flatMap { nutrient in
            nutrient.phrases.compactMap { phrase in
                guard let whole = nutrient.phrases.first?.0, phrase.0 != whole else { return nil }
                return (phrase.0, whole)
            }
        }, uniquingKeysWith: { first, _ in first })

    /// True when the line may ask: it ends with "?", one of its first words starts a question
    /// (a day may stand before it), its first word is a topic ("calories in …"), or it says
    /// "left" or "remaining". False for nearly every log line, which is then read no further.
    static func mayAsk(_ tokens: [Token]) -> Bool {
        if tokens.last?.kind == .question { return true }
        if let first = tokens.first?.word, InquiryWords.topicStarts.contains(first) { return true }
        for (offset, token) in tokens.prefix(6).enumerated() {
            guard let word = token.word else { continue }
            if InquiryWords.questionStarts.contains(word) || InquiryWords.leftWords.contains(word) { return true }
            if InquiryWords.auxiliaries.contains(word), offset + 1 < tokens.count,
                let next = tokens[offset + 1].word, InquiryWords.pronouns.contains(next)
            {
                return true
            }
        }
        return tokens.dropFirst(6).contains { $0.word.map(InquiryWords.leftWords.contains) == true }
    }

    static func isClosing(_ token: Token) -> Bool {
        switch token.kind {
        case .question, .unknown("!"), .unknown("."), .unknown("…"): true
        default: false
        }
    }

    var words: [String] { tokens.map { $0.word ?? "" } }

    /// True when the line's first words ask ("how", "did I", "is", "tell me").
    var startsAsking: Bool {
        let words = self.words
        guard let first = words.first else { return false }
        let second = words.count > 1 ? words[1] : ""
        // "When I need a drink, I reach for …" is a log sentence; "when will I …" asks.
        if first == "when" || first == "whenever" {
            return endsAsking
                || ["will", "did", "do", "does", "should", "can", "is", "was", "am", "are"].contains(second)
        }
        // "what a treat, a slice of cake": an exclamation, unless it ends asking.
        if first == "what", second == "a" || second == "an" { return endsAsking }
        if InquiryWords.questionWords.contains(first) { return true }
        if ["is", "are", "am", "was", "were"].contains(first) { return words.count > 1 }
        if InquiryWords.auxiliaries.contains(first) { return InquiryWords.pronouns.contains(second) }
        if ["tell", "show", "give"].contains(first) { return second == "me" || second == "us" }
        if first == "any" { return ["suggestions", "ideas", "idea", "recommendations", "suggestion"].contains(second) }
        return false
    }

    /// The question the line asks; nil when it asks none.
    mutating func read(scalars: [Unicode.Scalar]) throws(ParseError) -> Inquiry? {
        guard !tokens.isEmpty else { return nil }
        let lineRange = tokens.first.map { first in first.range.union(tokens.last?.range ?? first.range) }
        // A day or a period said first stands before the question ("yesterday how much …").
        takeWhen()
        takePeriod()
        guard !tokens.isEmpty else { return nil }
        let asking = startsAsking
        // A line that neither starts as a question nor ends with "?" is a question only when it
        // says nothing but a topic and when ("calories left", "kcal remaining today", "average
        // protein this week"), or asks what is in a food ("calories in a bagel").
        let first = words[0]
        let lookupFirst =
            InquiryWords.kcalWords.contains(first) || TargetNutrient.named([first]) != nil
            || ["nutrition", "macros", "average", "avg"].contains(first)
        guard asking || endsAsking || mayBeBare || lookupFirst else { return nil }
        if !asking {
            if let inquiry = foodLookup(scalars: scalars) { return inquiry }
            guard endsAsking || mayBeBare, isBareTopic else { return nil }
        }
        if let inquiry = foodLookup(scalars: scalars) { return inquiry }
        takeMeal()
        if let asks = whatIsAsked() { return inquiry(asks) }
        let range = lineRange ?? SourceRange(0, 1)
        throw ParseError(.unansweredQuestion, range)
    }

    /// "calories left", "kcal remaining": a topic and "left" with nothing else.
    var mayBeBare: Bool {
        let words = Set(self.words)
        return !words.isDisjoint(with: InquiryWords.leftWords) && !words.isDisjoint(with: InquiryWords.kcalWords)
            || self.words.first == "average" || self.words.first == "avg"
    }

    /// True for a question about the whole of a period ("am I on track", "how am I doing", "my
    /// streak"), which, said without a day, is about this week.
    var asksOverall: Bool {
        !Set(words).isDisjoint(with: ["track", "doing", "going", "streak", "doin", "goin"])
    }

    /// True when every word left is one a question without a question word may hold.
    var isBareTopic: Bool {
        words.allSatisfy { word in
            InquiryWords.bareWords.contains(word) || InquiryWords.kcalWords.contains(word)
                || TargetNutrient.named([word]) != nil || MealWords.meal(for: word) != nil
        } && whatIsAsked() != nil
    }

    // MARK: - When, period and meal

    /// Takes off every day or time of day said (`when`), wherever it stands.
    mutating func takeWhen() {
        var index = 0
        while index < tokens.count {
            if let (length, day, meal) = Parser.when(tokens, at: index, leading: index == 0) {
                if let day, self.day == nil { self.day = day }
                if let meal, timeMeal == nil { timeMeal = meal }
                tokens.removeSubrange(index..<min(tokens.count, index + length))
                // "on" left before a day taken off.
                continue
            }
            index += 1
        }
        if let day, let today,
            !(CivilDate.earliestDay...CivilDate.latestDay(today: today)).contains(day.resolve(today: today))
        {
            self.day = nil
        }
    }

    /// period-asked = ( "this" | "last" | "past" ) , ( "week" | "month" | "year" )
    ///              | ( "last" | "past" ) , integer , ( "days" | "weeks" | "months" )
    ///              | integer , "days" | "lately" | "fortnight" ;
    ///
    /// Takes off the period said: "this week", "last month", "in the last 10 days", "lately".
    mutating func takePeriod() {
        var index = 0
        let words = self.words
        func periodNamed(_ word: String) -> HistoryPeriod? {
            switch word {
            case "week", "weeks", "wk", "weekly": .week
            case "month", "months", "monthly": .month
            case "year", "years", "yearly": .year
            default: nil
            }
        }
        while index < tokens.count {
            let word = words[index]
            let next = index + 1 < words.count ? words[index + 1] : ""
            let before = index > 0 ? words[index - 1] : ""
            var length = 0
            var found: Inquiry.Period?
            if ["last", "past", "previous"].contains(word), let count = tokens[safe: index + 1]?.number, count >= 1,
                count <= 3650, let unit = tokens[safe: index + 2]?.word
            {
                let days = Int(count)
                switch unit {
                case "day", "days": found = .days(days)
                case "week", "weeks": found = .days(days * 7)
                case "month", "months": found = .days(days * 30)
                default: break
                }
                length = 3
            } else if let count = tokens[index].number, count >= 1, count <= 3650, next == "days" || next == "day" {
                found = .days(Int(count))
                length = 2
            } else if ["this", "current"].contains(word), let which = periodNamed(next) {
                found = .current(which)
                length = 2
            } else if ["last", "previous"].contains(word), let which = periodNamed(next) {
                // "over the last week" rolls back from today; "last week" is the calendar one.
                if before == "the" {
                    found = which == .month ? .days(30) : .current(which)
                } else {
                    found = .ago(which, 1)
                }
                length = 2
            } else if word == "past", let which = periodNamed(next) {
                found = which == .month ? .days(30) : .current(which)
                length = 2
            } else if let which = periodNamed(word) {
                found = .current(which)
                length = 1
            } else if word == "fortnight" {
                found = .days(14)
                length = 1
            } else if word == "lately" || word == "recently" {
                found = .current(.week)
                length = 1
            }
            if let found, length > 0 {
                if period == nil { period = found }
                var start = index
                if start > 0, ["the", "this"].contains(words[start - 1]) { start -= 1 }
                tokens.removeSubrange(start..<min(tokens.count, index + length))
                return takePeriod()
            }
            index += 1
        }
    }

    /// Takes off the meal said ("for lunch", "at breakfast", "dinner").
    mutating func takeMeal() {
        if let index = tokens.firstIndex(where: { $0.word.flatMap(MealWords.meal(for:)) != nil }) {
            meal = tokens[index].word.flatMap(MealWords.meal(for:))
            tokens.remove(at: index)
        }
        meal = meal ?? timeMeal
    }

    // MARK: - What is asked

    /// asked = food-asked | suggest-asked | weight-asked | exercise-asked | nutrient-asked
    ///       | goal-asked | eaten-asked | kcal-asked ;
    /// suggest-asked = { word } , ( "should" | "can" | "to" ) , { word } , ( "eat" | "have" ) , [ meal-modifier ]
    ///               | ( "any" | "what" ) , ( "suggestions" | "ideas" | "recommend" ) , [ meal-modifier ] ;
    /// weight-asked = { word } , ( "weight" | "weigh" | "lost" | "gained" | "kilos" | "pounds" ) , { word } ;
    /// exercise-asked = { word } , ( movement | "steps" | "exercise" | "workout" | "far" | "burn" | "burned" ) , { word } ;
    /// nutrient-asked = { word } , ( nutrient | "water" | "drink" | "drank" | "macros" ) , { word } ;
    /// goal-asked = { word } , ( "goal" | "track" | "over" | "under" | "streak" | "doing" ) , { word } ;
    /// eaten-asked = { word } , "what" , { word } , ( "eat" | "ate" | "have" | "had" | "log" | meal ) , { word } ;
    /// kcal-asked = { word } , ( "calories" | "kcal" | "eat" | "left" | "remaining" | "total" ) , { word } ;
    ///
    /// What the words left ask for, by the words they hold; nil when they name nothing answered.
    func whatIsAsked() -> Inquiry.Asks? {
        let words = self.words
        let set = Set(words)
        func has(_ options: Set<String>) -> Bool { !set.isDisjoint(with: options) }
        // "what should I eat", "what can I have for dinner", "any ideas for lunch"
        if has(["should", "can", "could", "shall", "to"]) && has(["eat", "have", "make", "cook"])
            && !has(InquiryWords.kcalWords) && !has(["much", "many", "more"])
            || has(["suggest", "suggestion", "suggestions", "ideas", "idea", "recommend", "recommendations"])
        {
            return .suggest
        }
        if has(InquiryWords.weightWords) {
            return has(["when", "long", "until", "till", "reach", "hit"]) ? .weightGoal : .weight
        }
        if has(["reach", "hit", "get"]) && has(["goal"]) && has(["when", "long", "until"]) { return .weightGoal }
        if has(InquiryWords.burnWords) { return .kcalBurned }
        if has(InquiryWords.exerciseWords) {
            // "how far did I run": the movement, not the generic word.
            return .exercise(
                words.first { InquiryWords.exerciseWords.contains($0) && !InquiryWords.anyExercise.contains($0) })
        }
        for index in words.indices {
            if let (nutrient, _) = TargetNutrient.named(Array(words[index...])) { return .nutrient(nutrient) }
        }
        if has(["drink", "drank", "drunk", "hydrated", "hydration", "fluids", "fluid", "h2o"]) {
            return .nutrient(.water)
        }
        if has(["macros", "macro", "macronutrients"]) { return .macros }
        // "did I go over", "am I on track", "how am I doing", "how did I do"; not "how much did I eat".
        let howDoing = words.first == "how" && (has(["doing", "going", "goin", "doin"]) || words.last == "do")
        if (has(["goal", "goals", "track", "target", "streak", "over", "under", "within", "limit"]) || howDoing)
            && !has(InquiryWords.leftWords) && !(has(["much", "many"]) && has(InquiryWords.eatWords))
        {
            return .goal
        }
        if has(["what", "which", "list", "show"])
            || (["did", "have", "had"].contains(words.first ?? "") && !has(["much", "many"]))
        {
            if has(InquiryWords.eatWords) || has(["log", "logged", "for"]) || meal != nil { return .eaten }
        }
        if has(InquiryWords.leftWords) && (has(InquiryWords.kcalWords) || has(["eat", "have", "more"])) {
            return .kcalLeft
        }
        if has(InquiryWords.kcalWords) || has(InquiryWords.eatWords) && has(["much", "many"]) || has(["total"]) {
            return has(InquiryWords.leftWords) ? .kcalLeft : .kcalEaten
        }
        if has(InquiryWords.leftWords) { return .kcalLeft }
        return nil
    }

    /// The inquiry for what is asked, with the command whose view answers it.
    func inquiry(_ asks: Inquiry.Asks) -> Inquiry {
        var day = self.day
        // "last friday", "3 days ago": the date, as the command names it.
        if let today, let said = day {
            switch said {
            case .daysAgo, .lastWeekday: day = .date(said.resolve(today: today))
            default: break
            }
        }
        var period = self.period
        if asks == .goal, asksOverall, day == nil, period == nil { period = .current(.week) }
        let (command, text) = InquiryReading.command(for: asks, day: day, meal: meal, period: period, today: today)
        return Inquiry(asks: asks, day: day, meal: meal, period: period, command: command, commandText: text)
    }

    static func command(
        for asks: Inquiry.Asks, day: DaySpec?, meal: Meal?, period: Inquiry.Period?, today: CivilDate?
    ) -> (Command, String) {
        let shownDay = day ?? .today
        let dayView = (Command.show(shownDay), dayText(shownDay, today: today))
        switch asks {
        case .kcalLeft, .kcalEaten, .eaten, .goal:
            guard let period, day == nil else {
                return dayView
            }
            return history(period)
        case .nutrient(let nutrient):
            guard let period, day == nil else { return dayView }
            return (
                .targetHistory(nutrient, days: period.dayCount), "history \(period.dayCount) \(nutrient.displayName)"
            )
        case .macros:
            guard let period, day == nil else { return dayView }
            return (.targetHistory(.nutrient(.protein), days: period.dayCount), "history \(period.dayCount) protein")
        case .kcalBurned, .exercise:
            if day != nil, period == nil { return dayView }
            let (which, choice, text) = calendar(period ?? .current(.week))
            return (.workouts(which, choice), "exercise " + text)
        case .weight, .weightGoal:
            guard let period else { return (.weights(.month), "weights") }
            let (which, choice, text) = calendar(period)
            return (.weights(which, choice), "weights " + text)
        case .suggest:
            return (.suggest(meal), meal.map { "suggest \($0.rawValue)" } ?? "suggest")
        case .food:
            return dayView  // a lookup is made by `foodLookup`, which knows its food
        }
    }

    /// The `week`, `month`, `year` or `history N` a period is.
    static func history(_ period: Inquiry.Period) -> (Command, String) {
        switch period {
        case .days(let days): return (.history(.days(days)), "history \(days)")
        case .current(let which): return (.history(.period(which)), which.rawValue)
        case .ago(let which, let count):
            return (
                .history(.calendar(which, .ago(count))),
                count == 1 ? "last \(which.rawValue)" : "\(which.rawValue) -\(count)"
            )
        }
    }

    /// A period as the views of weights and exercise take it: a week, month or year, and which.
    static func calendar(_ period: Inquiry.Period) -> (HistoryPeriod, PeriodChoice?, String) {
        switch period {
        case .days(let days):
            let which: HistoryPeriod = days <= 7 ? .week : days <= 31 ? .month : .year
            return (which, nil, which.rawValue)
        case .current(let which): return (which, nil, which.rawValue)
        case .ago(let which, let count):
            return (which, .ago(count), count == 1 ? "last \(which.rawValue)" : "\(which.rawValue) -\(count)")
        }
    }

    /// A day as a command shows it: `today`, `yesterday`, `monday`, `2026-11-20`.
    static func dayText(_ day: DaySpec, today: CivilDate?) -> String {
        switch day {
        case .today: return "today"
        case .yesterday: return "yesterday"
        case .date(let date): return date.description
        case .weekday(let weekday):
            return ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][
                max(0, min(6, weekday - 1))]
        case .daysAgo(let days):
            guard let today else { return "day -\(days)" }
            return today.adding(days: -days).description
        case .lastWeekday:
            guard let today else { return "yesterday" }
            return day.resolve(today: today).description
        }
    }

    // MARK: - Foods

    /// food-asked = { word } , ( "in" | "inside" ) , food
    ///            | ( "is" | "are" ) , food , judgement
    ///            | ( "tell" , "me" | "nutrition" | "macros" ) , ( "about" | "for" | "of" ) , food
    ///            | ( "should" | "can" ) , "i" , ( "eat" | "have" ) , food ;
    /// judgement = "healthy" | "good" | "bad" | "ok" | "fattening" | "nutritious" | "high" | "low" ;
    ///
    /// "how many calories in a big mac", "what's in a latte", "is a banana healthy", "tell me about
    /// oatmeal": a lookup of the food (`info`), never a log.
    func foodLookup(scalars: [Unicode.Scalar]) -> Inquiry? {
        let words = self.words
        var start: Int?
        var end = words.count
        if let index = words.firstIndex(where: { $0 == "in" || $0 == "inside" }), index > 0,
            words[..<index].contains(where: {
                InquiryWords.lookupWords.contains($0) || TargetNutrient.named([$0]) != nil
            })
        {
            start = index + 1
        } else if let does = words.firstIndex(where: { $0 == "does" || $0 == "do" }), does > 0,
            let last = words.last, ["have", "has", "contain", "contains"].contains(last),
            words[..<does].contains(where: { InquiryWords.kcalWords.contains($0) || TargetNutrient.named([$0]) != nil })
        {
            start = does + 1
            end = words.count - 1
        } else if let about = words.firstIndex(where: { ["about", "on", "for", "of"].contains($0) }), about > 0,
            words[..<about].contains(where: {
                ["tell", "info", "nutrition", "facts", "macros", "know", "information"].contains($0)
            })
        {
            start = about + 1
        } else if words.starts(with: ["how", "healthy"]) || words.starts(with: ["how", "good"]) {
            start = words.count > 2 && ["is", "are"].contains(words[2]) ? 3 : 2
        } else if ["is", "are"].contains(words.first ?? ""),
            let adjective = words.indices.dropFirst().first(where: { InquiryWords.judgements.contains(words[$0]) })
        {
            start = 1
            end = adjective
        } else if ["should", "can"].contains(words.first ?? "") || words.starts(with: ["what", "about"]) {
            // "should I eat a banana", "can I have a cookie": that food, with what it costs.
            if let verb = words.firstIndex(where: { ["eat", "have"].contains($0) }) { start = verb + 1 }
        }
        guard var from = start, from < end else { return nil }
        while from < end, InquiryWords.articles.contains(words[from]) || tokens[from].number != nil { from += 1 }
        while end > from, InquiryWords.trailing.contains(words[end - 1]) { end -= 1 }
        guard from < end, tokens[from..<end].allSatisfy({ $0.word != nil }) else { return nil }
        let foodWords = Array(words[from..<end])
        // "in total", "in the morning": no food.
        guard !foodWords.allSatisfy({ InquiryWords.notFood.contains($0) || MealWords.meal(for: $0) != nil }) else {
            return nil
        }
        let range = tokens[from].range.union(tokens[end - 1].range)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[max(0, range.start)..<min(scalars.count, range.end)])
        let text = String(view)
        // The food as `info` reads it, where it stands in this line.
        guard case .info(var phrase)? = try? Parser.parse("info " + text) else { return nil }
        phrase.range = range
        var nutrient: TargetNutrient?
        for index in words[..<max(0, from)].indices {
            if let (found, _) = TargetNutrient.named(Array(words[index..<from])) {
                nutrient = found
                break
            }
        }
        return Inquiry(
            asks: .food(nutrient), day: day, meal: nil, period: nil, food: phrase, command: .info(phrase),
            commandText: "info " + text)
    }
}
