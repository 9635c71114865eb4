/// The units a person lives in, said with `set units metric`, `set units imperial` (or `us`) and
/// `set units uk`: how body weights, heights, water and distances are shown, what a weight said
/// without a unit means, and how big a pint is.
///
/// | units    | body weight  | height   | water | distance | goal rate | pint   |
/// |----------|--------------|----------|-------|----------|-----------|--------|
/// | metric   | kg           | cm       | ml    | km       | kg a week | 473 ml |
/// | imperial | lb           | ft, in   | fl oz | miles    | lb a week | 473 ml |
/// | uk       | st and lb    | ft, in   | ml    | miles    | lb a week | 568 ml |
///
/// The UK buys water, milk and drinks by the millilitre and the litre, and beer and milk by the
/// imperial pint (20 imperial fl oz); the US pint is 16 US fl oz. A weight lifted stays in kg in
/// the UK, where gyms weigh in kg, and is in lb in the US.
public enum UnitSystem: String, Codable, Sendable, CaseIterable {
    /// kg, cm, ml, km.
    case metric
    /// US customary units. Kept as `imperial` in `profile.json`, as every release before the UK
    /// setting wrote it, so that a profile of theirs reads as it was.
    case us = "imperial"
    /// The UK's: stones and pounds for a body, imperial pints, quarts, gallons and fl oz.
    case uk

    /// True for the units that give body weights in pounds (stones and pounds in the UK), heights
    /// in feet and inches, distances in miles and goal rates in lb a week.
    public var isImperial: Bool { self != .metric }

    /// The word `set units` shows back: `metric`, `imperial`, `uk`.
    public var name: String {
        switch self {
        case .metric: "metric"
        case .us: "imperial"
        case .uk: "uk"
        }
    }

    /// The units a `set units` word names: `metric`, `imperial`, `us`, `uk`, `british`.
    public init?(word: String) {
        switch word.lowercased() {
        case "metric": self = .metric
        case "imperial", "us": self = .us
        case "uk", "british": self = .uk
        default: return nil
        }
    }
}

extension Unit {
    /// Millilitres in one of the UK's imperial measures, by the unit's name: the pint is 20
    /// imperial fl oz (568 ml, the UK's Weights and Measures Act 1985), the quart two pints, the
    /// gallon eight (4.54609 l exactly), the fl oz 28.4 ml.
    public static let imperialMilliliters: [String: Double] = [
        "fl oz": 28.4130625, "pint": 568.26125, "quart": 1136.5225, "gallon": 4546.09,
    ]

    /// This unit as the UK measures it: a pint, quart, gallon or fl oz is the imperial one; any
    /// other unit is itself.
    public var inUKMeasure: Unit {
        guard case .volume = kind, let milliliters = Unit.imperialMilliliters[name] else { return self }
        return Unit(name, .volume(milliliters: milliliters))
    }
}
