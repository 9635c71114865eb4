/// Something the store did on its own, or found and could not do, that a person should hear of;
/// not an error: the work goes on. The library returns these, and the executable says them on
/// stderr.
public enum StoreNotice: Equatable, Sendable {
    /// The folder at `path` was open to others, with the permission bits `mode`, and was made
    /// private (0700) again.
    case folderMadePrivate(path: String, mode: Int)
    /// The folder at `path` is open to others, with the permission bits `mode`, and could not be
    /// made private; `reason` is the system's own words.
    case folderOpenToOthers(path: String, mode: Int, reason: String)
}

extension StoreNotice: CustomStringConvertible {
    /// What happened and, when something is left to do, what: one line, lowercase start, no
    /// trailing period.
    public var message: String {
        switch self {
        case .folderMadePrivate(let path, let mode):
            "\(path) was open to others (mode \(String(mode, radix: 8))): made it private (700) again, as Calorina"
                + " keeps its data folder"
        case .folderOpenToOthers(let path, let mode, let reason):
            "\(path) is open to others (mode \(String(mode, radix: 8))) and could not be made private: \(reason);"
                + " run 'chmod 700 \(path)'"
        }
    }

    /// The same as `message`.
    public var description: String { message }
}
