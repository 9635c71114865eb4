import Foundation
import Glibc
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaUndo

/// Issue 25: undo takes back exactly its own change, and a failure is reported exactly when
/// nothing was saved. One test a finding (F9, F11, F12, F14, the redo stack).
@Suite struct UndoTakesBackItsOwnTests {
    /// Pids no process has (so the Calorina that made a record has ended), at one terminal.
    static let ended = ["pid:2147480001", "pid:2147480002", "pid:2147480003", "pid:2147480004", "pid:2147480005"]
    static let terminal = "/dev/pts/42"

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("calorina-undo-\(UUID().uuidString)")
    }

    /// A REPL or one-shot command on `folder`: the undo history kept in the folder.
    static func session(_ folder: URL, owner: String, batch: Bool = false) throws -> Session {
        try TestSession.session(
            on: folder, Session.Options(batch: batch, persistentUndo: !batch, undoOwner: owner, undoTerminal: terminal))
    }

    static func foods(_ folder: URL, on date: String = "2026-11-22") throws -> [String] {
        try JournalStore(root: folder).entries(on: date).map(\.food)
    }

    // MARK: - F9: a profile change is its fields

    /// `set age 30` by one REPL, `goal 1500` and `set weight 90 kg` by another meanwhile: undo
    /// of the age puts back the age alone, and says so.
    @Test func undoOfASettingPutsBackThatFieldAlone() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = try Self.session(folder, owner: Self.ended[0])
        let other = try Self.session(folder, owner: Self.ended[1])
        _ = mine.handle("set age 34")
        _ = mine.handle("set age 30")
        #expect(other.handle("goal 1500").succeeded)
        #expect(other.handle("set weight 90 kg").succeeded)
        guard case .undone(let report) = mine.handle("undo") else {
            Issue.record("undo failed")
            return
        }
        #expect(report.change == "set age 30")
        #expect(report.fields == ["age 34 (was 30)"], "\(report.fields)")
        let profile = try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load()
        #expect(profile.age == 34)
        #expect(profile.weightKg == 90)
        #expect(profile.strategy == .fixed(kcal: 1500))
        // Redo sets it again, the others' fields still kept.
        #expect(mine.handle("redo").succeeded)
        let redone = try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load()
        #expect(redone.age == 30 && redone.weightKg == 90 && redone.strategy == .fixed(kcal: 1500))
    }

    /// A field another writer changed since is not overwritten: undo refuses, says which field
    /// and what it is now, and changes nothing.
    @Test func undoRefusesAFieldAnotherWriterChangedSince() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = try Self.session(folder, owner: Self.ended[0])
        let other = try Self.session(folder, owner: Self.ended[1])
        _ = mine.handle("set age 30")
        _ = other.handle("set age 41")
        guard case .failed(let failure) = mine.handle("undo") else {
            Issue.record("undo went through over another writer's age")
            return
        }
        #expect(
            failure.problems.first?.message.contains("age was changed since 'set age 30' (it is 41 now)") == true,
            "\(failure)")
        #expect(try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load().age == 41)
    }

    /// An `undo.json` of version 3, whose record keeps whole profiles, reads as it is and is
    /// undone by the fields the two profiles differ in.
    @Test func aVersionThreeRecordOfWholeProfilesIsUndoneByItsFields() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var before = Profile()
        before.age = 34
        var after = before
        after.age = 30
        var history = UndoHistory()
        history.version = 3
        var record = UndoRecord(
            change: "set age 30", undo: ChangeSet(), redo: ChangeSet(), profileBefore: before, profileAfter: after)
        record.owner = Self.ended[0]
        record.terminal = Self.terminal
        history.undo = [record]
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("devices/local"), withIntermediateDirectories: true)
        try JSONEncoder().encode(history).write(to: folder.appendingPathComponent("devices/local/undo.json"))
        var now = after
        now.weightKg = 90
        try JSONEncoder().encode(now).write(to: folder.appendingPathComponent("profile.json"))
        let session = try Self.session(folder, owner: Self.ended[1])
        guard case .undone(let report) = session.handle("undo") else {
            Issue.record("a version 3 record was not undone")
            return
        }
        #expect(report.fields == ["age 34 (was 30)"])
        let profile = try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load()
        #expect(profile.age == 34 && profile.weightKg == 90)
    }

    // MARK: - The redo stack

    /// `item ra; undo; item rb; redo`, each a one-shot command (another process each time):
    /// the new change emptied the redo stack, so redo brings nothing back.
    @Test func aNewChangeEmptiesTheRedoStackWhoeverMadeIt() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.session(folder, owner: Self.ended[0]).handle("item ra 100 kcal").succeeded)
        #expect(try Self.session(folder, owner: Self.ended[1]).handle("undo").succeeded)
        #expect(try Self.session(folder, owner: Self.ended[2]).handle("item rb 100 kcal").succeeded)
        guard case .failed(let failure) = try Self.session(folder, owner: Self.ended[3]).handle("redo") else {
            Issue.record("redo after a new change brought something back")
            return
        }
        #expect(failure.problems.first?.message == "nothing to redo")
        #expect(try Self.foods(folder) == ["Item rb"])
    }

    /// The redo stack keeps at most `UndoHistory.limit` records, as the undo stack does.
    @Test func theRedoStackIsBounded() throws {
        try TestSession.with { session, _ in
            for number in 0..<(UndoHistory.limit + 20) { _ = session.handle("item r\(number) 1 kcal") }
            for _ in 0..<(UndoHistory.limit + 20) { _ = session.handle("undo") }
            #expect(session.memoryHistory.redo.count == UndoHistory.limit)
            #expect(session.memoryHistory.undo.isEmpty)
        }
    }

    // MARK: - F12: a script stopped between two saves

    /// A script that saved a batch and was stopped before its end (Ctrl-C, a kill: it never
    /// reached `keepScriptAsOneChange`) left its record with what it saved: `undo` takes back
    /// exactly those entries, not the older, unrelated one.
    @Test func aScriptStoppedBetweenSavesIsOneChangeForUndo() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.session(folder, owner: Self.ended[0]).handle("item older 50 kcal").succeeded)
        let script = try Self.session(folder, owner: Self.ended[1], batch: true)
        for number in 0..<30 { _ = script.handle("item s\(number) 10 kcal") }
        _ = script.handle("set age 33")
        try script.flush()
        for number in 30..<40 { _ = script.handle("item s\(number) 10 kcal") }
        // Stopped here: the last ten lines never saved, the script never ended.
        #expect(try Self.foods(folder).count == 31)
        let later = try Self.session(folder, owner: Self.ended[2])
        guard case .undone(let report) = later.handle("undo") else {
            Issue.record("the stopped script was not undone")
            return
        }
        #expect(report.change.hasPrefix("a script stopped before its end"), "\(report.change)")
        #expect(report.removed.count == 30)
        #expect(report.fields == ["age none (was 33)"])
        #expect(try Self.foods(folder) == ["Item older"])
        #expect(try DocumentStore<Profile>(root: folder, device: JournalStore.unnamedDevice).load().age == nil)
    }

    /// A script's own food is saved with its batch (its report waits for the save, issue 25's
    /// flat `define`): stopped before the save, nothing of it was written; stopped after it, the
    /// food is undone with the rest of the script.
    @Test func aScriptStoppedAfterDefiningAFoodIsUndoneWithIt() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.session(folder, owner: Self.ended[1], batch: true)
        #expect(script.handle("define snack bar = 100 kcal per bar").succeeded)
        #expect(
            try DocumentStore<UserFoods>(root: folder, device: JournalStore.unnamedDevice).load().foods.isEmpty,
            "saved with the batch")
        try script.flush()
        // Stopped here, after its save and before its end.
        #expect(
            try DocumentStore<UserFoods>(root: folder, device: JournalStore.unnamedDevice).load().foods.map(\.name) == [
                "snack bar"
            ])
        let later = try Self.session(folder, owner: Self.ended[2])
        guard case .undone(let report) = later.handle("undo") else {
            Issue.record("the stopped script's food was not undone")
            return
        }
        #expect(report.change.hasPrefix("a script stopped before its end"), "\(report.change)")
        #expect(try DocumentStore<UserFoods>(root: folder, device: JournalStore.unnamedDevice).load().foods.isEmpty)
    }

    /// A script that ends replaces the record it wrote as it saved with the whole script: one
    /// record, not two.
    @Test func aScriptThatEndsLeavesOneRecord() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try Self.session(folder, owner: Self.ended[1], batch: true)
        for number in 0..<5 { _ = script.handle("item s\(number) 10 kcal") }
        try script.flush()
        for number in 5..<9 { _ = script.handle("item s\(number) 10 kcal") }
        try script.flush()
        #expect(script.keepScriptAsOneChange(lines: 9) == nil)
        let history = try DocumentStore<UndoHistory>(root: folder.appendingPathComponent("devices/local")).load()
        #expect(history.undo.count == 1)
        #expect(history.undo.first?.id == nil)
        #expect(history.undo.first?.change.hasPrefix("a script of 9 lines") == true)
        #expect(try Self.session(folder, owner: Self.ended[2]).handle("undo").succeeded)
        #expect(try Self.foods(folder).isEmpty)
    }

    /// A record whose change is not there at all (written before a change that was never
    /// saved) is said so and dropped; the next `undo` takes the change before it.
    @Test func aRecordOfAChangeNeverSavedIsSaidSoAndDropped() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try Self.session(folder, owner: Self.ended[0])
        #expect(session.handle("item kept 50 kcal").succeeded)
        let ghost = Entry(
            id: "00000000000000ff", date: "2026-11-22", time: "08:30", meal: .breakfast, food: "Never saved",
            quantity: 1, unit: "serving", portion: "", grams: nil, kcal: 10, text: "never saved")
        let changes = ChangeSet(add: [ghost])
        try session.remember(UndoRecord(change: "logged never saved", undo: changes.inverse, redo: changes))
        guard case .failed(let failure) = session.handle("undo") else {
            Issue.record("a record of nothing saved was undone")
            return
        }
        #expect(failure.problems.first?.message.hasPrefix("'logged never saved' left nothing to undo") == true)
        #expect(try Self.foods(folder) == ["Item kept"])
        #expect(session.handle("undo").succeeded)
        #expect(try Self.foods(folder).isEmpty)
    }

    // MARK: - F14: a large copy's record is small

    /// `copy … force` of more than `UndoHistory.listLimit` entries keeps an id prefix and the
    /// months, not copies: `undo.json` stays small, before and after the undo, and the copy is
    /// said again rather than redone.
    @Test func aLargeCopysRecordHoldsNoCopies() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try JournalStore(root: folder)
        let count = 2 * UndoHistory.listLimit
        try store.apply(
            (0..<count).map { number in
                .add(
                    Entry(
                        id: String(format: "%016x", number + 1), date: "2026-11-21", time: "08:00", meal: .breakfast,
                        food: "Item \(number)", quantity: 1, unit: "serving", portion: "", grams: nil, kcal: 1,
                        text: "item \(number) 1 kcal"))
            })
        let session = try Self.session(folder, owner: Self.ended[0])
        guard case .logged(let report) = session.handle("copy yesterday force") else {
            Issue.record("the copy failed")
            return
        }
        #expect(report.entries.count == count)
        let undoFile = folder.appendingPathComponent("devices/local/undo.json")
        func size() throws -> Int { try Data(contentsOf: undoFile).count }
        let copied = try size()
        #expect(copied < 2_000, "undo.json holds copies: \(copied) bytes")
        guard case .undone(let taken) = session.handle("undo") else {
            Issue.record("the copy was not undone")
            return
        }
        #expect(taken.removed.count + taken.moreRemoved == count)
        #expect(taken.removed.count <= 13, "the report holds every entry taken out")
        #expect(try Self.foods(folder).isEmpty)
        #expect(try Self.foods(folder, on: "2026-11-21").count == count)
        let undone = try size()
        #expect(undone < 2_000, "undo.json holds copies after the undo: \(undone) bytes")
        guard case .failed = session.handle("redo") else {
            Issue.record("a large copy was redone from nothing")
            return
        }
        #expect(try Self.foods(folder).isEmpty)
    }
}
