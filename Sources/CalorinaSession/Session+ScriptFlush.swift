import CalorinaResults

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When a script's gathered changes are saved. A script (batch mode) applies its lines one by one
/// and saves them in batches, at least once a second and at the end; what a batch reports is
/// printed only after the batch is on disk, so nothing is reported as logged before it is.
extension Session {
    /// How long changes may wait before they are saved, in seconds.
    public static let flushInterval: Double = 1.0
    /// How many lines a batch may hold: a batch's memory grows with its lines, and a long script
    /// would otherwise gather a second's worth (ten thousand lines and more) before saving.
    /// A batch is saved early, to keep its memory small, only while saving stays cheap: when the
    /// months it would write hold at most `rewriteRatio` entries for each line saved (one month
    /// that has grown large is written whole each time, and would be written over and over).
    public static let batchLines = 4_000
    public static let rewriteRatio = 5

    /// True when a script should `flush()` now: nothing waits to be written (the lines' reports
    /// can go out at once), the batch is `flushInterval` old, or it holds `batchLines` lines
    /// and writing it is still cheap.
    /// - Parameters:
    ///   - waitingLines: the lines handled since the last flush.
    ///   - secondsSinceFlush: how long ago the last flush was.
    public func isFlushDue(waitingLines: Int, secondsSinceFlush: Double) -> Bool {
        !hasPendingChanges || secondsSinceFlush >= Session.flushInterval
            || (waitingLines >= Session.batchLines && pendingWriteSize <= Session.rewriteRatio * waitingLines)
    }
}

extension Outcome {
    /// True for outcomes that changed the journal or the user's foods: in a script, their report
    /// waits for the save.
    public var isChange: Bool {
        switch self {
        case .logged(let report): !report.dryRun
        case .undone: true
        // A script's own foods are written with its batch too (`addToFoods`).
        case .foodsChanged: true
        case .warned(let outcome, _): outcome.isChange
        default: false
        }
    }
}
