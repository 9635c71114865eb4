import CalorinaFoods
import CalorinaLanguage
import CalorinaParser
import CalorinaResolver
import CalorinaResults
import CalorinaSupport

/// A recipe pasted as a recipe prints it: `recipe NAME serves N`, then its ingredient lines, one
/// a line, until an empty line (or the end of a script). Nothing is saved until every line
/// resolves; each line that does not is reported with its number.
struct PendingRecipe {
    var name: String
    var serves: Double
    /// The `recipe … serves N` line.
    var header: String
    /// The ingredient lines in order; nil for one left out at a terminal (`skip`).
    var lines: [String?] = []
    /// At a terminal: the number of the line that could not be read and was shown to be
    /// retyped; the next line takes its place (`skip` or an empty line leaves it out).
    var retyping: Int? = nil
}

/// What reading a recipe's ingredient lines gathers: the user's foods with the picks made so far,
/// those picks, and the kcal of the lines read.
struct IngredientReading {
    var user: UserFoods
    var picks: [String: Int] = [:]
    var kcal = 0.0
}

extension Session {
    /// The most ingredient lines a pasted recipe may have.
    static let maxRecipeLines = 100

    /// The candidate a recipe means when it names a food several ways prepared: raw, else the
    /// one with no added fat, else the plain one; nil when none is.
    static func plainest(_ candidates: [ResolveError.Candidate]) -> ResolveError.Candidate? {
        for mark in [", raw", "no added fat", ", plain"] {
            if let pick = candidates.first(where: { candidate in
                let name = candidate.name.lowercased()
                return mark == ", raw" ? name.hasSuffix(mark) || name.contains(mark + ",") : name.contains(mark)
            }) {
                return pick
            }
        }
        return nil
    }

    func startRecipe(_ name: String, serves: Double, line: String) throws(SessionError) -> Outcome {
        try checkNameFree(name)
        pendingRecipe = PendingRecipe(name: name, serves: serves, header: line)
        return .collecting(
            "paste the ingredient lines of '\(name)', one a line; an empty line ends them (\(Format.number(serves)) servings)"
        )
    }

    /// True while a pasted recipe's lines are being read.
    public var isCollecting: Bool { pendingRecipe != nil }

    func collectRecipeLine(_ line: String) -> Outcome {
        guard var pending = pendingRecipe else { return .nothing }
        if let number = pending.retyping {
            // The answer to a line that could not be read: the line again, or `skip` (or an
            // empty line) to leave it out. The lines read before it are kept.
            let said = line.trimmed.lowercased()
            if said.isEmpty || said == "skip" {
                pending.lines[number - 1] = nil
            } else {
                pending.lines[number - 1] = line
            }
            pending.retyping = nil
            pendingRecipe = pending
            return askAboutUnreadLines()
        }
        if line.trimmed.isEmpty { return options.interactive ? askAboutUnreadLines() : finishRecipe(endedBy: 1) }
        pending.lines.append(line)
        pendingRecipe = pending
        if pending.lines.count >= Session.maxRecipeLines {
            return options.interactive ? askAboutUnreadLines() : finishRecipe(endedBy: 0)
        }
        return .collecting(nil)
    }

    /// At a terminal, once the lines are in: the first that cannot be read is shown with its
    /// problem, to be retyped or skipped (`retyping`); with none left, the recipe is saved. A
    /// pasted recipe is read whole first, so a pasted line is never taken for an answer.
    private func askAboutUnreadLines() -> Outcome {
        guard var pending = pendingRecipe else { return .nothing }
        guard let user = try? loadUserFoods() else { return finishRecipe() }
        var reading = IngredientReading(user: user)
        for (offset, line) in pending.lines.enumerated() {
            guard let line, let problem = ingredientProblems(line, number: offset + 1, reading: &reading).first else {
                continue
            }
            pending.retyping = offset + 1
            pendingRecipe = pending
            return Session.outcome(of: SessionError(.ingredientToRetype(problem), problem.range), line: line)
        }
        return finishRecipe()
    }

    /// Ends what is being read at the end of input: a pasted recipe is saved (or its failures
    /// reported) as if an empty line had followed it. Nil when nothing is pending.
    public func finishPendingInput() -> Outcome? {
        pendingRecipe == nil ? nil : finishRecipe(endedBy: 0)
    }

    /// Saves the recipe, or says why not. `endedBy`: how many lines after the last ingredient
    /// line the one that ended them is (1 for the empty line, 0 at the end of a script or the
    /// most lines), so that each unreadable line is reported at its own line number; nil when
    /// lines were retyped or left out at a terminal.
    private func finishRecipe(endedBy: Int? = nil) -> Outcome {
        guard let pending = pendingRecipe else { return .nothing }
        pendingRecipe = nil
        do {
            return try save(pending)
        } catch {
            var error = error
            if let endedBy, case .ingredients(var problems) = error.kind {
                let count = pending.lines.count
                for index in problems.indices { problems[index].linesBack = count + endedBy - problems[index].number }
                error = SessionError(.ingredients(problems), error.range)
            }
            // Else the failure is the recipe's: it points at the `recipe … serves N` line.
            return Session.outcome(of: error, line: pending.header)
        }
    }

    /// What keeps one ingredient line from being used; none when it resolves. An ingredient
    /// that could be the same food raw or cooked is the raw one, as a recipe buys it (else the
    /// one with no added fat, else the plain one): the pick goes into the reading's choices and
    /// picks, and the line's kcal into its sum.
    func ingredientProblems(_ text: String, number: Int, reading: inout IngredientReading)
        -> [SessionError.IngredientProblem]
    {
        let command: Command
        do {
            command = try Parser.parse(text)
        } catch {
            return [.init(number: number, text: text, kind: .parse(error))]
        }
        guard case .log(let said) = command else {
            return [.init(number: number, text: text, kind: .notAnIngredient)]
        }
        let log = measured(said)
        var result = resolver.resolve(log, user: reading.user)
        if case .failure(let failure) = result {
            var raw: [String: Int] = [:]
            for error in failure.errors {
                guard case .ambiguous(let phrase, let candidates) = error.kind,
                    let pick = Session.plainest(candidates)
                else {
                    raw = [:]
                    break
                }
                raw[FoodWords.normalized(phrase)] = pick.code
            }
            if !raw.isEmpty {
                reading.user.choices.merge(raw) { _, new in new }
                reading.picks.merge(raw) { _, new in new }
                result = resolver.resolve(log, user: reading.user)
            }
        }
        switch result {
        case .success(let items):
            reading.kcal += items.reduce(0) { $0 + $1.kcal }
            return []
        case .failure(let failure):
            return failure.errors.map { .init(number: number, text: text, kind: .resolve($0)) }
        }
    }

    /// Saves a pasted recipe once every ingredient line resolves.
    private func save(_ pending: PendingRecipe) throws(SessionError) -> Outcome {
        let header = pending.header
        var pending = pending
        let kept = pending.lines.compactMap { $0 }
        pending.lines = kept
        guard !kept.isEmpty else {
            throw SessionError(.recipeWithoutLines(name: pending.name, header: header))
        }
        // The picks of raw over cooked are remembered with the recipe, as a pick at the prompt
        // would be.
        var reading = IngredientReading(user: try loadUserFoods())
        var problems: [SessionError.IngredientProblem] = []
        for (offset, text) in kept.enumerated() {
            problems += ingredientProblems(text, number: offset + 1, reading: &reading)
        }
        if !problems.isEmpty { throw SessionError(.ingredients(problems)) }
        let picks = reading.picks
        let kcal = reading.kcal
        let recipe = Recipe(
            name: pending.name, items: kept.map(\.trimmed).joined(separator: "; "), lines: kept,
            serves: pending.serves)
        let done =
            "recipe '\(pending.name)' from \(kept.count) lines: \(Format.integer(kcal)) kcal, "
            + "\(Format.number(pending.serves)) servings of \(Format.integer(kcal / pending.serves)) kcal"
        return try changeFoods(done) { foods in
            foods.recipes.append(recipe)
            foods.choices.merge(picks) { _, new in new }
            return true
        }
    }
}
