import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaParser
@testable import CalorinaRendering
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 30, "units people live in": `set units uk` speaks stones and pounds and measures the
/// imperial pint (568 ml); imperial (US) units show water in fl oz and distances in miles, and
/// keep the US pint (473 ml); the profile dialog speaks the units its answers were given in; a
/// profile an earlier release wrote reads as it was.
@Suite struct UnitSystemTests {
    let renderer = Renderer(color: false)

    func text(_ outcome: Outcome) -> String {
        let output = renderer.text(outcome)
        return output.stdout + output.stderr
    }

    struct Line: Sendable, CustomTestStringConvertible {
        var units: String
        var line: String
        /// A piece of what it must say.
        var says: String
        /// A piece it must not say.
        var never: String? = nil
        var testDescription: String { "\(units): \(line)" }
    }

    @Test(arguments: [
        Line(units: "uk", line: "weight 12 st 10", says: "weight 12 st 10 lb"),
        Line(units: "uk", line: "weight 80 kg", says: "weight 12 st 8.4 lb", never: " kg"),
        Line(units: "uk", line: "weight 176 lb", says: "weight 12 st 8 lb"),
        Line(units: "uk", line: "set weight 13 stone 2", says: "set weight 13 st 2 lb"),
        Line(units: "uk", line: "set goal-weight 11 st", says: "set goal weight 11 st"),
        Line(units: "uk", line: "set height 178 cm", says: "set height 5 ft 10 in"),
        Line(units: "uk", line: "profile", says: "5 ft 10 in · 12 st 10 lb", never: " kg"),
        Line(units: "uk", line: "today", says: "12 st 10 lb at 08:30"),
        Line(units: "uk", line: "goal", says: "goal lose 1 (lb/week)"),
        Line(units: "uk", line: "10000 steps", says: " mi, ", never: " km"),
        Line(units: "uk", line: "water 500 ml", says: "Water · 500 ml", never: "fl oz"),
        Line(units: "uk", line: "a pint of water", says: "Water · 568 ml"),
        Line(units: "uk", line: "2 pints of water", says: "Water · 1,137 ml"),
        Line(units: "uk", line: "set water goal 2 l", says: "water goal 2,000 ml"),
        Line(units: "imperial", line: "weight 180", says: "weight 180 lb"),
        Line(units: "imperial", line: "a pint of water", says: "Water · 16 fl oz", never: " ml"),
        Line(units: "imperial", line: "water 500 ml", says: "Water · 17 fl oz", never: " ml"),
        Line(units: "imperial", line: "set water goal 2 l", says: "water goal 68 fl oz"),
        Line(units: "imperial", line: "10000 steps", says: " mi, ", never: " km"),
        Line(units: "us", line: "a pint of water", says: "Water · 16 fl oz"),
        Line(units: "metric", line: "a pint of water", says: "Water · 473 ml"),
        Line(units: "metric", line: "10000 steps", says: " km, ", never: " mi,"),
    ])
    func eachLineSpeaksThePersonsUnits(_ test: Line) throws {
        try TestSession.with { session, _ throws in
            for setup in [
                "set units \(test.units)", "set age 34", "set sex female", "set height 5'10\"", "weight 12 st 10",
            ] {
                #expect(session.handle(setup).succeeded, "\(setup)")
            }
            let shown = text(session.handle(test.line))
            #expect(shown.contains(test.says), "'\(test.line)' said:\n\(shown)")
            if let never = test.never { #expect(!shown.contains(never), "'\(test.line)' said:\n\(shown)") }
        }
    }

    @Test func aWaterDayInImperialUnitsIsInFluidOunces() throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("set units imperial")
            _ = session.handle("set water goal 2 l")
            _ = session.handle("water 500 ml")
            _ = session.handle("a glass of orange juice")
            let day = text(session.handle("today"))
            #expect(day.contains("water · 17 of 68 fl oz"), "\(day)")
            #expect(day.contains("   1  17 fl oz at 08:30"), "\(day)")
        }
    }

    /// Water's target, its progress, its history and the answers about it speak the units of
    /// the water logged: US fl oz with US units, litres and ml elsewhere.
    @Test(arguments: [
        ("imperial", "goal water 2 l", "goal: water at least 68 fl oz a day"),
        ("imperial", "today", "water 17/68 fl oz"),
        ("imperial", "goals", "at least 68 fl oz · yours"),
        ("imperial", "history 7 water", "17 of 68 fl oz"),
        ("imperial", "did I drink enough water", "17 fl oz water today (target 68 fl oz: 51 fl oz to go)"),
        ("metric", "goal water 2 l", "goal: water at least 2 l a day"),
        ("metric", "today", "water 0.5/2 l"),
        ("metric", "did I drink enough water", "500 ml water today (target 2,000 ml: 1,500 ml to go)"),
        ("uk", "today", "water 0.5/2 l"),
    ])
    func waterTargetsSpeakTheUnitsOfTheWater(_ units: String, _ line: String, _ says: String) throws {
        try TestSession.with { session, _ throws in
            for setup in ["set units \(units)", "goal water 2 l", "water 500 ml", "a banana"] {
                #expect(session.handle(setup).succeeded, "\(setup)")
            }
            let shown = text(session.handle(line))
            #expect(shown.contains(says), "'\(line)' said:\n\(shown)")
        }
    }

    @Test(arguments: [("undo", "− Water · 17 fl oz"), ("delete 1", "− Water · 17 fl oz (deleted)")])
    func waterTakenBackIsSaidInFluidOunces(_ line: String, _ says: String) throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("set units imperial")
            _ = session.handle("water 500 ml")
            let shown = text(session.handle(line))
            #expect(shown.contains(says), "'\(line)' said:\n\(shown)")
            if line == "undo" {
                #expect(text(session.handle("redo")).contains("+ #1 Water · 17 fl oz"))
            }
        }
    }

    // MARK: - The pint

    /// The same pint of beer weighs a fifth more in the UK: 568 ml against 473 ml.
    @Test(arguments: [("uk", 568.26125), ("imperial", 473.176473), ("metric", 473.176473)])
    func aPintIsTheUKsOnlyInTheUK(_ units: String, _ milliliters: Double) throws {
        try TestSession.with { session, _ throws in
            _ = session.handle("set units \(units)")
            guard case .logged(let pint) = session.handle("1 pint of milk"),
                case .logged(let litre) = session.handle("1 l milk")
            else {
                Issue.record("not logged")
                return
            }
            let pintGrams = try #require(pint.entries.first?.grams)
            let litreGrams = try #require(litre.entries.first?.grams)
            #expect(
                abs(pintGrams / litreGrams * 1000 - milliliters) < 1, "\(pintGrams) g against \(litreGrams) g a litre")
        }
    }

    @Test func onlyTheImperialMeasuresChangeInTheUK() {
        for name in ["pint", "quart", "gallon", "fl oz"] {
            let unit = Unit.named(name) ?? Unit.twoWord("fl", "oz")
            #expect(unit?.inUKMeasure != unit, "\(name)")
        }
        for name in ["cup", "tbsp", "ml", "l", "g", "slice"] {
            #expect(Unit.named(name)?.inUKMeasure == Unit.named(name), "\(name)")
        }
        #expect(Unit.named("pint")?.inUKMeasure.kind == .volume(milliliters: 568.26125))
    }

    // MARK: - Words and formats

    @Test(arguments: [
        ("set units uk", CalorinaSupport.UnitSystem.uk), ("set units british", .uk), ("set units UK", .uk),
        ("set units us", .us),
        ("set units imperial", .us), ("set units metric", .metric),
    ])
    func theUnitsWordsAreRead(_ line: String, _ units: CalorinaSupport.UnitSystem) throws {
        #expect(try Parser.parse(line) == .set(.units(units)))
    }

    @Test func anUnknownUnitsWordIsRefusedWithAnExample() {
        #expect(throws: ParseError.self) { try Parser.parse("set units furlongs") }
    }

    @Test(arguments: [
        (176.37, "12 st 8.4 lb"), (168.0, "12 st"), (167.96, "12 st"), (9.5, "9.5 lb"), (13.96, "1 st"),
        (13.9, "13.9 lb"), (14.0, "1 st"),
        (182.0, "13 st"), (195.0, "13 st 13 lb"),
    ])
    func stonesAndPoundsAreWrittenAsTheUKWritesThem(_ pounds: Double, _ expected: String) {
        #expect(Format.stones(pounds: pounds) == expected)
    }

    // MARK: - profile.json

    /// A profile an earlier release wrote, with imperial units.
    static let earlierProfile = """
        {
          "confirmOverGoal" : true,
          "strategy" : { "maintain" : { } },
          "units" : "imperial",
          "version" : 3,
          "weightKg" : 81.6
        }
        """

    @Test func aProfileAnEarlierReleaseWroteReadsAsItWas() throws {
        let profile = try DocumentStore<Profile>.decode(Array(Self.earlierProfile.utf8), path: "profile.json")
        #expect(profile.units == .us)
        #expect(profile.version == 3)
        #expect(Format.weight(kilograms: try #require(profile.weightKg), units: profile.units) == "179.9 lb")
    }

    @Test func ukUnitsAreWrittenInVersionFourAndOnlyWhileTheyLast() throws {
        try TestSession.with { session, folder throws in
            // The profile as the devices' files make it (issue 27), read afresh.
            func written() throws -> (version: Int, units: String) {
                let profile = try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load()
                return (profile.version, profile.units.rawValue)
            }
            _ = session.handle("set units imperial")
            #expect(try written() == (3, "imperial"), "US units are written as earlier releases wrote them")
            _ = session.handle("set units uk")
            #expect(try written() == (4, "uk"))
            _ = session.handle("goal lose 1")
            #expect(try written().version == 4)
            _ = session.handle("set units metric")
            #expect(try written() == (3, "metric"), "an earlier release reads the profile again")
            _ = session.handle("undo")
            #expect(try written() == (4, "uk"), "undo puts the UK's units back, and their version")
            #expect(try session.loadProfile().strategy == .lose(kgPerWeek: 0.5))
        }
    }

    // MARK: - The profile dialog

    func dialog(_ session: Session, _ replies: [String]) -> (prompts: [String], last: Outcome) {
        var prompts: [String] = []
        var outcome = session.handle("profile")
        var replies = replies[...]
        while case .question(let asked) = outcome, case .profile(let profile) = asked.kind {
            prompts.append(profile.prompt)
            outcome = session.answer(asked, replies.popFirst() ?? "")
        }
        return (prompts, outcome)
    }

    @Test func aProfileAnsweredInFeetAndPoundsIsEchoedInThem() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            let (prompts, last) = dialog(session, ["34", "male", "5'10\"", "180 lb", "light"])
            #expect(prompts[3] == "weight (lb, or say kg) › ", "asked in the units of the answer before")
            #expect(try session.loadProfile().units == .us)
            let shown = text(last)
            #expect(shown.contains("profile: 34 y · male · 5 ft 10 in · 180 lb"), "\(shown)")
            #expect(!shown.contains(" kg") && !shown.contains(" cm"), "\(shown)")
            // Asked again, the answers there are are in those units.
            let again = dialog(session, [])
            #expect(again.prompts[2] == "height (5'10\" or 178 cm) [5'10\"] › ")
            #expect(again.prompts[3] == "weight (lb, or say kg) [180 lb] › ")
        }
    }

    @Test func aProfileAnsweredInStonesIsTheUKs() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            let (_, last) = dialog(session, ["34", "female", "5'4\"", "9 st 3", "moderate"])
            #expect(try session.loadProfile().units == .uk)
            #expect(text(last).contains("5 ft 4 in · 9 st 3 lb"), "\(text(last))")
            #expect(dialog(session, []).prompts[3] == "weight (12 st 10, or say lb or kg) [9 st 3 lb] › ")
        }
    }

    @Test func aProfileAnsweredInMetricUnitsStaysMetric() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            let (_, last) = dialog(session, ["34", "female", "165 cm", "60", "moderate"])
            #expect(try session.loadProfile().units == .metric)
            #expect(text(last).contains("165 cm · 60 kg"), "\(text(last))")
        }
    }

    @Test func anImperialProfileAnsweredInKilogramsTurnsMetric() throws {
        try TestSession.with(Session.Options(interactive: true)) { session, _ throws in
            _ = session.handle("set units imperial")
            let (_, last) = dialog(session, ["34", "female", "165 cm", "60 kg", "moderate"])
            #expect(try session.loadProfile().units == .metric)
            #expect(text(last).contains("165 cm · 60 kg"), "\(text(last))")
        }
    }
}
