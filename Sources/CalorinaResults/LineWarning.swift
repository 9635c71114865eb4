import CalorinaFiles

/// Something a line found and went on without, that a person should hear of: not an error, the
/// line did its work. Carried by `Outcome.warned`, said on stderr after what the line shows.
public enum LineWarning: Equatable, Sendable {
    /// `profile.json` could not be read: the line used the profile's defaults (metric units,
    /// the default goal) instead. The file is left as it was; `doctor` names it and puts back its
    /// backup.
    case profileUnreadable(StoreError)
}

extension LineWarning: CustomStringConvertible {
    /// What was found and what was done instead: one line, lowercase start, no trailing period.
    public var message: String {
        switch self {
        case .profileUnreadable(let error):
            let why: String =
                switch error {
                case .unreadable(_, let line, let column, let reason): "line \(line), column \(column): \(reason)"
                case .newerVersion(_, let found, _): "it is from a newer Calorina, version \(found)"
                case .refused(_, let reason), .cannotWrite(_, let reason), .lockFailed(_, let reason): reason
                case .invalidDate, .invalidMonth: error.message
                }
            return
                "profile.json could not be read (\(why)): goals and units use the defaults; 'calorina doctor' says more"
        }
    }

    /// The same as `message`.
    public var description: String { message }
}
