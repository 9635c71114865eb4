import CalorinaFiles

/// Checks the `YYYY-MM-DD` days and `YYYY-MM` months the journal files are keyed by.
///
/// Only real days pass (no 2026-02-30), since the month a date names decides which file an entry is
/// written to, and a file name is hard to take back.
public enum MonthKey {
    /// The month `YYYY-MM` of a day `YYYY-MM-DD`, or nil when `date` is not a real day.
    public static func month(ofDate date: String) -> String? {
        let bytes = Array(date.utf8)
        guard bytes.count == 10, bytes[7] == UInt8(ascii: "-"),
            let (year, month) = yearAndMonth(bytes[0..<7]),
            let day = number(bytes[8..<10]),
            day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        return String(decoding: bytes[0..<7], as: UTF8.self)
    }

    /// Whether `month` is a real month written `YYYY-MM`.
    public static func isMonth(_ month: String) -> Bool {
        let bytes = Array(month.utf8)
        return bytes.count == 7 && yearAndMonth(bytes[0..<7]) != nil
    }

    /// The year (1 to 9999) and month (1 to 12) of `YYYY-MM`.
    private static func yearAndMonth(_ bytes: ArraySlice<UInt8>) -> (year: Int, month: Int)? {
        let start = bytes.startIndex
        guard bytes.count == 7, bytes[start + 4] == UInt8(ascii: "-"),
            let year = number(bytes[start..<start + 4]), year >= 1,
            let month = number(bytes[start + 5..<start + 7]), (1...12).contains(month)
        else { return nil }
        return (year, month)
    }

    /// The value of a run of ASCII digits, or nil if any byte is not one.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
