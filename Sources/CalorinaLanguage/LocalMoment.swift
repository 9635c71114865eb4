import CalorinaModel
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local date and time of day: what decides today and the meal the time suggests.
public struct LocalMoment: Equatable, Sendable {
    /// The local date.
    public var date: CivilDate
    /// 0–23.
    public var hour: Int
    /// 0–59.
    public var minute: Int
}

extension LocalMoment {
    /// Parses `YYYY-MM-DDTHH:MM[:SS]` (the `CALORINA_NOW` form); a date alone means noon.
    public init?(_ text: String) {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard let first = parts.first, let date = CivilDate(first) else { return nil }
        var hour = 12
        var minute = 0
        if parts.count == 2 {
            let clock = parts[1].split(separator: ":")
            guard clock.count >= 2, let h = Int(clock[0]), let m = Int(clock[1]), (0..<24).contains(h),
                (0..<60).contains(m)
            else { return nil }
            hour = h
            minute = m
        }
        self.init(date: date, hour: hour, minute: minute)
    }

    /// Now, on this machine's clock and time zone.
    public static func current() -> LocalMoment {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        let date = CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        return LocalMoment(
            date: date ?? CivilDate(daysSinceEpoch: Int(seconds) / 86_400), hour: Int(parts.tm_hour),
            minute: Int(parts.tm_min))
    }

    /// `HH:MM`.
    public var clockText: String {
        (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// The meal this time of day suggests: breakfast until 10:59, lunch until 14:59, a snack
    /// until 16:59, dinner until 21:59, then a snack.
    public var suggestedMeal: Meal {
        switch hour {
        case 4..<11: .breakfast
        case 11..<15: .lunch
        case 15..<17: .snack
        case 17..<22: .dinner
        default: .snack
        }
    }
}
