import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaSession

/// Own foods read in place (issue 25, item 6): `foods.json` is indexed once, in
/// `cache/foods.index`, and read through that index while the file is as it was; a script's
/// `define` lines are written with its batch.
@Suite struct OwnFoodsInPlaceTests {
    static func foods(_ count: Int) -> UserFoods {
        var foods = UserFoods()
        for number in 0..<count {
            var food = UserFood(name: "Bar number \(number)", kcal: Double(100 + number), amount: 1, unit: "bar")
            if number % 3 == 0 { food.nutrients[.protein] = 10 }
            foods.add(food)
        }
        foods.add(UserAlias(name: "my oj", target: "orange juice"))
        foods.add(Recipe(name: "my breakfast", items: "2 eggs, 1 slice toast"))
        foods.choices["chip"] = 19_400_000
        return foods
    }

    @Test func aSecondReadingIsInPlaceAndFindsWhatTheWholeReadingFinds() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-own-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let written = Self.foods(300)
        try UserFoodsStore(root: folder).update { foods in
            foods = written
            return true
        }
        let indexPath = folder.appendingPathComponent("cache/foods.index").path
        #expect(!FileManager.default.fileExists(atPath: indexPath))

        // Read whole, checked, and indexed.
        let whole = try UserFoodsStore(root: folder).load()
        #expect(whole == written)
        #expect(FileManager.default.fileExists(atPath: indexPath))

        // Read in place: nothing decoded until asked, and the same answers.
        let inPlace = try UserFoodsStore(root: folder).load()
        #expect(inPlace.storage.nameCount == 302)
        #expect(inPlace.hasNames && inPlace.choices == ["chip": 19_400_000] && inPlace.version == 3)
        // Every name, found by the binary search over the index's lines ("bar number 1" sorts
        // before "bar number 10" and "bar number 100"), and names between them not found.
        for number in 0..<300 {
            #expect(inPlace.named("bar number \(number)") == .food(written.foods[number]))
            #expect(inPlace.named("bar number \(number)5 x") == nil)
        }
        #expect(inPlace.named("BARS NUMBER 12") == whole.named("BARS NUMBER 12"))
        #expect(inPlace.named("aaa") == nil && inPlace.named("zzz") == nil)
        #expect(inPlace.storage.isInPlace, "no lookup decoded the lists")
        #expect(inPlace.named("my oj") == .alias(UserAlias(name: "my oj", target: "orange juice")))
        #expect(inPlace.named("my breakfast")?.name == "my breakfast")
        #expect(inPlace.named("banana") == nil && inPlace.named("bar number 300") == nil)
        #expect(inPlace == written, "the lists decode whole when asked for")
        #expect(!inPlace.storage.isInPlace)

        // A change by hand gives the file a new stamp: it is read whole again, not through the index.
        usleep(20_000)
        let path = folder.appendingPathComponent("foods.json")
        let text = try String(contentsOf: path, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Bar number 7\"", with: "Flapjack\"").utf8).write(to: path)
        let edited = try UserFoodsStore(root: folder).load()
        #expect(edited.named("flapjack")?.name == "Flapjack")
        #expect(edited.named("bar number 7") == nil)
        #expect(try UserFoodsStore(root: folder).load().named("flapjack")?.name == "Flapjack")
    }

    @Test func addingKeepsTheNameIndexAndTheFirstOfANameWins() {
        var foods = Self.foods(5)
        #expect(foods.named("bar number 4") != nil)
        foods.add(UserFood(name: "Bar number 4", kcal: 1, amount: 1, unit: "bar"))
        #expect(foods.named("bar number 4") == .food(Self.foods(5).foods[4]), "the earlier food keeps the name")
        foods.add(UserFood(name: "my oj", kcal: 1, amount: 1, unit: "glass"))
        #expect(foods.named("my oj")?.name == "my oj")
        if case .food? = foods.named("my oj") {} else { Issue.record("a food's name comes before an alias's") }
        let copy = foods
        foods.add(UserFood(name: "Late", kcal: 1, amount: 1, unit: "bar"))
        #expect(copy.named("late") == nil && foods.named("late") != nil, "values stay values")
        let renamed = foods.rename("late", to: "Later")
        #expect(renamed)
        #expect(foods.named("late") == nil && foods.named("later") != nil)
    }

    @Test func aScriptOfDefinesIsWrittenWithItsBatchAndUndoneWhole() throws {
        // A script of an ended process, at terminal t1 (see EditsDoWhatTheySayTests).
        try TestSession.with(Session.Options(batch: true, undoOwner: "pid:2147480000", undoTerminal: "t1")) {
            session, folder in
            for number in 0..<300 {
                guard case .foodsChanged = session.handle("define bar \(number) = \(100 + number) kcal per bar") else {
                    Issue.record("line \(number) did not define")
                    return
                }
            }
            #expect(session.hasPendingChanges)
            #expect(session.handle("define bar 7 = 1 kcal per bar").succeeded == false, "a name taken is refused")
            try session.flush()
            #expect(!session.hasPendingChanges)
            let saved = try UserFoodsStore(root: folder, device: JournalStore.unnamedDevice).load()
            #expect(saved.foods.count == 300 && saved.foods.last?.name == "bar 299")
            #expect(session.keepScriptAsOneChange(lines: 301) == nil)

            let later = Session(
                store: try JournalStore(root: folder),
                options: Session.Options(persistentUndo: true, undoOwner: "pid:3", undoTerminal: "t1"))
            let undone = later.handle("undo")
            #expect(undone.succeeded, "\(undone)")
            #expect(try UserFoodsStore(root: folder).load().foods.isEmpty)
        }
    }
}
