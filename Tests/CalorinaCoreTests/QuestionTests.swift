import CalorinaModel
import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaResults
@testable import CalorinaSession

/// Questions are values: a line that needs an answer returns `.question`, and
/// `Session.answer(_:_:)` goes on from it; the session keeps no flag for it, and the line is
/// not handled again. The `profile` dialog is one of them, a state machine in the library.
@Suite(.tags(.fast)) struct QuestionTests {
    static let interactive = Session.Options(interactive: true)

    func question(_ outcome: Outcome, _ sourceLocation: SourceLocation = #_sourceLocation) throws -> Question {
        var asked: Question?
        if case .question(let question) = outcome { asked = question }
        return try #require(asked, "no question: \(outcome)", sourceLocation: sourceLocation)
    }

    func foods(_ session: Session) throws -> [String] {
        try session.dayEntries(TestSession.morning.date).map(\.food)
    }

    // MARK: - Which food

    struct Pick: Sendable, CustomTestStringConvertible {
        var reply: String?
        /// The food logged, or nil when nothing is.
        var logged: String?
        /// What is said when nothing is.
        var said: String?
        var testDescription: String { "reply \(reply.map { "'\($0)'" } ?? "nil")" }
    }

    @Test(arguments: [
        Pick(reply: "", logged: "Fish, tuna, light, canned in water, without salt, drained solids"),
        Pick(reply: "2", logged: "Fish, tuna, white, canned in water, without salt, drained solids"),
        Pick(reply: "3", said: "nothing logged: pick a number from 1 to 2, or Enter for 1"),
        Pick(reply: "tuna", said: "nothing logged: pick a number from 1 to 2, or Enter for 1"),
        Pick(reply: nil, said: "nothing logged"),
    ])
    func aPickGoesOnWithTheLine(_ pick: Pick) throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            let asked = try question(session.handle("tuna in water without salt"))
            guard case .food(let report) = asked.kind else {
                Issue.record("not a food question")
                return
            }
            #expect(report.choices.count == 2)
            let outcome = session.answer(asked, pick.reply)
            if let food = pick.logged {
                guard case .logged(let logged) = outcome else {
                    Issue.record("not logged: \(outcome)")
                    return
                }
                #expect(logged.entries.map(\.food) == [food])
                #expect(try foods(session) == [food])
            } else {
                #expect(outcome == .help(pick.said ?? ""))
                #expect(try foods(session).isEmpty)
            }
        }
    }

    @Test func aQuestionIsAnsweredFromItsValueEvenAfterOtherLines() throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            let asked = try question(session.handle("tuna in water without salt"))
            // Lines in between change nothing about the question: it carries the line's work.
            #expect(session.handle("a banana").succeeded)
            guard case .logged(let report) = session.answer(asked, "2") else {
                Issue.record("not logged after the pick")
                return
            }
            #expect(report.entries.map(\.text) == ["tuna in water without salt"])
            #expect(try foods(session).count == 2)
        }
    }

    // MARK: - Crossing the goal

    @Test(arguments: [("", true), ("y", true), ("YES", true), ("n", false), ("later", false)])
    func crossingTheGoalLogsOnlyOnYes(_ reply: String, _ logs: Bool) throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            _ = session.handle("burger 1900 kcal")
            let asked = try question(session.handle("burger 300 kcal"))
            guard case .overGoal(let over) = asked.kind else {
                Issue.record("not the over-goal question")
                return
            }
            #expect(over.total == 2200)
            let outcome = session.answer(asked, reply)
            #expect(outcome.succeeded)
            #expect(try session.dayEntries(TestSession.morning.date).count == (logs ? 2 : 1))
            if !logs { #expect(outcome == .help("nothing logged")) }
        }
    }

    @Test func aYesConfirmsOnlyItsOwnLine() throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            _ = session.handle("burger 1900 kcal")
            let asked = try question(session.handle("burger 300 kcal"))
            #expect(session.answer(asked, "y").succeeded)
            // The day is over its goal now: the next line is not asked about again (it crosses
            // nothing), and a new day's crossing asks anew.
            guard case .logged = session.handle("burger 100 kcal") else {
                Issue.record("a line over the goal already was asked about")
                return
            }
            _ = session.handle("burger 1900 kcal yesterday")
            _ = try question(session.handle("burger 300 kcal yesterday"))
        }
    }

    // MARK: - A weight that looks wrong

    @Test(arguments: [("y", true), ("", false), ("n", false)])
    func anUnlikelyWeightIsLoggedOnlyOnYes(_ reply: String, _ logs: Bool) throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            _ = session.handle("weight 80")
            let asked = try question(session.handle("weight 176"))
            let outcome = session.answer(asked, reply)
            #expect(try session.dayEntries(TestSession.morning.date).count == (logs ? 2 : 1))
            if !logs { #expect(outcome == .help("nothing logged: give the unit, e.g. 'weight 176 lb'")) }
        }
    }

    // MARK: - The profile dialog

    struct Dialog: Sendable, CustomTestStringConvertible {
        var name: String
        /// The answers typed, in order; nil is Ctrl-D.
        var replies: [String?]
        /// The question asked before each reply.
        var asked: [String]
        /// The problem said with each question, when there is one.
        var problems: [Int: String] = [:]
        var age: Int?
        var activity: Profile.ActivityLevel?
        /// True when the dialog ends with the goal shown.
        var endsWithGoal = true
        /// The last question's last wrong answer, which the goal says before it is shown.
        var lastProblem: String? = nil
        var testDescription: String { name }
    }

    static let dialogs: [Dialog] = [
        Dialog(
            name: "every answer given",
            replies: ["34", "female", "170 cm", "65", "light"],
            asked: [
                "age › ", "sex (male or female) › ", "height (178 cm or 5'10\") › ", "weight (kg, or say lb) › ",
                "activity (sedentary, light, moderate, active, very active) [sedentary] › ",
            ],
            age: 34, activity: .light),
        Dialog(
            name: "Enter keeps the answer there is (sedentary for activity), and asks again where there is none",
            replies: ["", "34", "male", "178 cm", "80", ""],
            asked: [
                "age › ", "age › ", "sex (male or female) › ", "height (178 cm or 5'10\") › ",
                "weight (kg, or say lb) › ",
                "activity (sedentary, light, moderate, active, very active) [sedentary] › ",
            ],
            age: 34, activity: nil),
        Dialog(
            name: "a wrong answer is said and asked again, three times at most",
            replies: ["old", "very old", "ancient", "male", "178 cm", "80", ""],
            asked: [
                "age › ", "age › ", "age › ", "sex (male or female) › ", "height (178 cm or 5'10\") › ",
                "weight (kg, or say lb) › ",
                "activity (sedentary, light, moderate, active, very active) [sedentary] › ",
            ],
            problems: [1: "age", 2: "age", 3: "age"], age: nil, activity: nil),
        Dialog(
            name: "the last question's third wrong answer is said too, before the goal",
            replies: ["34", "male", "178 cm", "80", "lazy", "lazier", "laziest"],
            asked: [
                "age › ", "sex (male or female) › ", "height (178 cm or 5'10\") › ", "weight (kg, or say lb) › ",
                "activity (sedentary, light, moderate, active, very active) [sedentary] › ",
                "activity (sedentary, light, moderate, active, very active) [sedentary] › ",
                "activity (sedentary, light, moderate, active, very active) [sedentary] › ",
            ],
            problems: [5: "activity lazy", 6: "activity lazier"], age: 34, activity: nil,
            lastProblem: "activity laziest"),
        Dialog(
            name: "Ctrl-D leaves the rest as it was",
            replies: ["34", nil], asked: ["age › ", "sex (male or female) › "], age: 34, activity: nil,
            endsWithGoal: false),
    ]

    @Test(arguments: dialogs)
    func theProfileDialogAsksOneQuestionAtATime(_ dialog: Dialog) throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            var outcome = session.handle("profile")
            for (offset, reply) in dialog.replies.enumerated() {
                let asked = try question(outcome)
                guard case .profile(let profile) = asked.kind else {
                    Issue.record("question \(offset + 1) is not the profile's: \(asked.kind)")
                    return
                }
                #expect(profile.prompt == dialog.asked[offset], "question \(offset + 1)")
                #expect(profile.isFirst == (offset == 0))
                if let problem = dialog.problems[offset] {
                    #expect(profile.problem?.line.hasPrefix("set \(problem)") == true, "question \(offset + 1)")
                } else {
                    #expect(profile.problem == nil, "question \(offset + 1)")
                }
                outcome = session.answer(asked, reply)
            }
            if dialog.endsWithGoal {
                guard case .settings(let report) = outcome else {
                    Issue.record("the dialog did not end with the goal: \(outcome)")
                    return
                }
                #expect(report.showStrategies)
                if let lastProblem = dialog.lastProblem {
                    #expect(report.problem?.line == "set \(lastProblem)")
                    let shown = Renderer().text(outcome)
                    #expect(shown.stderr.contains("set \(lastProblem)"), "the problem is shown: \(shown.stderr)")
                    #expect(shown.stdout.contains("goal"))
                } else {
                    #expect(report.problem == nil)
                }
            } else {
                #expect(outcome == .help("profile left as it was from here on"))
            }
            let profile = try session.profileStore.load()
            #expect(profile.age == dialog.age)
            #expect(profile.activity == dialog.activity)
        }
    }

    @Test func theDialogShowsTheAnswersThereAreInThePersonsUnits() throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            for line in ["set units imperial", "set age 40", "set sex male", "set height 180 cm", "set weight 80 kg"] {
                #expect(session.handle(line).succeeded)
            }
            var prompts: [String] = []
            var outcome = session.handle("profile")
            while case .question(let asked) = outcome, case .profile(let profile) = asked.kind {
                prompts.append(profile.prompt)
                outcome = session.answer(asked, "")
            }
            #expect(
                prompts == [
                    "age [40] › ", "sex (male or female) [male] › ", "height (5'10\" or 178 cm) [5'11\"] › ",
                    "weight (lb, or say kg) [176.4 lb] › ",
                    "activity (sedentary, light, moderate, active, very active) [sedentary] › ",
                ])
        }
    }

    @Test func profileWithNoOneToAskShowsTheProfile() throws {
        try TestSession.with { session, _ throws in
            guard case .settings(let report) = session.handle("profile") else {
                Issue.record("'profile' in a script did not show the profile")
                return
            }
            #expect(!report.showStrategies)
        }
    }
}
