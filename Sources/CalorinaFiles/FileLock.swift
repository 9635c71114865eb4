/// An exclusive `flock` on a lock file, which every writer of the data folder takes around its
/// read-change-write, so that two processes writing at once lose nothing.
///
/// Why `flock` and not `fcntl` locks: `flock` belongs to the open file description, so two stores
/// in one process exclude each other as two processes do, and closing some other descriptor of the
/// same file does not drop the lock.
public enum FileLock {
    /// Runs `body` while holding the lock on the file at `path` (created with mode 0600 if
    /// missing), waiting for another holder to release it first.
    public static func withExclusiveLock<Result>(
        at path: String, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try AtomicFile.system.withExclusiveLock(at: path, body)
    }
}
