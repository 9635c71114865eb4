import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaResults
@testable import CalorinaSession
@testable import CalorinaSupport

/// Issue 30's smaller items left after the new-user trial's first round: a pick and its
/// remembered choice are one change, a MyFitnessPal note is kept, the year chart's goal label
/// stands under its line, and a day fits 80 columns with its kcal in a column.
@Suite(.tags(.fast)) struct SmallerItemsTests {
    static let interactive = Session.Options(interactive: true)
    let renderer = Renderer(color: false)

    func question(_ outcome: Outcome, _ sourceLocation: SourceLocation = #_sourceLocation) throws -> Question {
        var asked: Question?
        if case .question(let question) = outcome { asked = question }
        return try #require(asked, "no question: \(outcome)", sourceLocation: sourceLocation)
    }

    // MARK: - Undo of a pick

    @Test func undoOfAPickTakesBackTheEntryAndTheRememberedChoice() throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            let asked = try question(session.handle("tuna in water without salt"))
            guard case .logged = session.answer(asked, "2") else {
                Issue.record("the pick logged nothing")
                return
            }
            #expect(try session.loadUserFoods().choices.count == 1, "the pick is remembered")
            guard case .undone(let undone) = session.handle("undo") else {
                Issue.record("undo took nothing back")
                return
            }
            #expect(undone.removed.count == 1)
            #expect(try session.dayEntries(TestSession.morning.date).isEmpty)
            #expect(try session.loadUserFoods().choices.isEmpty, "one undo forgets the choice too")
            // Nothing is left over to undo: the pick made one change.
            if case .undone(let more) = session.handle("undo") {
                Issue.record("a second change was left to undo: \(more.change)")
                _ = session.handle("redo")
            }
            guard case .undone(let redone) = session.handle("redo") else {
                Issue.record("redo put nothing back")
                return
            }
            #expect(redone.restored.count == 1)
            #expect(try session.loadUserFoods().choices.count == 1, "redo remembers the choice again")
        }
    }

    @Test func aPickThatCrossesTheGoalIsOneChangeOnceConfirmed() throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            _ = session.handle("burger 1990 kcal")
            let asked = try question(session.handle("tuna in water without salt"))
            let over = try question(session.answer(asked, "1"))
            guard case .overGoal = over.kind else {
                Issue.record("crossing the goal was not asked")
                return
            }
            #expect(session.answer(over, "y").succeeded)
            #expect(try session.dayEntries(TestSession.morning.date).count == 2)
            _ = session.handle("undo")
            #expect(try session.dayEntries(TestSession.morning.date).count == 1, "the tuna is taken back")
            #expect(try session.loadUserFoods().choices.isEmpty, "and its pick with it")
        }
    }

    @Test func undoOfAnEditThatPickedItsFoodForgetsThePick() throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            #expect(session.handle("a banana").succeeded)
            let asked = try question(session.handle("edit 1 tuna in water without salt"))
            #expect(session.answer(asked, "2").succeeded)
            #expect(try session.dayEntries(TestSession.morning.date).map(\.food).first?.hasPrefix("Fish, tuna") == true)
            #expect(try session.loadUserFoods().choices.count == 1)
            _ = session.handle("undo")
            #expect(try session.dayEntries(TestSession.morning.date).map(\.food) == ["Banana, raw"])
            #expect(try session.loadUserFoods().choices.isEmpty)
        }
    }

    @Test func undoAfterAPickLeavesTheChangeBeforeIt() throws {
        try TestSession.with(Self.interactive) { session, _ throws in
            #expect(session.handle("a banana").succeeded)
            let asked = try question(session.handle("tuna in water without salt"))
            _ = session.answer(asked, "")
            _ = session.handle("undo")
            #expect(try session.dayEntries(TestSession.morning.date).map(\.food) == ["Banana, raw"])
        }
    }

    // MARK: - The year chart's goal label

    /// Days logged in November under a goal of 2,500, then the goal changed today to 1,400: the
    /// line of November's bar stands at 2,500, and the label must stand under it and say so.
    @Test(arguments: [false, true])
    func theYearChartsGoalLabelStandsUnderTheLastMonthsLine(_ ascii: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let earlier = LocalMoment(date: try #require(CivilDate(year: 2026, month: 10, day: 20)), hour: 9, minute: 0)
        let before = try TestSession.session(on: folder, at: earlier)
        #expect(before.handle("goal 2500").succeeded)
        for day in ["2026-11-03", "2026-11-04", "2026-11-05"] {
            #expect(before.handle("burger 2300 kcal \(day)").succeeded)
        }
        let session = try TestSession.session(on: folder)
        #expect(session.handle("goal 1400").succeeded)
        let text = Renderer(color: false, width: 80, ascii: ascii).text(session.handle("this year")).stdout
        let lines = text.split(separator: "\n").map(String.init)
        let line = ascii ? "|" : "│"
        let corner = ascii ? "^" : "└"
        let november = try #require(lines.first { $0.hasPrefix("Nov 2026") }, "\(text)")
        let footer = try #require(lines.first { $0.contains("\(corner) goal") }, "\(text)")
        func column(_ mark: String, in row: String) -> Int? {
            row.firstRange(of: mark).map { row.distance(from: row.startIndex, to: $0.lowerBound) }
        }
        #expect(column(line, in: november) != nil)
        #expect(column(corner, in: footer) == column(line, in: november), "\(text)")
        #expect(footer.contains("goal 2,500 in Nov 2026"), "\(footer)")
    }

    // MARK: - A MyFitnessPal note

    @Test func aMyFitnessPalNoteIsKeptAfterTheEntrysName() throws {
        try TestSession.with { session, folder throws in
            let file = folder.appendingPathComponent("Nutrition-Summary.csv")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let csv =
                "Date,Meal,Calories,Fat (g),Carbohydrates (g),Protein (g),Note\n"
                + "2026-11-20,Dinner,700,20,80,40,ate out  with\tfriends\n"
                + "2026-11-20,Lunch,500,15,60,30,\n"
            try Data(csv.utf8).write(to: file)
            #expect(session.handle("import \(file.path)").succeeded)
            let foods = try session.dayEntries(try #require(CivilDate("2026-11-20"))).map(\.food).sorted()
            #expect(foods == ["MyFitnessPal dinner (ate out with friends)", "MyFitnessPal lunch"])
            // The note is no part of the row's id: importing again adds nothing.
            _ = session.handle("import \(file.path)")
            #expect(try session.dayEntries(try #require(CivilDate("2026-11-20"))).count == 2)
        }
    }

    // MARK: - A day in 80 columns

    /// Long FNDDS names, short ones, direct calories and exercise on one day: at each width
    /// every row fits, its kcal end in one column, and a cut name ends after a whole word.
    @Test(arguments: [80, 60, 100])
    func aDayFitsItsWidthWithItsKcalInAColumn(_ width: Int) throws {
        try TestSession.with { session, _ throws in
            for line in [
                "1 slice cheese pizza from restaurant or fast food", "a banana", "burger 650 kcal",
                "chicken caesar salad", "pushups 20 min",
            ] {
                #expect(session.handle(line).succeeded, "\(line)")
            }
            guard case .day(let report) = session.handle("today") else {
                Issue.record("no day")
                return
            }
            let text = Renderer(color: false, width: width).text(.day(report)).stdout
            let rows = text.split(separator: "\n").map(String.init).filter {
                $0.hasSuffix(" kcal") && $0.hasPrefix("   ")
            }
            #expect(rows.count == 5, "\(text)")
            #expect(rows.allSatisfy { $0.count <= width }, "\(text)")
            #expect(Set(rows.map(\.count)).count == 1, "the kcal end in one column:\n\(text)")
            for (row, entry) in zip(rows, report.entries) {
                guard row.contains("…") else {
                    #expect(row.contains(entry.food), "\(row)")
                    continue
                }
                // What is kept of a cut name is a prefix that ends where a word of it ends.
                let numberless = row.dropFirst(6)
                let kept = String(numberless.prefix { $0 != "…" })
                #expect(entry.food.hasPrefix(kept), "\(row)")
                let after = entry.food.dropFirst(kept.count).first
                #expect(after == " " || after == ",", "cut inside a word: \(row)")
                #expect(kept.count >= Renderer.shortestName || !row.contains(entry.portion), "\(row)")
            }
        }
    }

    @Test(arguments: [
        ("Banana, raw", 20, "Banana, raw"),
        (
            "Pizza, cheese, from restaurant or fast food, NS as to type of crust", 40,
            "Pizza, cheese, from restaurant or fast…"
        ),
        ("Supercalifragilisticexpialidocious", 12, "Supercalifr…"),
        ("Egg, whole, cooked", 12, "Egg, whole…"),
        ("Egg, whole, cooked", 11, "Egg, whole…"),
        ("Egg, whole, cooked", 10, "Egg, whol…"),
    ])
    func aNameIsCutAfterAWholeWord(_ name: String, _ room: Int, _ expected: String) {
        let cut = Renderer.cut(name, to: room)
        #expect(cut == expected)
        #expect(cut.count <= room)
    }

    /// What a line logged is said in full, its words wrapped between words under the name.
    @Test(arguments: [80, 60])
    func aLoggedLineWrapsBetweenWords(_ width: Int) throws {
        try TestSession.with { session, _ throws in
            let outcome = session.handle("1 slice cheese pizza from restaurant or fast food yesterday")
            guard case .logged(let report) = outcome, let entry = report.entries.first else {
                Issue.record("not logged: \(outcome)")
                return
            }
            let lines = Renderer(color: false, width: width).text(outcome).stdout.split(separator: "\n").map(
                String.init)
            let said = lines.prefix { !$0.hasPrefix("  Sat") }
            #expect(said.count > 1, "\(lines)")
            #expect(said.allSatisfy { $0.count <= width }, "\(lines)")
            #expect(said.dropFirst().allSatisfy { $0.hasPrefix("       ") && !$0.hasPrefix("        ") }, "\(lines)")
            let joined = said.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(joined.contains(entry.food), "no word is cut: \(lines)")
            #expect(joined.hasSuffix("317 kcal → breakfast on Sat 21 Nov"), "\(lines)")
            #expect(!said.contains { $0.hasSuffix(" 1") }, "a count stays with its unit: \(lines)")
        }
    }

    /// A search list's long names wrap between words under themselves, a bracket kept whole.
    @Test func aSearchListWrapsBetweenWords() throws {
        try TestSession.with { session, _ throws in
            let outcome = session.handle("search tuna")
            guard case .search(let report) = outcome else {
                Issue.record("no list: \(outcome)")
                return
            }
            let text = Renderer(color: false, width: 80).text(outcome).stdout
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { $0.count <= 80 }, "\(text)")
            #expect(lines.contains { $0.hasPrefix("      ") }, "nothing was long enough to wrap:\n\(text)")
            // Each row read back whole, its continuation lines joined on.
            var rows: [String] = []
            for line in lines where !line.hasPrefix("  type") {
                if line.hasPrefix("      "), let last = rows.popLast() {
                    rows.append(last + " " + line.trimmingCharacters(in: .whitespaces))
                } else {
                    rows.append(line)
                }
            }
            for (row, food) in zip(rows, report.rows) {
                #expect(row.contains(food.name + " · "), "\(row)")
                #expect(row.hasSuffix(food.portion), "\(row)")
            }
            #expect(!lines.contains { $0.hasSuffix("(146") || $0.hasSuffix("(94") }, "a bracket is kept whole")
        }
    }
}
