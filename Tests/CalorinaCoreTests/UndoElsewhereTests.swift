import Foundation
import Testing

@testable import CalorinaDoctor
@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaResults
@testable import CalorinaSession

/// Issue 27, item 2: `undo` takes back this device's own last change; another device's only with
/// `undo any`, which names the device. Two devices share one folder (as a sync tool leaves it
/// once every file has arrived), each with its own undo history in its own folder.
@Suite struct UndoElsewhereTests {
    final class Folder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-undo-any-\(UUID())")
        var sessions: [String: Session] = [:]

        func session(_ device: String) throws -> Session {
            if let session = sessions[device] { return session }
            let session = Session(
                store: try JournalStore(root: root, device: device),
                options: Session.Options(persistentUndo: true, undoOwner: "test-\(device)"),
                clock: { TestSession.morning })
            sessions[device] = session
            return session
        }

        /// Handles `line` on `device`, a few milliseconds after the line before (the clocks of
        /// changes order them by the millisecond, then by device).
        @discardableResult
        func run(_ device: String, _ line: String) throws -> Outcome {
            usleep(3000)
            return try session(device).handle(line)
        }

        func foods(_ device: String) throws -> [String] {
            try session(device).store.entries(on: TestSession.morning.date.description).map(\.text)
        }

        /// Expects `device` to show these foods today, in any order (a put-back entry of the
        /// same minute may come after the entries logged since).
        func expect(_ device: String, _ foods: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let shown = try self.foods(device)
            #expect(shown.sorted() == foods.sorted(), "\(device) shows \(shown)", sourceLocation: sourceLocation)
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static func message(_ outcome: Outcome) -> String {
        guard case .failed(let failure) = outcome else { return "" }
        return failure.problems.map { $0.message + " " + ($0.hint ?? "") }.joined(separator: "; ")
    }

    @Test func undoAnyTakesBackAnotherDevicesChangeAndNamesIt() throws {
        let folder = Folder()
        try folder.run("ash", "a banana")
        try folder.run("birch", "an apple")
        let outcome = try folder.run("ash", "undo any")
        guard case .undone(let report) = outcome else {
            Issue.record("undo any: \(outcome)")
            return
        }
        #expect(report.madeBy == "on the device birch")
        #expect(report.removed.map(\.text) == ["an apple"])
        try folder.expect("ash", ["a banana"])
        try folder.expect("birch", ["a banana"])

        // birch's own undo passes over the change ash took back, and says whose the newest is.
        let birchUndo = try folder.run("birch", "undo")
        #expect(!birchUndo.succeeded)
        #expect(Self.message(birchUndo).contains("on the device ash"), "\(birchUndo)")
        try folder.expect("birch", ["a banana"])

        // ash may redo what it took back, and it is then ash's to undo.
        let redo = try folder.run("ash", "redo")
        #expect(redo.succeeded, "\(redo)")
        try folder.expect("birch", ["a banana", "an apple"])
        let undo = try folder.run("ash", "undo")
        #expect(undo.succeeded, "\(undo)")
        try folder.expect("ash", ["a banana"])
    }

    @Test func undoAnyPutsBackAnEntryAnotherDeviceDeleted() throws {
        let folder = Folder()
        try folder.run("ash", "a banana")
        try folder.run("ash", "2 eggs")
        try folder.run("birch", "delete 1")
        try folder.expect("ash", ["2 eggs"])
        let outcome = try folder.run("ash", "undo any")
        #expect(outcome.succeeded, "\(outcome)")
        try folder.expect("ash", ["a banana", "2 eggs"])
        try folder.expect("birch", ["a banana", "2 eggs"])
        // A device opened afresh reads the same: the put-back stands against birch's mark.
        let fresh = try JournalStore(root: folder.root, device: "cedar")
        #expect(
            try fresh.entries(on: TestSession.morning.date.description).map(\.text).sorted() == ["2 eggs", "a banana"])
    }

    @Test func plainUndoNeverTakesBackAnotherDevicesChange() throws {
        let folder = Folder()
        try folder.run("ash", "a banana")
        try folder.run("birch", "an apple")
        let outcome = try folder.run("ash", "undo")
        guard case .undone(let report) = outcome else {
            Issue.record("undo: \(outcome)")
            return
        }
        #expect(report.madeBy == nil)
        try folder.expect("birch", ["an apple"])
    }
}

/// Issue 27, item 2: of two edits of one entry made without seeing each other, the later by the
/// clock is shown and the other is kept, for `doctor` to show.
@Suite struct LostEditTests {
    @Test func theEarlierOfTwoUnseenEditsIsKeptAndShownByDoctor() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-lost-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        let clock = SteppingClock().next
        let laptop = base.appendingPathComponent("laptop").path
        let desk = base.appendingPathComponent("desk").path
        let original = DeviceMergeTests.entry("e1", "2026-11-01", kcal: 100)
        try JournalStore(root: laptop, device: "laptop", now: clock).apply([.add(original)])
        try DeviceMergeTests.copy(
            "devices/laptop/journal/2026-11.json", from: laptop, to: desk, cutShort: false)
        // Each edits the entry before seeing the other's edit.
        var onLaptop = original
        onLaptop.kcal = 150
        try JournalStore(root: laptop, device: "laptop", now: clock).apply([
            .remove(id: "e1", date: "2026-11-01"), .add(onLaptop),
        ])
        var onDesk = original
        onDesk.kcal = 90
        try JournalStore(root: desk, device: "desk", now: clock).apply([
            .remove(id: "e1", date: "2026-11-01"), .add(onDesk),
        ])
        for (from, to) in [(laptop, desk), (desk, laptop)] {
            for device in ["laptop", "desk"] {
                for file in try DeviceMergeTests.files(ofDevice: device, in: from) {
                    try DeviceMergeTests.copy(file, from: from, to: to, cutShort: false)
                }
            }
        }
        for root in [laptop, desk] {
            let store = try JournalStore(root: root, device: "laptop", now: clock)
            #expect(try store.entries(inMonth: "2026-11").map(\.kcal) == [90], "the later edit is shown")
            let lost = try store.lostEdits(inMonth: "2026-11")
            #expect(lost.map(\.lost.kcal) == [150])
            #expect(lost.map(\.lostBy) == ["laptop"])
            #expect(lost.map(\.shownBy) == ["desk"])
            let report = try Doctor.run(root: root, restore: nil, device: "laptop")
            #expect(report.lostEdits == lost)
        }
        // An edit made after seeing the other's is no conflict.
        let seen = try JournalStore(root: laptop, device: "laptop", now: clock)
        var again = onDesk
        again.kcal = 95
        try seen.apply([.remove(id: "e1", date: "2026-11-01"), .add(again)])
        #expect(try JournalStore(root: laptop, device: "laptop", now: clock).lostEdits(inMonth: "2026-11").isEmpty)
    }
}
