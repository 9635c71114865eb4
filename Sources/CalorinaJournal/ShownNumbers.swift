/// The numbers a terminal was shown for a day (issue 27): `delete 5` names the fifth entry the
/// terminal showed, never the one another writer moved into fifth place since. At a terminal the
/// session keeps, for each day it showed, the ids in the order it numbered them; its own changes
/// keep that order up to date, and a change it did not make (another Calorina's, seen when it
/// next reads the day) makes a numbered command refuse until the day is shown again.
package struct ShownNumbers {
    /// No day shown yet.
    package init() {}

    /// A day as last shown: its entries' ids in their numbered order, and whether a writer other
    /// than this session changed it since.
    struct Day {
        var ids: [String]
        var changedElsewhere = false
    }

    private var days: [String: Day] = [:]

    /// The day was shown: its numbers are these from now on.
    package mutating func shown(_ ids: [String], on day: String) {
        days[day] = Day(ids: ids)
    }

    /// True when the day was shown at this terminal.
    package func wasShown(_ day: String) -> Bool { days[day] != nil }

    /// This session changed the day from `before` to `after` (each as numbered): the numbers
    /// shown follow, and when `before` is not what was shown, another writer changed the day
    /// unseen in between.
    package mutating func changed(_ day: String, from before: [String], to after: [String]) {
        guard var shown = days[day] else { return }
        if shown.ids != before { shown.changedElsewhere = true }
        shown.ids = after
        days[day] = shown
    }

    /// True when numbers typed for the day name the entries shown: the day was never shown here,
    /// or it is as it was shown and no other writer changed it in between.
    package func numbersHold(on day: String, now ids: [String]) -> Bool {
        guard let shown = days[day] else { return true }
        return !shown.changedElsewhere && shown.ids == ids
    }
}
