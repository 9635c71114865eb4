import Foundation

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaSession
@testable import CalorinaSupport

/// A session on a new, empty data folder at a fixed moment, for the suites that drive the
/// library line by line; the folder is removed afterwards.
enum TestSession {
    /// 2026-11-22 (day 20,779 since 1970) at 08:30.
    static let morning = LocalMoment(date: CivilDate(daysSinceEpoch: 20_779), hour: 8, minute: 30)

    /// The same day at noon, when the corpus suites log (a meal said without one is lunch).
    static let noon = LocalMoment(date: morning.date, hour: 12, minute: 0)

    /// Runs `body` with a session and its data folder.
    static func with<T>(
        _ options: Session.Options = Session.Options(), at moment: LocalMoment = morning,
        _ body: (Session, URL) throws -> T
    ) throws -> T {
        try withFolder { folder in try body(session(on: folder, options, at: moment), folder) }
    }

    /// A dry-run session at noon on a folder that is never made: each line goes the whole way a
    /// typed line goes (commands, the user's names, water, mistyped commands), and nothing is
    /// saved, as with `calorina --dry-run` on a new folder (DryRunMakesNoFolderTests).
    static func dryRun() throws -> Session {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-test-\(UUID().uuidString)")
        return Session(
            store: try JournalStore(root: folder, creatingFolders: false), options: Session.Options(dryRun: true),
            clock: { noon })
    }

    /// Runs `body` with a dry-run session at noon whose profile has `units`, said before the
    /// lines as `set units` would say them (a dry run saves no setting of its own).
    static func dryRun<T>(units: UnitSystem, _ body: (Session) throws -> T) throws -> T {
        if units == .metric { return try body(dryRun()) }
        return try withFolder { folder in
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try DocumentStore<Profile>(root: folder).update { profile in
                profile.setUnits(units)
                return true
            }
            return try body(session(on: folder, Session.Options(dryRun: true), at: noon))
        }
    }

    /// Runs `body` with a new folder's path (nothing is made there), and removes the folder
    /// afterwards: for the suites that open several sessions or stores on one folder.
    static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// A session on `folder` at a fixed moment: a second one on a folder another session wrote
    /// (a later start of the program), or one with its own options or device.
    static func session(
        on folder: URL, _ options: Session.Options = Session.Options(), at moment: LocalMoment = morning,
        device: String = JournalStore.unnamedDevice
    ) throws -> Session {
        try session(on: folder, options, device: device, clock: { moment })
    }

    /// A session on `folder` whose clock the test moves.
    static func session(
        on folder: URL, _ options: Session.Options = Session.Options(), device: String = JournalStore.unnamedDevice,
        clock: @escaping @Sendable () -> LocalMoment
    ) throws -> Session {
        Session(store: try JournalStore(root: folder, device: device), options: options, clock: clock)
    }
}
