import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel
import CalorinaResults
import CalorinaSupport

extension Renderer {
    // MARK: - JSON

    /// One JSON object on one line, or nil for outcomes that print nothing (comments, blank lines).
    public func json(_ outcome: Outcome) -> String? {
        jsonValue(outcome)?.serialized()
    }

    /// An outcome's JSON object, or nil for outcomes that print nothing.
    func jsonValue(_ outcome: Outcome) -> JSONValue? {
        let value: JSONValue
        switch outcome {
        case .answer(let report): value = answerJSON(report)
        case .warned(let outcome, let warnings):
            // The outcome's object, and what to say beside it.
            guard case .object(var pairs)? = jsonValue(outcome) else { return jsonValue(outcome) }
            pairs.append(("notices", .array(warnings.map { .string($0.message) })))
            value = .object(pairs)
        case .logged(let report):
            let entries = report.entries.enumerated().map { offset, entry in
                let value = Renderer.json(entry, number: offset < report.numbers.count ? report.numbers[offset] : nil)
                // What the entry assumed: a served portion ("a served bowl: 3 cups").
                guard offset < report.notes.count, let note = report.notes[offset], case .object(var pairs) = value
                else { return value }
                pairs.append(("note", .string(note)))
                return JSONValue.object(pairs)
            }
            var pairs: [(String, JSONValue)] = [
                ("ok", .bool(true)), ("entries", .array(entries)),
                ("day", Renderer.json(report.day)),
                ("warnings", .array(report.warnings.map(Renderer.json))),
            ]
            if !report.corrections.isEmpty {
                pairs.append(
                    (
                        "corrections",
                        .array(
                            report.corrections.map {
                                .object([("typed", .string($0.typed)), ("read", .string($0.read))])
                            })
                    ))
            }
            if report.dryRun { pairs.append(("dry_run", .bool(true))) }
            if let caution = report.caution { pairs.append(("caution", .string(caution))) }
            value = .object(pairs)
        case .day(let report):
            value = .object([
                ("ok", .bool(true)), ("date", .string(report.totals.date.description)),
                (
                    "entries",
                    .array(report.entries.enumerated().map { Renderer.json($0.element, number: $0.offset + 1) })
                ),
                ("day", Renderer.json(report.totals)),
            ])
        case .undone(let report):
            value = .object(
                [
                    ("ok", .bool(true)), ("change", .string(report.change)),
                    (
                        report.isDelete ? "deleted" : report.isRedo ? "redone" : "undone",
                        .array((report.isRedo ? report.restored : report.removed).map(Renderer.json))
                    ),
                    ("removed", .array(report.removed.map(Renderer.json))),
                    ("restored", .array(report.restored.map(Renderer.json))),
                ] + (report.madeBy.map { [("madeBy", JSONValue.string($0))] } ?? [])
                    + (report.moreRemoved > 0
                        ? [("removedCount", JSONValue.number(Double(report.removed.count + report.moreRemoved)))] : []))
        case .help(let text):
            value = .object([("ok", .bool(true)), ("help", .string(text))])
        case .quit:
            value = .object([("ok", .bool(true))])
        case .nothing, .collecting(nil):
            return nil
        case .collecting(let text?):
            value = .object([("ok", .bool(true)), ("collecting", .string(text))])
        case .failed(let failure):
            let first = failure.problems.first
            var error: [(String, JSONValue)] = [
                ("message", .string(first?.message ?? "error")), ("column", .number(Double(first?.column ?? 1))),
            ]
            if let hint = first?.hint { error.append(("hint", .string(hint))) }
            if failure.problems.count > 1 {
                error.append(
                    (
                        "problems",
                        .array(
                            failure.problems.map { problem in
                                .object([
                                    ("message", .string(problem.message)), ("column", .number(Double(problem.column))),
                                ])
                            })
                    ))
            }
            value = .object([("ok", .bool(false)), ("error", .object(error))])
        case .storeFailed(let error):
            value = .object([
                ("ok", .bool(false)), ("error", .object([("message", .string(error.message)), ("column", .null)])),
            ])
        case .search(let report):
            value = .object([
                ("ok", .bool(true)), ("query", .string(report.query)),
                (
                    "foods",
                    .array(
                        report.rows.map { row in
                            .object([
                                ("food", .string(row.name)), ("code", row.code.map { .number(Double($0)) } ?? .null),
                                ("kcal", .number(row.kcal)), ("portion", .string(row.portion)),
                            ])
                        })
                ),
            ])
        case .info(let report):
            func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
            value = .object(
                [
                    ("ok", .bool(true)), ("food", .string(report.name)),
                    ("code", report.code.map { .number(Double($0)) } ?? .null),
                    ("kcal_per_100g", optional(report.kcalPer100g)),
                    ("protein_per_100g", optional(report.proteinPer100g)),
                    ("carbs_per_100g", optional(report.carbsPer100g)), ("fat_per_100g", optional(report.fatPer100g)),
                ] + Renderer.jsonPairs(report.nutrientsPer100g ?? Nutrients(), suffix: "_per_100g") + [
                    (
                        "portions",
                        .array(
                            report.portions.map { portion in
                                .object(
                                    [
                                        ("portion", .string(portion.description)), ("grams", .number(portion.grams)),
                                        ("kcal", .number(portion.kcal)),
                                    ] + Renderer.jsonPairs(portion.nutrients ?? Nutrients()))
                            })
                    ),
                    ("source", .string(report.source)),
                ])
        case .foods(let foods):
            value = .object([
                ("ok", .bool(true)),
                (
                    "foods",
                    .array(
                        foods.foods.map { .object([("name", .string($0.name)), ("definition", .string($0.summary))]) })
                ),
                (
                    "aliases",
                    .array(foods.aliases.map { .object([("name", .string($0.name)), ("target", .string($0.target))]) })
                ),
                (
                    "recipes",
                    .array(foods.recipes.map { .object([("name", .string($0.name)), ("items", .string($0.items))]) })
                ),
            ])
        case .ownFoodInfo(let report): value = Renderer.json(report)
        case .foodsChanged(let done):
            value = .object([("ok", .bool(true)), ("done", .string(done))])
        case .question(let question):
            value = Renderer.json(question)
        case .settings(let report):
            var pairs: [(String, JSONValue)] = [
                ("ok", .bool(true)), ("goal", .number(Format.rounded(report.goal.kcal, places: 0))),
            ]
            if let maintenance = report.goal.maintenance {
                pairs.append(("maintenance", .number(Format.rounded(maintenance, places: 0))))
            }
            if let bmr = report.goal.bmr {
                pairs.append(("bmr", .number(Format.rounded(bmr, places: 0))))
            }
            if let changed = report.changed { pairs.append(("done", .string(changed))) }
            value = .object(pairs)
        case .history(let report): value = Renderer.json(report)
        case .targets(let report): value = Renderer.json(report)
        case .targetHistory(let report): value = Renderer.json(report)
        case .weights(let report): value = Renderer.json(report)
        case .workouts(let report): value = Renderer.json(report)
        case .exported(let report): value = Renderer.json(report)
        case .imported(let report): value = Renderer.json(report)
        case .suggestions(let report): value = Renderer.json(report)
        case .doctor(let report): value = Renderer.json(report)
        case .devices(let devices): value = Renderer.json(devices)
        case .choices(let report):
            value = .object([
                ("ok", .bool(true)),
                (
                    "choices",
                    .array(
                        report.rows.map {
                            .object([
                                ("words", .string($0.words)), ("food", .string($0.food)),
                                ("code", .number(Double($0.code))),
                            ])
                        })
                ),
            ])
        }
        return value
    }

    /// A question as JSON (a front end printing JSON asks none; a test or a tool may want one).
    static func json(_ question: Question) -> JSONValue {
        switch question.kind {
        case .overGoal(let question):
            return .object([
                ("ok", .bool(false)), ("confirm_over_goal", .number(question.overBy)),
                ("foods", .array(question.foods.map(JSONValue.string))), ("kcal", .number(question.kcal)),
                ("total", .number(question.total)), ("goal", .number(question.goal)),
            ])
        case .food(let report):
            return .object([
                ("ok", .bool(false)), ("phrase", .string(report.phrase)),
                (
                    "choices",
                    .array(
                        report.choices.map {
                            .object([("food", .string($0.name)), ("code", .number(Double($0.code)))])
                        })
                ),
            ])
        case .weight(let question):
            return .object([
                ("ok", .bool(false)), ("confirm_weight", .string(question.asTyped)),
                ("other_reading", .string(question.otherReading)),
            ])
        case .profile(let question):
            return .object([
                ("ok", .bool(false)), ("profile_question", .string(question.question)),
                ("current", question.current.map(JSONValue.string) ?? .null),
            ])
        }
    }

    static func json(_ entry: Entry) -> JSONValue {
        func optional(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return .object(
            [
                ("id", .string(entry.id)), ("date", .string(entry.date)), ("time", .string(entry.time)),
                ("meal", .string(entry.meal.rawValue)), ("food", .string(entry.food)),
                ("code", entry.code.map { .number(Double($0)) } ?? .null),
                ("source", entry.code.map { .string(FoodSource(code: $0).citation(code: $0)) } ?? .null),
                ("quantity", .number(entry.quantity)), ("unit", .string(entry.unit)),
                ("portion", .string(entry.portion)),
                ("grams", optional(entry.grams)), ("kcal", .number(entry.kcal)),
                ("protein", optional(entry.nutrients[.protein])),
                ("carbs", optional(entry.nutrients[.carbs])), ("fat", optional(entry.nutrients[.fat])),
            ] + jsonPairs(entry.nutrients) + [
                ("kind", .string(entry.kind?.rawValue ?? "food")),
                // The words its food was found by (`matched`) and without (`skipped`, and why each:
                // `skipped_roles`); empty for what no words found, and for entries logged before
                // month files kept them (version 5).
                ("matched", .array((entry.matched ?? []).map(JSONValue.string))),
                ("skipped", .array((entry.skipped ?? []).map(JSONValue.string))),
                ("skipped_roles", .array((entry.skippedRoles ?? []).map(JSONValue.string))),
            ])
    }

    /// An entry with the number its day gives it (`delete 3`), when there is one.
    static func json(_ entry: Entry, number: Int?) -> JSONValue {
        guard let number, case .object(var pairs) = json(entry) else { return json(entry) }
        pairs.insert(("number", .number(Double(number))), at: 1)
        return .object(pairs)
    }

    static func json(_ totals: DayTotals) -> JSONValue {
        .object(
            [
                ("date", .string(totals.date.description)), ("kcal", .number(Format.rounded(totals.kcal, places: 1))),
                ("burned", .number(totals.burned)), ("net", .number(totals.net)), ("water_ml", .number(totals.waterMl)),
                ("goal", .number(totals.goal)), ("left", .number(Format.rounded(totals.left, places: 1))),
            ] + Nutrient.macros.map { ($0.column, .number(Format.rounded(totals[$0], places: 1))) }
                + jsonPairs(totals.nutrients))
    }

    static func json(_ warning: GoalWarning) -> JSONValue {
        switch warning {
        case .nearGoal(let percent): .object([("kind", .string("near_goal")), ("percent", .number(Double(percent)))])
        case .overGoal(let kcal):
            .object([("kind", .string("over_goal")), ("kcal", .number(Format.rounded(kcal, places: 1)))])
        }
    }
}
