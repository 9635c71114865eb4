import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension DeviceJournal {
    // MARK: Upgrading a folder from before devices

    /// Moves every month of a folder from before devices into this device's journal, once: the
    /// entries are written to this device's month first; then the old month is kept as
    /// `YYYY-MM.json.vN` (and its log as `YYYY-MM.N.log.vN`) and left as an empty month of
    /// version 6, which an earlier release refuses rather than miss what the devices' months
    /// hold. Cut short, it is done again: an entry written twice is the same entry.
    func upgradeLegacyHoldingLock() throws(StoreError) {
        guard !upgradeChecked else { return }
        upgradeChecked = true
        // What killed writers of this machine left in the folder itself (the profile's, say).
        files.sweepTemporaryFiles(inDataFolder: rootPath)
        for month in try legacy.storedMonths() {
            guard let facts = try legacy.fileFacts(ofMonth: month), facts.version < MonthFile.stubVersion else {
                continue
            }
            let entries = try legacy.entries(inMonth: month)
            if !entries.isEmpty { _ = try own.applyHoldingLock(entries.map { .add($0) }) }
            let path = legacy.monthPath(month)
            let folder = AtomicFile.parent(of: path)
            let kept = path + ".v\(facts.version)"
            if try files.stamp(of: kept) == nil {
                try files.keepBackup(
                    of: path, at: kept, via: folder + "/.\(month).json.v\(facts.version).tmp-\(getpid())")
            }
            if let log = facts.log {
                let logPath = legacy.logPath(month, log)
                if try files.stamp(of: logPath) != nil {
                    try files.keepBackup(
                        of: logPath, at: logPath + ".v\(facts.version)", via: folder + "/.\(month).log.tmp-\(getpid())")
                    try files.removeIfPresent(logPath)
                }
            }
            var stub = MonthFile(month: month, entries: [])
            stub.version = MonthFile.stubVersion
            _ = try files.replaceFile(at: path, keepingBackups: false) { (write) throws(StoreError) in
                try MonthCodec.write(stub, to: write)
            }
        }
    }
}
