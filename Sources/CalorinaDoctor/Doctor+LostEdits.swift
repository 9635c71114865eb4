import CalorinaJournal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Doctor {
    /// Every month's edits that lost to another device's edit made without seeing them, read
    /// through the journal as `device` reads the folder; none when it cannot be read (the files'
    /// own findings say why).
    static func lostEdits(root: String, device: String) -> [LostEdit] {
        guard
            let store = try? JournalStore(
                root: URL(fileURLWithPath: root), device: device, creatingFolders: false),
            let months = try? store.storedMonths()
        else { return [] }
        return months.flatMap { month in (try? store.lostEdits(inMonth: month)) ?? [] }
    }
}
