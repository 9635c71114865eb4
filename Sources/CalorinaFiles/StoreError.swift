/// Why the store could not read or write a data file.
///
/// Every case names the file it is about. A case says *what* went wrong; `message` says it in words
/// and says what to do. Nothing is overwritten when one of these is thrown while reading: a file
/// that is unreadable or from a newer Calorina is left exactly as it was.
public enum StoreError: Error, Equatable, Sendable {
    /// The file at `path` is there but cannot be understood: it is empty, truncated, not JSON, has
    /// a value of the wrong kind, or is not a regular file at all (a folder, say).
    ///
    /// `line` and `column` (both from 1; the column counts characters, not bytes, and a leading
    /// byte order mark is not counted) point at the problem, or at 1:1 when the problem is the file
    /// as a whole.
    case unreadable(path: String, line: Int, column: Int, reason: String)
    /// The file at `path` says it has format `found`, newer than the `supported` one this Calorina
    /// reads.
    case newerVersion(path: String, found: Int, supported: Int)
    /// A file or folder at `path` could not be created, written, synced or renamed; `reason` is the
    /// system's own words (the `errno` text) or why the data could not be turned into JSON.
    case cannotWrite(path: String, reason: String)
    /// The lock file at `path` could not be opened or locked; `reason` is the system's own words.
    case lockFailed(path: String, reason: String)
    /// A date given to the store is not a real day written `YYYY-MM-DD`.
    case invalidDate(String)
    /// The file or folder at `path` is one Calorina will not read or write through (a link out of
    /// the data folder, a month with another name elsewhere, an export aimed into the data folder);
    /// `reason` says what it is and what to do.
    case refused(path: String, reason: String)
    /// A month given to the store is not a real month written `YYYY-MM`.
    case invalidMonth(String)
}

extension StoreError: CustomStringConvertible {
    /// What went wrong and what to do about it: one line, lowercase start, no trailing period.
    public var message: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); check that the folder is yours, writable and not full"
        case .invalidDate(let text):
            "'\(text)' is not a date; write it as YYYY-MM-DD, e.g. 2026-11-22"
        case .invalidMonth(let text):
            "'\(text)' is not a month; write it as YYYY-MM, e.g. 2026-11"
        case .lockFailed(let path, let reason):
            "cannot lock \(path): \(reason); check that the data folder is yours and writable"
        case .refused(let path, let reason):
            "\(path): \(reason)"
        case .newerVersion(let path, let found, _):
            "\(path) is from a newer Calorina (version \(found)); update Calorina to read it"
        case .unreadable(let path, let line, let column, let reason):
            "\(path):\(line):\(column): \(reason); fix the file, or run 'calorina doctor' to put back its"
                + " backup (Calorina will not overwrite it)"
        }
    }

    /// The same as `message`.
    public var description: String { message }
}
