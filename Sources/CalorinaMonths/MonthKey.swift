import CalorinaFiles

/// Checks the `YYYY-MM-DD` days and `YYYY-MM` months the journal files are keyed by.
///
/// Only real days pass (no 2026-02-30), since the month a date names decides which file an entry is
/// written to, and a file name is hard to take back.
public enum MonthKey {
    /// The month `YYYY-MM` of a day `YYYY-MM-DD`, or nil when `date` is not a real day.
    public static func month(ofDate date: String) -> String? {
        guard isDate(date.utf8) else { return nil }
        return String(date.utf8.prefix(7))
    }

    /// Whether `bytes` are a real day written `YYYY-MM-DD`: read in one pass, with no copy (a
    /// view of ten years checks 3,650 of them).
    package static func isDate<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var year = 0
        var month = 0
        var day = 0
        var count = 0
        for byte in bytes {
            switch count {
            case 4, 7:
                guard byte == UInt8(ascii: "-") else { return false }
            case 0..<10:
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
                let digit = Int(byte &- UInt8(ascii: "0"))
                switch count {
                case 0..<4: year = year * 10 + digit
                case 5, 6: month = month * 10 + digit
                default: day = day * 10 + digit
                }
            default:
                return false
            }
            count += 1
        }
        return count == 10 && year >= 1 && (1...12).contains(month) && day >= 1
            && day <= daysIn(month: month, year: year)
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
