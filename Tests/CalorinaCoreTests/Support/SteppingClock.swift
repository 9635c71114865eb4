/// The clock of simulated devices sharing a folder: each reading one millisecond after the last,
/// so that changes are ordered as the test makes them, whichever device makes them.
final class SteppingClock {
    private var milliseconds: Int64

    init(from start: Int64 = 1_764_000_000_000) {
        milliseconds = start
    }

    /// The last reading, read again (a device that makes no change).
    var last: Int64 { milliseconds }

    /// The next reading: a millisecond later than the last.
    func next() -> Int64 {
        milliseconds += 1
        return milliseconds
    }
}
