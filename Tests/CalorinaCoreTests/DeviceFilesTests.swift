import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaMonths
@testable import CalorinaSession

/// Issue 27: no file under the data folder is written by two devices. Two devices take turns
/// in one folder (as a sync tool leaves it once every file has arrived); before and after each
/// command, every file under the folder is looked at (its inode, size, time and bytes), and each
/// one a command made, changed or removed must be in that device's own folder.
@Suite struct DeviceFilesTests {
    /// What a file is, as far as a sync tool can tell.
    struct Seen: Equatable {
        var inode: UInt64
        var size: Int
        var modified: Double
        var bytes: Data
    }

    static func snapshot(_ folder: URL) -> [String: Seen] {
        var seen: [String: Seen] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        while let name = walker.nextObject() as? String {
            let path = folder.path + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            seen[name] = Seen(
                inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
                size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0,
                bytes: (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
        }
        return seen
    }

    /// The journal's commands, undo and redo, on both devices, each on the other's entries too.
    static let lines: [(device: String, line: String)] = [
        ("ash", "a banana"), ("birch", "2 eggs breakfast"), ("ash", "edit 2 3 eggs"), ("birch", "delete 1"),
        ("ash", "undo"), ("birch", "an apple 2026-10-01"), ("ash", "move 1 to lunch"), ("birch", "undo"),
        ("birch", "redo"), ("ash", "water 500 ml"), ("birch", "ran 30 min"), ("ash", "delete 1"),
        ("birch", "copy 2026-10-01"), ("ash", "weight 80"), ("birch", "set age 41"), ("ash", "goal 1800"),
        ("birch", "undo any"),
        ("ash", "a pear"), ("birch", "undo any"), ("ash", "undo any"),
        ("birch", "define protein bar = 210 kcal per bar"), ("ash", "2 protein bars"), ("birch", "forget protein bar"),
        ("ash", "undo"), ("birch", "goal protein 150 g"),
    ]

    @Test func eachCommandWritesOnlyItsOwnDevicesFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-files-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var sessions: [String: Session] = [:]
        for device in ["ash", "birch"] {
            sessions[device] = try TestSession.session(
                on: folder, Session.Options(persistentUndo: true, undoOwner: "test-\(device)"), device: device)
        }
        var written: [String: Set<String>] = [:]
        for (device, line) in Self.lines {
            let session = try #require(sessions[device])
            let before = Self.snapshot(folder)
            let outcome = session.handle(line)
            #expect(outcome.succeeded, "\(device): \(line): \(outcome)")
            let after = Self.snapshot(folder)
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
            for path in changed {
                #expect(path.hasPrefix("devices/\(device)/"), "\(device): '\(line)' changed \(path)")
                written[path, default: []].insert(device)
            }
        }
        #expect(written.values.allSatisfy { $0.count == 1 })
        #expect(written.keys.contains { $0.hasPrefix("devices/ash/journal/") })
        #expect(written.keys.contains { $0.hasPrefix("devices/birch/journal/") })
    }
}
