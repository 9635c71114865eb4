import CalorinaDocuments
import CalorinaFiles
import CalorinaModel
import CalorinaMonths
import CalorinaSupport

// The goal's history. The daily goal is worked out from the profile (a number of one's own, or
// maintenance plus a strategy), so it moves whenever the strategy, the profile or the newest
// weight does. A day is judged against the goal that was in force on it: the profile keeps each
// earlier goal with the last day it held, and the goal worked out now holds from the day after
// the last of them. A profile written before there was a history (version 1) has none, and its
// goal holds for every day until the first change is kept.

/// A goal that was in force before the present one.
public struct PastGoal: Codable, Equatable, Sendable {
    /// The daily goal, kcal.
    public var kcal: Double
    /// `YYYY-MM-DD`: the last day judged against it (from the day after the one before it, or
    /// from the beginning for the first).
    public var lastDay: String
}

/// The goals of a profile by day, for looking many days up: the past goals sorted by their last
/// day, searched by halves.
public struct GoalTimeline: Sendable {
    /// Days since 1970-01-01 of each past goal's last day, ascending.
    private let lastDays: [Int]
    private let kcal: [Double]
    /// The goal after the last past goal.
    public let present: Double

    /// The timeline of a profile's past goals, then `present`. A past goal whose last day is
    /// not a date (a file edited by hand) is left out.
    public init(_ profile: Profile, present: Double) {
        let goals = (profile.pastGoals ?? []).compactMap { goal in
            CivilDate(goal.lastDay).map { (day: $0.daysSinceEpoch, kcal: goal.kcal) }
        }.sorted { $0.day < $1.day }
        lastDays = goals.map(\.day)
        kcal = goals.map(\.kcal)
        self.present = present
    }

    /// The goal in force on `date`: that of the first past goal whose last day is not before
    /// it, else the present one.
    public func goal(on date: CivilDate) -> Double {
        let day = date.daysSinceEpoch
        var low = 0
        var high = lastDays.count
        while low < high {
            let middle = (low + high) / 2
            if lastDays[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low < kcal.count ? kcal[low] : present
    }
}

extension Profile {
    /// The goal a day is judged against: the past goal in force on it, else `present`, the goal
    /// worked out from the profile now.
    public func goalKcal(on date: CivilDate, present: Double) -> Double {
        guard let pastGoals, !pastGoals.isEmpty else { return present }
        return GoalTimeline(self, present: present).goal(on: date)
    }

    /// The goal worked out from the profile alone, as the history keeps it (to a tenth of a kcal).
    var workedOutGoal: Double {
        Format.rounded(Energy.goal(self, weightKg: weightKg).kcal, places: 1)
    }

    /// Keeps the goal of `before` as a past goal when this profile, changed from it today,
    /// works out to another goal: the old one stays in force up to yesterday, the new one holds
    /// from today. Changed again the same day, the goal of the morning held no whole day and is
    /// not kept.
    public mutating func keepGoalHistory(before: Profile, today: CivilDate) {
        let old = before.workedOutGoal
        guard workedOutGoal != old else { return }
        let yesterday = today.adding(days: -1).description
        var kept = pastGoals ?? []
        if let last = kept.last, last.lastDay >= yesterday { return }
        kept.append(PastGoal(kcal: old, lastDay: yesterday))
        pastGoals = kept
        version = max(version, Profile.baseVersion)
    }
}
