/// The file operations a `DocumentStore` makes (`profile.json`, `foods.json`, `undo.json`), on
/// the disk its `JournalStore` was opened on: the real one, or in a test a simulated one
/// (`FileCalls`), so that a fault injected there reaches every file a change writes, the undo
/// record with the entries (issue 25, F11).
public struct DataDisk {
    package let stamp: (String) throws(StoreError) -> FileStamp?
    package let readDataFile: (String) throws(StoreError) -> FileContents
    package let replaceFile: (String, [UInt8]) throws(StoreError) -> FileStamp
    /// `FileOperations.replaceFile(at:keeping:durability:_:)`: where the old file was kept aside.
    package let replaceKeeping: (String, [UInt8], ReplacedFile, Durability) throws(StoreError) -> String?
    package let sweepTemporaryFiles: (String) -> Void
    package let withExclusiveLock: (String, () throws(StoreError) -> Void) throws(StoreError) -> Void
    package let appendToFile: ([UInt8], String) throws(StoreError) -> Bool
    package let makeSubfolder: (String) throws(StoreError) -> Void
    package let syncFolder: (String) throws(StoreError) -> Void
    package let names: (String) throws(StoreError) -> [String]
    package let removeIfPresent: (String) throws(StoreError) -> Void

    package init<Calls: FileCalls>(_ files: FileOperations<Calls>) {
        stamp = { (path) throws(StoreError) in try files.stamp(of: path) }
        readDataFile = { (path) throws(StoreError) in try files.readFile(path, followingLinks: false) }
        replaceFile = { (path, bytes) throws(StoreError) in
            try files.replaceFile(at: path) { (write) throws(StoreError) in try write(bytes) }
        }
        replaceKeeping = { (path, bytes, replaced, durability) throws(StoreError) in
            try files.replaceFile(at: path, keeping: replaced, durability: durability) {
                (write) throws(StoreError) in try write(bytes)
            }.keptAt
        }
        sweepTemporaryFiles = { root in files.sweepTemporaryFiles(inDataFolder: root) }
        withExclusiveLock = { (path, body) throws(StoreError) in try files.withExclusiveLock(at: path, body) }
        appendToFile = { (bytes, path) throws(StoreError) in try files.appendToFile(bytes, at: path).made }
        makeSubfolder = { (path) throws(StoreError) in try files.makeSubfolder(path) }
        syncFolder = { (path) throws(StoreError) in try files.syncFolder(path) }
        names = { (path) throws(StoreError) in try files.names(inFolder: path) }
        removeIfPresent = { (path) throws(StoreError) in try files.removeIfPresent(path) }
    }

    /// The real disk.
    public static var system: DataDisk { DataDisk(AtomicFile.system) }
}
