import CalorinaModel
import CalorinaSupport

/// `log 2 200 g breakfast`, or `2` alone right after a list: an item of the last numbered list
/// Calorina printed (`search`, `suggest`, `foods`, the candidates of words that fit several
/// foods), with an amount and a meal when the line gives them.
///
/// The parser cannot know whether a list was shown: it reads the shape, and the session decides.
/// With `log` the number is always an item; without it (`isBare`), only when the line right
/// before printed a list that has that many items, and otherwise the line means what it meant
/// before picking existed (today that is always an error, "missing food after '2'").
public struct PickCommand: Equatable, Sendable {
    /// The item's number, as printed (1 is the first).
    public var number: Int
    /// Where the number stands.
    public var numberRange: SourceRange
    /// True when the line has no `log` before the number.
    public var isBare: Bool
    /// The count of the amount (`200` in `log 2 200 g`); nil for the food's own portion.
    public var count: Double?
    /// The unit after the count, if any.
    public var unit: Unit?
    /// The unit as typed (`grams`, `fl oz`).
    public var unitWord: String?
    /// Where the amount stands, when there is one.
    public var amountRange: SourceRange?
    /// The meal named on the line, if any; otherwise the time of day chooses.
    public var meal: Meal?
    /// The day named on the line, if any; otherwise the day being edited.
    public var day: DaySpec?

    /// Creates a pick.
    public init(
        number: Int, numberRange: SourceRange, isBare: Bool, count: Double? = nil, unit: Unit? = nil,
        unitWord: String? = nil, amountRange: SourceRange? = nil, meal: Meal? = nil, day: DaySpec? = nil
    ) {
        self.number = number
        self.numberRange = numberRange
        self.isBare = isBare
        self.count = count
        self.unit = unit
        self.unitWord = unitWord
        self.amountRange = amountRange
        self.meal = meal
        self.day = day
    }

    /// True when the line gave an amount.
    public var hasAmount: Bool { count != nil || unit != nil }

    /// `pick 2 log meal=breakfast | 200 g`: for golden tests and grammar/examples.
    public var summary: String {
        var head = "pick \(number)" + (isBare ? "" : " log")
        if let meal { head += " meal=\(meal.rawValue)" }
        if let day { head += " day=\(day.summary)" }
        guard hasAmount else { return head }
        var amount: [String] = []
        if let count { amount.append(Format.number(count)) }
        if let unit { amount.append(unit.name) }
        return head + " | " + amount.joined(separator: " ")
    }
}
