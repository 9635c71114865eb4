/// Number formatting shared by messages and reports: no `NumberFormatter`, no locale surprises.
public enum Format {
    /// `items` as a sentence lists them: `a`, `a and b`, `a, b and c`.
    public static func listed(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `2`, `1.5`, `0.33`: at most two decimals, no trailing zeros.
    public static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// `1,685`: a whole number with thousands separators.
    public static func integer(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 9e18 else { return value.isFinite ? String(value) : "?" }
        let whole = Int(value.rounded())
        // Written from the last digit back into a small buffer: a view of ten years writes
        // thousands of these (issue 15).
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var index = buffer.count
            var rest = whole.magnitude
            var digits = 0
            repeat {
                if digits > 0, digits % 3 == 0 {
                    index -= 1
                    buffer[index] = UInt8(ascii: ",")
                }
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                digits += 1
            } while rest > 0
            if whole < 0 {
                // U+2212 MINUS SIGN.
                index -= 3
                buffer[index] = 0xE2
                buffer[index + 1] = 0x88
                buffer[index + 2] = 0x92
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[index...]), as: UTF8.self)
        }
    }

    /// `248 g`, `1.5 g`.
    public static func grams(_ value: Double) -> String {
        value >= 10 ? "\(integer(value)) g" : "\(number(value)) g"
    }

    /// A body weight in the person's units, to a tenth: `81.2 kg`, `180 lb`, `12 st 10.4 lb`.
    public static func weight(kilograms kg: Double, units: UnitSystem) -> String {
        switch units {
        case .metric: return "\(number(rounded(kg, places: 1))) kg"
        case .us: return "\(number(rounded(kg / Unit.kilogramsPerPound, places: 1))) lb"
        case .uk: return stones(pounds: kg / Unit.kilogramsPerPound)
        }
    }

    /// Stones and pounds, as the UK weighs a body: `12 st 10 lb`, `12 st 10.4 lb`, `11 st`; under
    /// a stone, pounds alone (`9.5 lb`).
    public static func stones(pounds: Double) -> String {
        let tenths = Int((pounds.magnitude * 10).rounded())
        let sign = pounds < 0 ? "\u{2212}" : ""
        let stones = tenths / 140
        let rest = Double(tenths % 140) / 10
        if stones == 0 { return "\(sign)\(number(rest)) lb" }
        return "\(sign)\(stones) st" + (rest == 0 ? "" : " \(number(rest)) lb")
    }

    /// A weight lifted, in the person's units: lb in the US, kg elsewhere (UK gyms weigh in kg).
    public static func load(kilograms kg: Double, units: UnitSystem) -> String {
        weight(kilograms: kg, units: units == .us ? .us : .metric)
    }

    /// A height in the person's units: `168 cm`, `5 ft 6 in` (to the nearest inch).
    public static func height(centimeters cm: Double, units: UnitSystem) -> String {
        guard units.isImperial else { return "\(integer(cm)) cm" }
        let inches = Int((cm / Unit.centimetersPerInch).rounded())
        return "\(inches / 12) ft \(inches % 12) in"
    }

    /// Water in the person's units, without the unit: millilitres, or US fl oz with `us` units.
    public static func water(milliliters ml: Double, units: UnitSystem) -> String {
        units == .us ? integer(ml / Unit.fluidOunceMilliliters) : integer(ml)
    }

    /// The unit `water(milliliters:units:)` counts in: `ml` or `fl oz`.
    public static func waterUnit(_ units: UnitSystem) -> String {
        units == .us ? "fl oz" : "ml"
    }

    /// A distance in the person's units, to a tenth: `7.2 km`, `4.5 mi`.
    public static func distance(kilometers km: Double, units: UnitSystem) -> String {
        units.isImperial
            ? "\(number(rounded(km / 1.609344, places: 1))) mi" : "\(number(rounded(km, places: 1))) km"
    }

    /// The value rounded to a number of decimal places.
    public static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
