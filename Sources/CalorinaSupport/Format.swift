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
