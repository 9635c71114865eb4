import CalorinaJournal
import CalorinaResults
import CalorinaUndo

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `undo any` across devices (issue 27): each device keeps its own undo history in its folder
/// (no file is written by two devices), and the data folder carries every device's history to
/// the others. `undo` takes back this device's own last change; `undo any` takes back the newest
/// change of any device, by the clock its record was made at, and says which device made it.
/// A change another device took back is named in that device's history (`takenBack`), so that
/// the device that made it passes over it rather than take it back twice.
extension Session {
    /// Another device's undo history, as the data folder carries it here.
    struct HistoryElsewhere {
        var device: String
        /// Its folder, where its large imports keep their ids.
        var folder: String
        var history: UndoHistory
    }

    /// A change of another device's history.
    struct ChangeElsewhere {
        var device: String
        var folder: String
        var record: UndoRecord
    }

    /// The clock a record made now is made at (`UndoRecord.made`).
    func madeNow() -> String {
        ChangeClock(milliseconds: DeviceDocumentFiles.wallMilliseconds(), device: store.device).description
    }

    /// The undo histories of the other devices that have a folder; one that cannot be read
    /// (still arriving, or of a newer release) is left out.
    func otherDevicesHistories() -> [HistoryElsewhere] {
        guard let names = try? store.otherDevices() else { return [] }
        return names.compactMap { name in
            let folder = store.rootPath + "/devices/" + name
            let file = DocumentStore<UndoHistory>(root: URL(fileURLWithPath: folder), disk: store.disk)
            guard let history = try? file.load() else { return nil }
            return HistoryElsewhere(device: name, folder: folder, history: history)
        }
    }

    /// The newest change of another device's history that no device took back yet, when it is
    /// newer than `own` (this device's newest; a record from before devices is older than any).
    static func newestElsewhere(_ elsewhere: [HistoryElsewhere], after own: UndoRecord?, takenBack: Set<String>)
        -> ChangeElsewhere?
    {
        var newest: (change: ChangeElsewhere, clock: ChangeClock)?
        for other in elsewhere {
            guard
                let record = other.history.undo.last(where: { record in
                    record.made.map { !takenBack.contains($0) } ?? false
                }),
                let clock = record.made.flatMap({ ChangeClock($0) })
            else { continue }
            if newest.map({ clock > $0.clock }) ?? true {
                newest = (ChangeElsewhere(device: other.device, folder: other.folder, record: record), clock)
            }
        }
        guard let newest else { return nil }
        if let made = own?.made.flatMap({ ChangeClock($0) }), made > newest.clock { return nil }
        return newest.change
    }

    /// Takes back another device's change: its entries and fields as they are here, written by
    /// this device; the change named in this device's history as taken back, and kept to redo
    /// here (as this device's own change from then on).
    func takeBackElsewhere(_ change: ChangeElsewhere) throws(SessionError) -> Outcome {
        let record = change.record
        let made = record.made ?? ""
        var redone = record
        redone.owner = options.undoOwner
        redone.terminal = options.undoTerminal
        let kept = redone
        return try takeBack(
            record, isRedo: false, madeBy: "on the device \(change.device)", importsIn: change.folder,
            drop: { history in history.markTakenBack(made) },
            move: { history in
                _ = history.markTakenBack(made)
                // A large script's change cannot be redone, here as on its own device.
                if kept.scriptEntries == nil {
                    history.redo.append(kept)
                    UndoHistory.trim(&history.redo)
                }
                return true
            },
            moveBack: { history in
                history.takenBack?.removeAll { $0 == made }
                if history.takenBack?.isEmpty == true { history.takenBack = nil }
                if let index = history.redo.lastIndex(of: kept) { history.redo.remove(at: index) }
                return true
            })
    }
}
