/// day = "today" | "yesterday" | iso-date | weekday ;
public enum DayWords {
    /// The day a single word names (not dates).
    public static func day(for word: String) -> DaySpec? {
        switch word {
        case "today": return .today
        case "yesterday": return .yesterday
        default: return weekday(for: word).map(DaySpec.weekday)
        }
    }

    /// weekday = "monday" | "mon" | "tuesday" | "tue" | "tues" | "wednesday" | "wed"
    ///         | "thursday" | "thu" | "thurs" | "friday" | "fri" | "saturday" | "sat"
    ///         | "sunday" | "sun" ;
    package static func weekday(for word: String) -> Int? {
        switch word {
        case "monday", "mon": 1
        case "tuesday", "tue", "tues": 2
        case "wednesday", "wed": 3
        case "thursday", "thu", "thurs": 4
        case "friday", "fri": 5
        case "saturday", "sat": 6
        case "sunday", "sun": 7
        default: nil
        }
    }

    /// The words `weekday(for:)` reads, which `show` reads alone (CommandRegistryTests hold the
    /// two to each other).
    package static let weekdayNames = [
        "monday", "mon", "tuesday", "tue", "tues", "wednesday", "wed", "thursday", "thu", "thurs", "friday", "fri",
        "saturday", "sat", "sunday", "sun",
    ]
}
