import Foundation
import Testing

@testable import CalorinaRendering
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 12, "Units follow the person": with imperial units every answer and view speaks lb and
/// ft/in, and a weight that reads far better in the other units is asked about or warned of.
@Suite struct UnitsFollowThePersonTests {
    func text(_ outcome: Outcome) -> String {
        let output = Renderer().text(outcome)
        return output.stdout + output.stderr
    }

    /// Each line at the imperial person's data, and a piece of what it must say.
    @Test(arguments: [
        ("weight 180", "✓ #2 weight 180 lb"),
        ("weighed 180 lb", "✓ #2 weight 180 lb"),
        ("weight 81.6 kg", "✓ #2 weight 179.9 lb"),
        ("set height 5'6\"", "✓ set height 5 ft 6 in"),
        ("set height 168 cm", "✓ set height 5 ft 6 in"),
        ("set weight 180", "✓ set weight 180 lb"),
        ("set weight 81.6 kg", "✓ set weight 179.9 lb"),
        ("set goal-weight 165", "✓ set goal weight 165 lb"),
        ("today", "   1  175 lb at 08:30"),
        ("profile", "profile: 34 y · female · 5 ft 10 in · 175 lb"),
        ("goal", "profile: 34 y · female · 5 ft 10 in · 175 lb"),
        ("goal", "goal lose 1 (lb/week)"),
        ("weights", "175.0 lb"),
    ])
    func anImperialPersonIsAnsweredInPoundsAndFeet(_ line: String, _ expected: String) throws {
        try TestSession.with { session, _ throws in
            for setup in ["set units imperial", "set age 34", "set sex female", "set height 5'10\"", "weight 175"] {
                #expect(session.handle(setup).succeeded, "\(setup)")
            }
            let shown = text(session.handle(line))
            #expect(shown.contains(expected), "'\(line)' said:\n\(shown)")
            #expect(!shown.contains(" kg") && !shown.contains(" cm"), "'\(line)' spoke metric:\n\(shown)")
        }
    }

    @Test func aWeightInPoundsReadsBackAsTyped() throws {
        try TestSession.with { session, folder throws in
            _ = session.handle("set units imperial")
            for pounds in [100, 150.5, 180, 199.9, 250, 333.3] {
                guard case .logged(let report) = session.handle("weight \(Format.number(pounds))") else {
                    Issue.record("weight \(pounds) not logged")
                    continue
                }
                #expect(text(.logged(report)).contains("weight \(Format.number(pounds)) lb"))
            }
            _ = session.handle("set units metric")
            guard case .day(let day) = session.handle("today") else {
                Issue.record("'today' did not come out as this test expects")
                return
            }
            #expect(text(.day(day)).contains("81.6 kg at 08:30"), "the same weights in kg once the units change")
        }
    }

    // MARK: - A weight that fits the other units

    @Test(arguments: [
        // (units, the weights before, the line, implausible?)
        ("imperial", ["weight 180"], "weight 81.2", true),
        ("imperial", ["weight 180"], "weight 176", false),
        ("imperial", ["weight 180"], "weight 81.2 kg", false),
        ("imperial", ["weight 180"], "weight 81.2 lb", false),
        ("imperial", [], "weight 65", true),
        ("imperial", [], "weight 140", false),
        ("metric", ["weight 80"], "weight 176", true),
        ("metric", ["weight 80"], "weight 78.5", false),
        ("metric", ["weight 80"], "weight 60", false),
        ("metric", [], "weight 260", true),
        ("metric", [], "weight 95", false),
    ])
    func aWeightThatFitsTheOtherUnitsIsAskedAboutAtATerminal(
        _ units: String, _ before: [String], _ line: String, _ implausible: Bool
    ) throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            _ = session.handle("set units \(units)")
            for setup in before { _ = session.handle(setup) }
            let outcome = session.handle(line)
            guard implausible else {
                guard case .logged = outcome else {
                    Issue.record("'\(line)' was not logged: \(outcome)")
                    return
                }
                return
            }
            guard case .question(let asking) = outcome, case .weight(let question) = asking.kind else {
                Issue.record("'\(line)' was not asked about: \(outcome)")
                return
            }
            #expect(try session.dayEntries(CivilDate("2026-11-22")!).count == before.count, "nothing logged yet")
            guard case .logged(let report) = session.answer(asking, "y") else {
                Issue.record("'\(line)' was not logged once confirmed")
                return
            }
            #expect(report.entries.first?.portion == question.asTyped)
        }
    }

    @Test func theQuestionAndTheScriptsWarningSayWhatTheOtherUnitsWouldGive() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            _ = session.handle("set units imperial")
            _ = session.handle("weight 180")
            guard case .question(let asking) = session.handle("weight 81.2"), case .weight(let question) = asking.kind
            else {
                Issue.record("not asked")
                return
            }
            #expect(
                Renderer().weightQuestion(question)
                    == "81.2 lb is far from your last weight, 180 lb (81.2 kg would be 179 lb) — log 81.2 lb? [y/N] ")
        }
        try TestSession.with(Session.Options(batch: true)) { script, _ throws in
            _ = script.handle("set units imperial")
            _ = script.handle("weight 180")
            guard case .logged(let report) = script.handle("weight 81.2") else {
                Issue.record("a script did not log it")
                return
            }
            #expect(
                text(.logged(report)).contains(
                    "! 81.2 lb is far from your last weight, 180 lb; if you meant 81.2 kg: 'undo', then 'weight 81.2 kg'"
                ))
        }
    }
}
