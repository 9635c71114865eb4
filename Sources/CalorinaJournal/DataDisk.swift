/// The file operations a `DocumentStore` makes (`profile.json`, `foods.json`, `undo.json`), on
/// the disk its `JournalStore` was opened on: the real one, or in a test a simulated one
/// (`FileCalls`), so that a fault injected there reaches every file a change writes, the undo
/// record with the entries (issue 25, F11).
public struct DataDisk {
    let stamp: (String) throws(StoreError) -> FileStamp?
    let readDataFile: (String) throws(StoreError) -> FileContents
    let replaceFile: (String, [UInt8]) throws(StoreError) -> FileStamp
    let sweepTemporaryFiles: (String) -> Void
    let withExclusiveLock: (String, () throws(StoreError) -> Void) throws(StoreError) -> Void

    init<Calls: FileCalls>(_ files: FileOperations<Calls>) {
        stamp = { (path) throws(StoreError) in try files.stamp(of: path) }
        readDataFile = { (path) throws(StoreError) in try files.readFile(path, followingLinks: false) }
        replaceFile = { (path, bytes) throws(StoreError) in
            try files.replaceFile(at: path) { (write) throws(StoreError) in try write(bytes) }
        }
        sweepTemporaryFiles = { root in files.sweepTemporaryFiles(inDataFolder: root) }
        withExclusiveLock = { (path, body) throws(StoreError) in try files.withExclusiveLock(at: path, body) }
    }

    /// The real disk.
    public static var system: DataDisk { DataDisk(AtomicFile.system) }
}
