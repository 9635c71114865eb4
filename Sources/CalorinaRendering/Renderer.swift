import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaResults
import CalorinaSupport

/// Turns outcomes into text for people or JSON for programs. Returns strings; the executable
/// decides where they go (results to stdout, errors to stderr).
public struct Renderer: Sendable {
    /// Whether to colour the text with ANSI escapes.
    public var color: Bool
    /// The columns charts may fill.
    public var width: Int = 80
    /// Draw charts and marks with plain ASCII (`#`, `=`, `|`) instead of Unicode blocks.
    public var ascii: Bool = false

    /// Creates a renderer.
    public init(color: Bool = false, width: Int = 80, ascii: Bool = false) {
        self.color = color
        self.width = width
        self.ascii = ascii
    }

    /// What to print: results for stdout, problems for stderr.
    ///
    /// A front end writes `stderr` first: a problem with what was typed is said before what
    /// follows it (the profile dialog's last wrong answer, then the goal).
    public struct Output: Equatable, Sendable {
        public var stdout = ""
        public var stderr = ""

        /// Creates an output.
        public init(stdout: String = "", stderr: String = "") {
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    // MARK: - Text

    /// Text for a person. `lineNumber` prefixes errors as `line N:` (scripts). No control
    /// character but the renderer's own colours reaches the terminal (see `visible(_:)`).
    public func text(_ outcome: Outcome, lineNumber: Int? = nil) -> Output {
        visible(unescapedText(outcome, lineNumber: lineNumber))
    }

    private func unescapedText(_ outcome: Outcome, lineNumber: Int?) -> Output {
        switch outcome {
        case .logged(let report): return Output(stdout: logText(report))
        case .day(let report): return Output(stdout: dayText(report))
        case .undone(let report): return Output(stdout: undoText(report))
        case .help(let text): return Output(stdout: text + "\n")
        case .quit, .nothing: return Output()
        case .failed(let failure): return Output(stderr: failureText(failure, lineNumber: lineNumber))
        case .storeFailed(let error):
            return Output(
                stderr: (lineNumber.map { "line \($0): " } ?? "") + paint("error:", .red) + " " + error.message + "\n")
        case .search(let report): return Output(stdout: searchText(report))
        case .info(let report): return Output(stdout: infoText(report))
        case .ownFoodInfo(let report): return Output(stdout: ownFoodInfoText(report))
        case .foods(let foods): return Output(stdout: foodsText(foods))
        case .foodsChanged(let done): return Output(stdout: "  " + paint("✓", .green) + " " + done + "\n")
        case .question(let question):
            if case .food(let report) = question.kind { return Output(stdout: choiceText(report)) }
            let asking = asking(question)
            return Output(stdout: asking.shown.stdout + asking.prompt + "\n", stderr: asking.shown.stderr)
        case .settings(let report):
            return Output(stdout: settingsText(report), stderr: report.problem.map { failureText($0) } ?? "")
        case .history(let report): return Output(stdout: historyText(report))
        case .targets(let report): return Output(stdout: targetsText(report))
        case .targetHistory(let report): return Output(stdout: targetHistoryText(report))
        case .weights(let report): return Output(stdout: weightsText(report))
        case .workouts(let report): return Output(stdout: workoutsText(report))
        case .exported(let report): return Output(stdout: exportText(report))
        case .imported(let report): return Output(stdout: importText(report))
        case .suggestions(let report): return Output(stdout: suggestionsText(report))
        case .doctor(let report): return doctorText(report)
        case .devices(let devices): return Output(stdout: devicesText(devices))
        case .collecting(let text): return Output(stdout: text.map { "  " + paint($0, .cyan) + "\n" } ?? "")
        case .choices(let report): return Output(stdout: choicesText(report))
        case .answer(let report): return answerText(report)
        case .warned(let outcome, let warnings):
            var output = unescapedText(outcome, lineNumber: lineNumber)
            for warning in warnings { output.stderr += warningLine(warning, lineNumber: lineNumber) }
            return output
        }
    }

    /// A warning on its own line, for stderr: `line 3: warning: …` in a script.
    public func warningLine(_ warning: LineWarning, lineNumber: Int? = nil) -> String {
        (lineNumber.map { "line \($0): " } ?? "") + paint("warning:", .yellow) + " " + warning.message + "\n"
    }

    /// How a front end asks a question: what to show first, then the prompt to read the answer at.
    public func asking(_ question: Question) -> (shown: Output, prompt: String) {
        let asking = unescapedAsking(question)
        return (visible(asking.shown), visible(asking.prompt))
    }

    private func unescapedAsking(_ question: Question) -> (shown: Output, prompt: String) {
        switch question.kind {
        case .food(let report):
            return (Output(stdout: choiceText(report)), "which one? [1] › ")
        case .overGoal(let asked):
            return (Output(), confirmQuestion(asked))
        case .weight(let asked):
            return (Output(), weightQuestion(asked))
        case .profile(let asked):
            let introduction =
                asked.isFirst
                ? "Your profile gives your goal (Mifflin-St Jeor). Enter keeps the answer in [brackets].\n" : ""
            return (
                Output(stdout: introduction, stderr: asked.problem.map { failureText($0) } ?? ""), asked.prompt
            )
        }
    }

    /// The question asked before logging a weight that reads far better in the other units:
    ///
    ///     81.2 lb is far from your last weight, 180 lb (81.2 kg would be 179 lb) — log 81.2 lb? [y/N]
    public func weightQuestion(_ question: WeightQuestion) -> String {
        "\(question.asTyped) is \(question.reason) (\(question.otherReading) would be \(question.otherInOwnUnits))"
            + " — log \(question.asTyped)? [y/N] "
    }

    func choicesText(_ report: ChoicesReport) -> String {
        guard !report.rows.isEmpty else {
            return "no picks remembered: when words fit several foods, the one you pick at a terminal is kept here\n"
        }
        var out = paint("remembered picks", .bold) + " (forget one with 'forget choice WORDS')\n"
        for row in report.rows { out += "  \(row.words) → \(row.food)\n" }
        return out
    }

    /// The numbered choices for an ambiguous phrase; the front end asks which.
    public func choiceText(_ report: ChoiceReport) -> String {
        var out = "'\(report.phrase)' could be:\n"
        if let word = report.leftOver {
            out = "'\(report.phrase)' names no food Calorina knows with '\(word)' in it; without it, it could be:\n"
        }
        for (offset, choice) in report.choices.enumerated() {
            let number = "  \(offset + 1)  "
            let said = choice.name + (choice.detail.isEmpty ? "" : " · \(choice.detail)")
            out += number + Renderer.wrapped(said, width: width - number.count, indent: number.count) + "\n"
        }
        return out
    }

    func searchText(_ report: SearchReport) -> String {
        guard !report.rows.isEmpty else { return "no food matches '\(report.query)'\n" }
        var out = ""
        for (offset, row) in report.rows.enumerated() {
            let number = String(offset + 1)
            // A long name wraps between words under itself (issue 30: not inside a word).
            let said = "\(row.name) · \(Format.integer(row.kcal)) kcal per \(row.portion)"
            out += String(repeating: " ", count: max(1, 4 - number.count)) + number + "  "
            out += Renderer.wrapped(said, width: width - Renderer.numberColumns, indent: Renderer.numberColumns) + "\n"
        }
        return out + pickHint(count: report.rows.count)
    }

    /// The line under a numbered list: the number to type to log one of its foods.
    func pickHint(count: Int) -> String {
        let number = min(2, count)
        let text = "  type a number to log that food: '\(number)', '\(number) for lunch'; later, 'log \(number)'"
        return paint(text, .dim) + "\n"
    }

    func infoText(_ report: InfoReport) -> String {
        var out = paint(report.name, .bold) + "\n"
        if let definition = report.definition { out += "  \(definition)\n" }
        if let kcal = report.kcalPer100g {
            out += "  \(Format.integer(kcal)) kcal per 100 g"
            if let protein = report.proteinPer100g, let carbs = report.carbsPer100g, let fat = report.fatPer100g {
                out +=
                    " · protein \(Format.number(protein)) g · carbs \(Format.number(carbs)) g · fat \(Format.number(fat)) g"
            }
            out += "\n"
        }
        if let nutrients = report.nutrientsPer100g {
            out += "  per 100 g: \(nutrientsText(nutrients, precise: true))\n"
        }
        if !report.portions.isEmpty {
            out += "  portions:\n"
            for portion in report.portions {
                let description =
                    portion.description == "Quantity not specified" ? "serving (USDA's default)" : portion.description
                out += "    \(description) · \(Format.grams(portion.grams)) · \(Format.integer(portion.kcal)) kcal"
                out += portion.nutrients.map { " · " + nutrientsText($0) } ?? ""
                out += "\n"
            }
        }
        if !report.synonyms.isEmpty { out += "  also: " + report.synonyms.joined(separator: "; ") + "\n" }
        if let category = report.category { out += "  category: \(category)\n" }
        out += "  source: \(report.source)\n"
        return out
    }

    func foodsText(_ foods: UserFoods) -> String {
        if foods.foods.isEmpty && foods.aliases.isEmpty && foods.recipes.isEmpty {
            return "no foods of your own yet: 'define protein bar = 210 kcal per bar', 'alias oj = orange juice',\n"
                + "'recipe my breakfast = 2 eggs, 1 slice toast, coffee'\n"
        }
        // Numbered through, foods then aliases then recipes: 'log 2' logs the second.
        var out = ""
        var number = 0
        func numbered(_ text: String) -> String {
            number += 1
            return Renderer.right(String(number), 4) + "  " + text + "\n"
        }
        if !foods.foods.isEmpty {
            out += paint("foods", .bold) + "\n" + foods.foods.map { numbered("\($0.name) · \($0.summary)") }.joined()
        }
        if !foods.aliases.isEmpty {
            out += paint("aliases", .bold) + "\n" + foods.aliases.map { numbered("\($0.name) → \($0.target)") }.joined()
        }
        if !foods.recipes.isEmpty {
            out += paint("recipes", .bold) + "\n" + foods.recipes.map { numbered("\($0.name) = \($0.items)") }.joined()
        }
        return out + pickHint(count: number)
    }

    func logText(_ report: LogReport) -> String {
        var out = ""
        let mark = report.dryRun ? paint("~", .yellow) : paint("+", .green)
        let totals = report.day
        for (offset, entry) in report.entries.enumerated() {
            // The number 'delete', 'edit' and 'move' take, as 'today' shows it.
            let number = offset < report.numbers.count ? "#\(report.numbers[offset]) " : ""
            var parts = [entry.food]
            if !entry.portion.isEmpty, entry.kind != .weight, entry.kind != .water { parts.append(entry.portion) }
            let date = report.showsYear ? totals.date.longDisplay : totals.date.shortDisplay
            let day = report.isToday ? "" : " on \(date)"
            // A long line wraps between words, under its text (issue 30: at 80 columns a name
            // wrapped inside a word); the meal and day stay together.
            let indent = 4 + number.count
            switch entry.kind {
            case nil:
                parts.append("\(Format.integer(entry.kcal)) kcal")
                let said =
                    number + parts.joined(separator: " · ") + " " + Renderer.glued("→ \(entry.meal.rawValue)" + day)
                out += "  \(mark) " + Renderer.wrapped(said, width: width - 4, indent: indent) + "\n"
                continue
            case .exercise?:
                parts.append("−\(Format.integer(entry.kcal)) kcal (burned)")
                let said = number + parts.joined(separator: " · ") + Renderer.glued(day)
                out += "  \(mark) " + Renderer.wrapped(said, width: width - 4, indent: indent) + "\n"
                continue
            case .water?:
                let unit = " " + Format.waterUnit(report.units)
                func water(_ ml: Double) -> String { Format.water(milliliters: ml, units: report.units) }
                out += "  \(mark) " + number + "Water · \(water(entry.quantity))" + unit
                out +=
                    " · \(water(totals.waterMl))"
                    + (totals.waterGoalMl.map { " of \(water($0))" + unit }
                        ?? (report.isToday ? unit + " today" : unit))
            case .weight?:
                out +=
                    "  " + paint("✓", .green) + " " + number + "weight "
                    + weightText(entry.quantity, units: report.units)
            }
            out += day + "\n"
        }
        if !report.corrections.isEmpty {
            out +=
                "  " + paint(report.corrections.map { "\($0.typed) → \($0.read)" }.joined(separator: ", "), .dim) + "\n"
        }
        if let note = report.note { out += "  " + paint(note, .dim) + "\n" }
        if let caution = report.caution { out += "  " + paint("! " + caution, .yellow) + "\n" }
        if report.entries.contains(where: { $0.isFood || $0.kind == .exercise }) {
            if report.isToday {
                out += "  " + paint(leftText(totals) + " today", .dim) + "\n"
            } else {
                out +=
                    "  "
                    + paint(
                        "\(report.showsYear ? totals.date.longDisplay : totals.date.shortDisplay): \(Format.integer(totals.net)) of \(Format.integer(totals.goal)) kcal",
                        .dim) + "\n"
            }
        }
        for warning in report.warnings {
            let day = report.isToday ? "today's" : "the day's"
            switch warning {
            case .nearGoal(let percent):
                out += "  " + paint("! \(percent)% of \(day) goal", .yellow) + "\n"
            case .overGoal(let kcal):
                out += "  " + paint("! \(Format.integer(kcal)) kcal over \(day) goal", .yellow) + "\n"
            }
        }
        if report.dryRun { out += "  " + paint("(dry run: nothing saved)", .dim) + "\n" }
        return out
    }

    /// `1,234 kcal left`, or `56 kcal over`.
    func leftText(_ left: Double) -> String {
        left >= 0 ? "\(Format.integer(left)) kcal left" : "\(Format.integer(-left)) kcal over"
    }

    func leftText(_ totals: DayTotals) -> String { leftText(totals.left) }

    func dayText(_ report: DayReport) -> String {
        let totals = report.totals
        var out = paint(report.showsYear ? totals.date.longDisplay : totals.date.shortDisplay, .bold)
        if report.entries.isEmpty {
            return out + " · nothing logged · goal \(Format.integer(totals.goal)) kcal\n"
        }
        if totals.burned > 0 {
            out +=
                " · eaten \(Format.integer(totals.kcal)) − burned \(Format.integer(totals.burned)) = \(Format.integer(totals.shownNet))"
            out += " of \(Format.integer(totals.goal)) kcal · \(leftText(totals.shownLeft))\n"
        } else {
            out += " · \(Format.integer(totals.kcal)) of \(Format.integer(totals.goal)) kcal · \(leftText(totals))\n"
        }
        // Each entry with its number in the day, whatever group it is shown in.
        var numbers: [String: Int] = [:]
        for (offset, entry) in report.entries.enumerated() { numbers[entry.id] = offset + 1 }
        var shown = 0
        func line(_ entry: Entry, _ text: String) {
            shown += 1
            let label = String(numbers[entry.id] ?? shown)
            out += String(repeating: " ", count: max(1, 4 - label.count)) + label + "  " + text + "\n"
        }
        // Food and exercise share one layout: names and portions cut to the room there is, the
        // kcal right-aligned in a column.
        func amount(_ entry: Entry) -> String {
            (entry.kind == .exercise ? "−" : "") + "\(Format.integer(entry.kcal)) kcal"
        }
        let listed = report.entries.filter { $0.isFood || $0.kind == .exercise }
        let columns = entryColumns(
            listed.map { entry in
                (entry.food + (entry.portion.isEmpty ? "" : " · " + entry.portion), amount(entry))
            })
        func row(_ entry: Entry) -> String {
            entryRow(name: entry.food, portion: entry.portion, amount: amount(entry), columns)
        }
        for meal in Meal.allCases {
            let entries = report.entries.filter { $0.isFood && $0.meal == meal }
            guard !entries.isEmpty else { continue }
            out += paint(meal.rawValue, .bold) + " · \(Format.integer(entries.reduce(0) { $0 + $1.kcal })) kcal\n"
            for entry in entries { line(entry, row(entry)) }
        }
        let exercise = report.entries.filter { $0.kind == .exercise }
        if !exercise.isEmpty {
            out += paint("exercise", .bold) + " · −\(Format.integer(totals.burned)) kcal"
            out += stepsText(exercise) + "\n"
            for entry in exercise { line(entry, row(entry)) }
        }
        let water = report.entries.filter { $0.kind == .water }
        if !water.isEmpty {
            let unit = " " + Format.waterUnit(report.units)
            func amount(_ ml: Double) -> String { Format.water(milliliters: ml, units: report.units) }
            out +=
                paint("water", .bold)
                + " · \(amount(totals.waterMl))"
                + (totals.waterGoalMl.map { " of \(amount($0))" + unit } ?? unit) + "\n"
            for entry in water { line(entry, "\(amount(entry.quantity))\(unit) at \(entry.time)") }
        }
        let weights = report.entries.filter { $0.kind == .weight }
        if !weights.isEmpty {
            out += paint("weight", .bold) + "\n"
            for entry in weights {
                line(entry, "\(weightText(entry.quantity, units: report.units)) at \(entry.time)")
            }
        }
        if report.entries.contains(where: \.isFood) {
            let macros = Nutrient.macros.map { "\($0.label) \(Format.integer(totals[$0])) \($0.unit)" }
            out += paint(macros.joined(separator: " · "), .dim) + "\n"
            out += paint(nutrientsLine(totals.nutrients), .dim) + "\n"
        }
        if report.entries.contains(where: { $0.isFood || $0.kind == .water }) {
            out += targetsLine(report.targets, units: report.units)
        }
        return out
    }

    /// An entry taken back or put back, in a few words: a weighing and water by their amounts,
    /// exercise by the kcal it burned, food by its kcal.
    func changedEntryText(_ entry: Entry, units: UnitSystem = .metric) -> String {
        switch entry.kind {
        case .weight?:
            return "weight " + (entry.portion.isEmpty ? "\(Format.number(entry.quantity)) kg" : entry.portion)
        case .water?:
            return "Water · \(Format.water(milliliters: entry.quantity, units: units)) \(Format.waterUnit(units))"
        case .exercise?: return "\(entry.food) · \(Format.integer(entry.kcal)) kcal burned"
        case nil: return "\(entry.food) · \(Format.integer(entry.kcal)) kcal"
        }
    }

    func undoText(_ report: UndoReport) -> String {
        if report.isDelete {
            return report.removed.map {
                "  " + paint("−", .red) + " \(changedEntryText($0, units: report.units)) (deleted)\n"
            }.joined() + (report.day.map(dayText) ?? "")
        }
        var out = "  " + paint(report.isRedo ? "↷ redone:" : "↶ undone:", .yellow) + " \(report.change)"
        out += report.madeBy.map { " (a change made \($0))\n" } ?? "\n"
        // A change of thousands of entries (a script, an import) is summed up after the first few.
        let shown = 12
        let removedCount = report.removed.count + report.moreRemoved
        for entry in report.removed.prefix(removedCount > shown + 1 ? shown : shown + 1) {
            out += "  " + paint("−", .red) + " \(changedEntryText(entry, units: report.units))\n"
        }
        if removedCount > shown + 1 {
            out += "  " + paint("− … and \(Format.integer(Double(removedCount - shown))) more", .red) + "\n"
        }
        for (offset, entry) in report.restored.enumerated() {
            if offset == shown, report.restored.count > shown + 1 {
                let more = Format.integer(Double(report.restored.count - shown))
                out += "  " + paint("+ … and \(more) more", .green) + "\n"
                break
            }
            let number =
                offset < report.restoredNumbers.count && report.restoredNumbers[offset] > 0
                ? "#\(report.restoredNumbers[offset]) " : ""
            out += "  " + paint("+", .green) + " " + number + "\(changedEntryText(entry, units: report.units))\n"
        }
        for field in report.fields { out += "  " + paint("·", .yellow) + " " + field + "\n" }
        return out
    }

    /// The question asked before logging over the goal.
    ///
    ///     Big Mac (McDonalds) (1,070 kcal) makes today 2,431 of 2,259 kcal, 172 over — log it? [Y/n]
    public func confirmQuestion(_ question: OverGoalQuestion) -> String {
        var names = question.foods.prefix(3).joined(separator: ", ")
        if question.foods.count > 3 { names += " and \(question.foods.count - 3) more" }
        let day =
            question.isToday ? "today" : question.showsYear ? question.date.longDisplay : question.date.shortDisplay
        return "\(names) (\(Format.integer(question.kcal)) kcal) makes \(day) \(Format.integer(question.total)) of "
            + "\(Format.integer(question.goal)) kcal, \(Format.integer(question.overBy)) over — log it? [Y/n] "
    }

    func settingsText(_ report: SettingsReport) -> String {
        var out = ""
        if let changed = report.changed { out += "  " + paint("✓", .green) + " \(changed)\n" }
        let profile = report.profile
        let units = profile.units
        if report.changed == nil {
            var facts: [String] = []
            if let age = profile.age { facts.append("\(age) y") }
            if let sex = profile.sex { facts.append(sex.rawValue) }
            if let height = profile.heightCm { facts.append(Format.height(centimeters: height, units: units)) }
            if let weight = report.weightKg { facts.append(weightText(weight, units: units)) }
            if let activity = profile.activity {
                facts.append("\(activity.rawValue) (× \(Format.number(activity.factor)))")
            }
            out += "profile: " + (facts.isEmpty ? "empty" : facts.joined(separator: " · ")) + "\n"
        }
        let goal = report.goal
        if let maintenance = goal.maintenance {
            out += "  maintenance \(Format.integer(maintenance)) kcal a day"
            if let bmr = goal.bmr {
                let activity = profile.activity ?? .sedentary
                out +=
                    " · BMR \(Format.integer(bmr)) × \(Format.number(activity.factor))"
                    + " (Mifflin-St Jeor, \(activity.rawValue))\n"
            } else {
                out += " (Mifflin-St Jeor × activity)\n"
            }
        }
        out +=
            "  goal \(Format.integer(goal.kcal)) kcal a day · " + strategyText(profile.strategy, units: units)
            + "\n"
        switch goal.note {
        case .raisedToFloor(let wanted)?:
            out +=
                "  "
                + paint(
                    "! that strategy asks for \(Format.integer(wanted)) kcal; the goal is held at the safe floor of \(Format.integer(goal.kcal)) kcal",
                    .yellow) + "\n"
        case .belowFloor(let floor)?:
            out +=
                "  "
                + paint(
                    "! below the safe floor of \(Format.integer(floor)) kcal a day: talk to a doctor before eating this little",
                    .yellow) + "\n"
        case .incompleteProfile?:
            out +=
                "  "
                + paint(
                    "set age, sex, height and weight (or type 'profile' at a terminal) for a goal of your own", .dim)
                + "\n"
        case nil:
            break
        }
        if report.showStrategies, let maintenance = goal.maintenance {
            let rates = units.isImperial ? Energy.imperialRates : Energy.metricRates
            let unit = units.isImperial ? "lb" : "kg"
            out += "  strategies:\n"
            out += "    goal maintain            \(Format.integer(maintenance)) kcal\n"
            for rate in rates {
                let lose =
                    maintenance
                    + Energy.dailyChange(.lose(kgPerWeek: Energy.kilogramsPerWeek(rate, units: profile.units)))
                let floor = Energy.safeFloor(profile.sex)
                let shown =
                    lose < floor
                    ? "\(Format.integer(floor)) kcal (safe floor; \(Format.integer(lose)) asked)"
                    : "\(Format.integer(lose)) kcal"
                out +=
                    "    goal lose \(Format.number(rate)) (\(unit)/week)".padded(to: 29) + shown + "\n"
            }
            for rate in rates {
                let gain =
                    maintenance
                    + Energy.dailyChange(.gain(kgPerWeek: Energy.kilogramsPerWeek(rate, units: profile.units)))
                out +=
                    "    goal gain \(Format.number(rate)) (\(unit)/week)".padded(to: 29)
                    + "\(Format.integer(gain)) kcal\n"
            }
        }
        return out
    }

    func weightText(_ kg: Double, units: UnitSystem) -> String {
        Format.weight(kilograms: kg, units: units)
    }

    func strategyText(_ strategy: Profile.Strategy, units: UnitSystem) -> String {
        let unit = units.isImperial ? "lb" : "kg"
        switch strategy {
        case .maintain: return "maintain"
        case .lose(let rate): return "lose \(Format.number(Energy.displayRate(rate, units: units))) \(unit) a week"
        case .gain(let rate): return "gain \(Format.number(Energy.displayRate(rate, units: units))) \(unit) a week"
        case .fixed: return "a number of your own"
        }
    }

    /// The error, the line and a caret under the column:
    ///
    ///     error: unknown unit 'cupz'
    ///       1 cupz oatmeal
    ///         ^~~~ did you mean 'cup'?
    public func failureText(_ failure: LineFailure, lineNumber: Int? = nil) -> String {
        var out = ""
        let lineScalars = Array(failure.line.unicodeScalars)
        for problem in failure.problems {
            // A problem of an earlier line (an ingredient line) is shown at that line.
            let back = problem.earlierLine?.linesBack ?? 0
            let prefix = lineNumber.map { "line \($0 - back): " } ?? ""
            let scalars = problem.earlierLine.map { Array($0.text.unicodeScalars) } ?? lineScalars
            out += prefix + paint("error:", .red) + " " + problem.message + "\n"
            // Show at most 70 characters of the line, around the problem.
            let start = max(0, min(problem.range.start - 30, scalars.count - 70))
            let end = min(scalars.count, start + 70)
            var shown = String.UnicodeScalarView()
            for scalar in scalars[start..<end] {
                let printable =
                    scalar.properties.generalCategory != .control && scalar.properties.generalCategory != .format
                shown.append(printable ? scalar : "\u{FFFD}")
            }
            let lead = start > 0 ? "…" : ""
            let trail = end < scalars.count ? "…" : ""
            out += "  " + lead + String(shown) + trail + "\n"
            let column = problem.range.start - start + lead.count
            let width = max(1, min(problem.range.length, end - problem.range.start, 40))
            var marker =
                String(repeating: " ", count: max(0, column)) + "^" + String(repeating: "~", count: max(0, width - 1))
            if let hint = problem.hint { marker += " " + hint }
            out += "  " + paint(marker, .cyan) + "\n"
        }
        return out
    }

    // MARK: - Colour

    enum Style: String {
        case red = "31", green = "32", yellow = "33", cyan = "36", bold = "1", dim = "2"
    }

    func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
