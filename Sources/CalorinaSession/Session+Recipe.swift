import CalorinaFoods
import CalorinaLanguage
import CalorinaSupport

/// A recipe pasted as a recipe prints it: `recipe NAME serves N`, then its ingredient lines, one
/// a line, until an empty line (or the end of a script). Nothing is saved until every line
/// resolves; each line that does not is reported with its number.
struct PendingRecipe {
    var name: String
    var serves: Double
    /// The `recipe … serves N` line.
    var header: String
    var lines: [String] = []
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
        if line.trimmed.isEmpty { return finishRecipe() }
        pending.lines.append(line)
        pendingRecipe = pending
        if pending.lines.count >= Session.maxRecipeLines { return finishRecipe() }
        return .collecting(nil)
    }

    /// Ends what is being read at the end of input: a pasted recipe is saved (or its failures
    /// reported) as if an empty line had followed it. Nil when nothing is pending.
    public func finishPendingInput() -> Outcome? {
        pendingRecipe == nil ? nil : finishRecipe()
    }

    private func finishRecipe() -> Outcome {
        guard let pending = pendingRecipe else { return .nothing }
        pendingRecipe = nil
        do {
            return try save(pending)
        } catch {
            // The failure is the recipe's: it points at the `recipe … serves N` line.
            return Session.outcome(of: error, line: pending.header)
        }
    }

    /// Saves a pasted recipe once every ingredient line resolves.
    private func save(_ pending: PendingRecipe) throws(SessionError) -> Outcome {
        let header = pending.header
        guard !pending.lines.isEmpty else {
            throw SessionError(.recipeWithoutLines(name: pending.name, header: header))
        }
        var user = try loadUserFoods()
        // An ingredient that could be the same food raw or cooked is the raw one, as a recipe
        // buys it (else the one with no added fat, else the plain one); the pick is remembered
        // with the recipe, as a pick at the prompt would be.
        var picks: [String: Int] = [:]
        var problems: [SessionError.IngredientProblem] = []
        var kcal = 0.0
        for (offset, text) in pending.lines.enumerated() {
            let command: Command
            do {
                command = try Parser.parse(text)
            } catch {
                problems.append(.init(number: offset + 1, text: text, kind: .parse(error)))
                continue
            }
            guard case .log(let said) = command else {
                problems.append(.init(number: offset + 1, text: text, kind: .notAnIngredient))
                continue
            }
            let log = measured(said)
            var result = resolver.resolve(log, user: user)
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
                    user.choices.merge(raw) { _, new in new }
                    picks.merge(raw) { _, new in new }
                    result = resolver.resolve(log, user: user)
                }
            }
            switch result {
            case .success(let items): kcal += items.reduce(0) { $0 + $1.kcal }
            case .failure(let failure):
                for error in failure.errors {
                    problems.append(.init(number: offset + 1, text: text, kind: .resolve(error)))
                }
            }
        }
        if !problems.isEmpty { throw SessionError(.ingredients(problems)) }
        let recipe = Recipe(
            name: pending.name, items: pending.lines.map(\.trimmed).joined(separator: "; "), lines: pending.lines,
            serves: pending.serves)
        let done =
            "recipe '\(pending.name)' from \(pending.lines.count) lines: \(Format.integer(kcal)) kcal, "
            + "\(Format.number(pending.serves)) servings of \(Format.integer(kcal / pending.serves)) kcal"
        return try changeFoods(done) { foods in
            foods.recipes.append(recipe)
            foods.choices.merge(picks) { _, new in new }
            return true
        }
    }
}
