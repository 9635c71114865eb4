/// Number formatting shared by messages and reports: no `NumberFormatter`, no locale surprises.
public enum Format {
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
        guard value.isFinite else { return "?" }
        let whole = Int(value.rounded())
        let digits = Array(String(abs(whole)).utf8)
        if digits.count <= 3 { return whole < 0 ? "−" + String(-whole) : String(whole) }
        var grouped: [UInt8] = []
        grouped.reserveCapacity(digits.count + digits.count / 3)
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
            grouped.append(digit)
        }
        let text = String(decoding: grouped, as: UTF8.self)
        return whole < 0 ? "−" + text : text
    }

    /// `248 g`, `1.5 g`.
    public static func grams(_ value: Double) -> String {
        value >= 10 ? "\(integer(value)) g" : "\(number(value)) g"
    }

    /// A body weight in the person's units, to a tenth: `81.2 kg`, `180 lb`.
    public static func weight(kilograms kg: Double, imperial: Bool) -> String {
        imperial
            ? "\(number(rounded(kg / Unit.kilogramsPerPound, places: 1))) lb" : "\(number(rounded(kg, places: 1))) kg"
    }

    /// A height in the person's units: `168 cm`, `5 ft 6 in` (to the nearest inch).
    public static func height(centimeters cm: Double, imperial: Bool) -> String {
        guard imperial else { return "\(integer(cm)) cm" }
        let inches = Int((cm / Unit.centimetersPerInch).rounded())
        return "\(inches / 12) ft \(inches % 12) in"
    }

    /// The value rounded to a number of decimal places.
    public static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
