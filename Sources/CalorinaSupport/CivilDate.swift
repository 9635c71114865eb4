/// A calendar date with no time zone: what a journal day is keyed by.
///
/// Arithmetic uses days since 1970-01-01 (Howard Hinnant's civil-date algorithms), so it needs no
/// `Calendar` and costs nothing at start-up.
public struct CivilDate: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    /// Creates a date; `nil` when it is not on the calendar (2026-02-30) or out of range.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        // Byte by byte: dates are read for every entry a script logs.
        var digits: [Int] = []
        digits.reserveCapacity(8)
        var position = 0
        for byte in text.utf8 {
            if position == 4 || position == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                digits.append(Int(byte - UInt8(ascii: "0")))
            }
            position += 1
            if position > 10 { return nil }
        }
        guard position == 10 else { return nil }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        self.init(year: year, month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
    }

    /// The date `days` days since 1970-01-01.
    public init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        return ((days % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// `YYYY-MM`, the key of the month's journal file.
    public var monthKey: String { digits(withDay: false) }

    /// `YYYY-MM-DD`.
    public var description: String { digits(withDay: true) }

    /// `YYYY-MM` or `YYYY-MM-DD`, written digit by digit: a view of ten years writes thousands
    /// of them, and joining strings cost more than the rest of a line (issue 15).
    private func digits(withDay: Bool) -> String {
        guard (0...9999).contains(year) else {
            return String(format4(year)) + "-" + format2(month) + (withDay ? "-" + format2(day) : "")
        }
        return String(unsafeUninitializedCapacity: withDay ? 10 : 7) { buffer in
            let zero = UInt8(ascii: "0")
            func put(_ value: Int, at index: Int) {
                buffer[index] = zero + UInt8(value / 10)
                buffer[index + 1] = zero + UInt8(value % 10)
            }
            put(year / 100, at: 0)
            put(year % 100, at: 2)
            buffer[4] = UInt8(ascii: "-")
            put(month, at: 5)
            guard withDay else { return 7 }
            buffer[7] = UInt8(ascii: "-")
            put(day, at: 8)
            return 10
        }
    }

    /// `Sun 22 Nov`.
    public var shortDisplay: String {
        "\(weekdayAbbreviation) \(day) \(Self.monthAbbreviations[month - 1])"
    }

    /// `Sun`.
    public var weekdayAbbreviation: String { Self.weekdayAbbreviations[weekday - 1] }

    private static let weekdayAbbreviations = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The months' names in English, January first.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `November`: the name of the date's month.
    public var monthName: String { CivilDate.monthNames[month - 1] }

    /// `Thu 1 Jan 1970`: the short display with the year, for a day of another year.
    public var longDisplay: String { shortDisplay + " \(year)" }

    /// The short display, with the year when it is not `today`'s.
    public func display(today: CivilDate) -> String { year == today.year ? shortDisplay : longDisplay }

    /// The first day a line may name: earlier ones are no day of a person's life.
    public static let earliestDay = CivilDate(daysSinceEpoch: -25_567)  // 1900-01-01

    /// The last day a line may name, a year after `today` (the 28th for the 29th of February):
    /// far enough to plan, not so far that a mistyped year is taken for a day.
    public static func latestDay(today: CivilDate) -> CivilDate {
        CivilDate(year: today.year + 1, month: today.month, day: today.day)
            ?? CivilDate(year: today.year + 1, month: today.month, day: 28) ?? today.adding(days: 365)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private func format2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    private func format4(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }
}
