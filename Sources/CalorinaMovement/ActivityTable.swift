/// An activity and its energy cost, from the Compendium of Physical Activities (2011).
public struct Activity: Equatable, Sendable {
    /// `Running, 6 mph (10 min/mile)`.
    public var name: String
    /// Metabolic equivalents: kcal per kg per hour.
    public var met: Double
    /// The Compendium's code, when known.
    public var code: String
    /// The speed the MET value assumes, for distances ("5 km run"); nil when it is not a
    /// distance sport.
    public var speedKmh: Double?

    /// An activity as the table or a caller states it.
    package init(name: String, met: Double, code: String, speedKmh: Double?) {
        self.name = name
        self.met = met
        self.code = code
        self.speedKmh = speedKmh
    }
}

/// The timed activities of the movement table (data/activities.tsv), found by the everyday words
/// that name them.
public final class ActivityTable: Sendable {
    /// Every activity, in the file's order.
    public let activities: [Activity]
    /// The activity each of its words names, keyed (`MovementTable.key`).
    let byWords: [String: Int]

    /// Reads the timed rows of the movement table's text.
    init(text: String) {
        (activities, byWords) = MovementTable.read(text, kind: .timed) { fields, met, _ in
            Activity(name: String(fields[4]), met: met, code: String(fields[3]), speedKmh: Double(fields[5]))
        }
    }

    /// The activities compiled into the program.
    public static let bundled = ActivityTable(text: bundledMovementsText)

    /// The activity the words name: all of them as one phrase, else the longest run of them
    /// that names one ("went for a long run" → run).
    public func find(_ text: String) -> Activity? {
        let words = MovementTable.key(text).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return nil }
        for length in stride(from: words.count, through: 1, by: -1) {
            for start in 0...(words.count - length) {
                if let index = byWords[words[start..<(start + length)].joined(separator: " ")] {
                    return activities[index]
                }
            }
        }
        return nil
    }

    /// The activity of the same kind as `activity` whose speed is nearest `kmh`: "ran 5 km in
    /// 25 min" is running at 12 km/h (7.5 mph), not a plain run's 6 mph. The kind is the name up
    /// to its first comma ("Running"), among the activities named by their speed ("… mph").
    public func atPace(of activity: Activity, kmh: Double) -> Activity {
        guard activity.speedKmh != nil, kmh > 0, let comma = activity.name.firstIndex(of: ",") else { return activity }
        let kind = activity.name[..<comma]
        let bySpeed = activity.name.contains("mph")
        let candidates = activities.filter {
            $0.speedKmh != nil && $0.name.hasPrefix(kind + ",") && $0.name.contains("mph") == bySpeed
        }
        return candidates.min { abs(($0.speedKmh ?? 0) - kmh) < abs(($1.speedKmh ?? 0) - kmh) } ?? activity
    }

    /// Activity words within two edits of the text, for "did you mean".
    public func suggestions(_ text: String, limit: Int = 3) -> [String] {
        MovementTable.suggestions(text, among: byWords.keys, limit: limit)
    }
}
