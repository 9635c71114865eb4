import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaResults
import CalorinaSupport

extension Session {
    /// Goes on with a line that asked a question, given the person's answer as typed (trimmed);
    /// nil when they pressed Ctrl-C or Ctrl-D, which leaves the line undone.
    public func answer(_ question: Question, _ reply: String?) -> Outcome {
        lineWarnings = []
        do {
            return warned(try goOn(question, reply))
        } catch {
            return Session.outcome(of: error, line: question.then.line)
        }
    }

    private func goOn(_ question: Question, _ reply: String?) throws(SessionError) -> Outcome {
        switch (question.kind, question.then) {
        case (.food(let report), _):
            guard let reply else { return .help("nothing logged") }
            let number = reply.isEmpty ? 1 : Int(reply) ?? 0
            guard (1...report.choices.count).contains(number) else {
                let count = report.choices.count
                return .help(
                    count == 1
                        ? "nothing logged: type 1 or press Enter to log it"
                        : "nothing logged: pick a number from 1 to \(count), or Enter for 1")
            }
            let choice = try remember(phrase: report.phrase, means: report.choices[number - 1].code)
            let outcome: Outcome
            switch question.then {
            case .logging(let command, let line): outcome = try logResolving(command, line: line)
            case .replacingFood(let old, let item, let line): outcome = try replaceFood(old, with: item, line: line)
            default: return .nothing
            }
            guard let choice else { return outcome }
            // The pick and what it logged are one change: one undo takes back both.
            switch outcome {
            case .question(let asked):
                // Crossing the goal is asked first: the pick joins the entries once they are saved.
                guard case .recording(var recording) = asked.then else { return outcome }
                recording.choice = choice
                return .question(Question(kind: asked.kind, then: .recording(recording)))
            case .failed, .storeFailed, .help, .nothing:
                return outcome
            default:
                try joinChoice(choice)
                return outcome
            }
        case (.overGoal, .recording(let recording)):
            guard let reply, reply.isEmpty || ["y", "yes"].contains(reply.lowercased()) else {
                return .help("nothing logged")
            }
            let outcome = try record(recording, confirmed: true)
            if let choice = recording.choice { try joinChoice(choice) }
            return outcome
        case (.weight(let asked), .weighing(let value, let unit, let day, let line)):
            guard let reply, ["y", "yes"].contains(reply.lowercased()) else {
                return .help("nothing logged: give the unit, e.g. 'weight \(asked.otherReading)'")
            }
            return try weight(value, unit: unit, day: day, line: line, confirmed: true)
        case (.profile, .profile(let dialog)):
            return try answer(dialog, reply)
        default:
            return .nothing
        }
    }

    /// `profile` at a terminal: the dialog's first question.
    func startProfileDialog() throws(SessionError) -> Outcome {
        let dialog = ProfileDialog(profile: profileOrDefaults())
        return .question(Question(kind: .profile(dialog.question), then: .profile(dialog)))
    }

    /// Sets what the answer says, and asks the next question; after the last, the goal it gives.
    private func answer(_ dialog: ProfileDialog, _ reply: String?) throws(SessionError) -> Outcome {
        guard let reply else { return .help("profile left as it was from here on") }
        let next: ProfileDialog?
        var failure: LineFailure?
        switch dialog.action(for: reply) {
        case .keep:
            next = dialog.settled(failure: nil)
        case .askAgain:
            next = dialog.settled(failure: nil, askAgain: true)
        case .set(let line):
            if case .failed(let failed) = handle(line) { failure = failed }
            var asked = dialog
            // An answer in other units than the profile's (5'10", 180 lb, 12 st 10): the dialog
            // and the profile speak the person's units from then on.
            if failure == nil, let profile = try? loadProfile(),
                let units = ProfileDialog.units(of: reply, setting: dialog.setting, now: profile.units)
            {
                _ = handle("set units \(units.name)")
                if let changed = try? loadProfile() { asked = dialog.reframed(for: changed) }
            }
            next = asked.settled(failure: failure)
        }
        guard let next else {
            // No question is left to say the last problem before: the goal says it.
            let outcome = try goal(nil, line: "goal")
            guard let failure, case .settings(var report) = outcome else { return outcome }
            report.problem = failure
            return .settings(report)
        }
        return .question(Question(kind: .profile(next.question), then: .profile(next)))
    }
}
