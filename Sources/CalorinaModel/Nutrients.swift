import CalorinaSupport

/// Fibre, total sugars and saturated fat in grams, and sodium in milligrams; nil where unknown.
public struct Nutrients: Equatable, Sendable {
    public var fiber: Double?
    public var sugars: Double?
    public var saturatedFat: Double?
    public var sodium: Double?

    public init(fiber: Double? = nil, sugars: Double? = nil, saturatedFat: Double? = nil, sodium: Double? = nil) {
        self.fiber = fiber
        self.sugars = sugars
        self.saturatedFat = saturatedFat
        self.sodium = sodium
    }

    /// True when none is known.
    public var isEmpty: Bool { fiber == nil && sugars == nil && saturatedFat == nil && sodium == nil }

    /// Each known value times `factor`.
    public func scaled(by factor: Double) -> Nutrients {
        Nutrients(
            fiber: fiber.map { $0 * factor }, sugars: sugars.map { $0 * factor },
            saturatedFat: saturatedFat.map { $0 * factor }, sodium: sodium.map { $0 * factor })
    }

    /// Each known value rounded to `places` decimals, as an entry keeps its macros (to a tenth).
    public func rounded(places: Int) -> Nutrients {
        Nutrients(
            fiber: fiber.map { Format.rounded($0, places: places) },
            sugars: sugars.map { Format.rounded($0, places: places) },
            saturatedFat: saturatedFat.map { Format.rounded($0, places: places) },
            sodium: sodium.map { Format.rounded($0, places: places) })
    }
}
