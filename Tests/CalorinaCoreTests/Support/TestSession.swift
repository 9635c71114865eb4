import Foundation

@testable import CalorinaJournal
@testable import CalorinaSession
@testable import CalorinaSupport

/// A session on a new, empty data folder at a fixed moment, for the suites that drive the
/// library line by line; the folder is removed afterwards.
enum TestSession {
    /// 2026-11-22 (day 20,779 since 1970) at 08:30.
    static let morning = LocalMoment(date: CivilDate(daysSinceEpoch: 20_779), hour: 8, minute: 30)

    /// Runs `body` with a session and its data folder.
    static func with<T>(
        _ options: Session.Options = Session.Options(), at moment: LocalMoment = morning,
        _ body: (Session, URL) throws -> T
    ) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calorina-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(Session(store: try JournalStore(root: folder), options: options, clock: { moment }), folder)
    }
}
