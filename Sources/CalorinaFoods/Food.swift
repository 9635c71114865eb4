import CalorinaDocuments
import CalorinaFiles
import CalorinaModel
import CalorinaMonths
import CalorinaSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a bundled food's numbers come from.
public enum FoodSource: String, Equatable, Sendable {
    /// USDA FNDDS 2021-2023: foods and dishes as Americans eat them.
    case fndds
    /// USDA SR28 (Standard Reference, release 28): foods as they are bought and cooked with.
    case sr28

    /// The source of a table code: SR28 NDB numbers have at most five digits, FNDDS codes eight.
    public init(code: Int) {
        self = code < 100_000 ? .sr28 : .fndds
    }

    /// The source and the code as a person can look it up: `USDA SR28 #02010`,
    /// `USDA FNDDS 2021-2023 #56202960`.
    public func citation(code: Int) -> String {
        switch self {
        case .sr28:
            let digits = String(code)
            return "USDA SR28 #" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
        case .fndds:
            return "USDA FNDDS 2021-2023 #\(code)"
        }
    }
}

/// A food a line can log: from the bundled USDA tables, or (later) the user's own.
public struct Food: Equatable, Sendable {
    /// The USDA code: an FNDDS food code (eight digits) or an SR28 NDB number (at most five).
    public var code: Int
    /// USDA's main description, e.g. `Oatmeal, NFS`.
    public var name: String
    /// The WWEIA category number (FNDDS), or 100,000 + the SR28 food group code.
    public var category: Int
    /// Energy per 100 g.
    public var kcalPer100g: Double
    /// Grams of protein per 100 g.
    public var proteinPer100g: Double
    /// Grams of carbohydrate per 100 g.
    public var carbsPer100g: Double
    /// Grams of fat per 100 g.
    public var fatPer100g: Double
    /// The nutrients besides the macros (`Nutrient.others`) per 100 g, each in its unit; nil where the table
    /// has no value (SR28 leaves some blank), never zero.
    public var nutrientsPer100g: Nutrients

    // Synonyms and portions are kept as the table writes them and split when asked for, so that
    // loading the table makes two strings per food instead of a dozen.
    private var synonymsText: String
    private var portionsText: String
    /// The portions already split, in a copy made by `withPortionsParsed()`.
    private var parsedPortions: [Portion]?

    /// USDA's additional descriptions: synonyms and brands (`Coca Cola`, `Coke`, `Pepsi`).
    public var synonyms: [String] {
        get { synonymsText.isEmpty ? [] : synonymsText.components(separatedBy: "; ") }
        set { synonymsText = newValue.joined(separator: "; ") }
    }

    /// The portions USDA weighs for this food, in USDA's order.
    public var portions: [Portion] {
        get { parsedPortions ?? Food.parsePortions(portionsText) }
        set {
            portionsText = Food.portionsText(newValue)
            parsedPortions = nil
        }
    }

    /// The food with its portions split once, for code that asks for them again and again.
    package func withPortionsParsed() -> Food {
        guard parsedPortions == nil else { return self }
        var copy = self
        copy.parsedPortions = Food.parsePortions(portionsText)
        return copy
    }

    public static func == (lhs: Food, rhs: Food) -> Bool {
        lhs.code == rhs.code && lhs.name == rhs.name && lhs.category == rhs.category
            && lhs.kcalPer100g == rhs.kcalPer100g && lhs.proteinPer100g == rhs.proteinPer100g
            && lhs.carbsPer100g == rhs.carbsPer100g && lhs.fatPer100g == rhs.fatPer100g
            && lhs.nutrientsPer100g == rhs.nutrientsPer100g
            && lhs.synonymsText == rhs.synonymsText && lhs.portionsText == rhs.portionsText
    }

    /// Creates a food.
    public init(
        code: Int, name: String, synonyms: [String], category: Int, kcalPer100g: Double,
        proteinPer100g: Double, carbsPer100g: Double, fatPer100g: Double, nutrientsPer100g: Nutrients = Nutrients(),
        portions: [Portion]
    ) {
        self.init(
            code: code, name: name, synonymsText: synonyms.joined(separator: "; "), category: category,
            kcalPer100g: kcalPer100g, proteinPer100g: proteinPer100g, carbsPer100g: carbsPer100g,
            fatPer100g: fatPer100g, nutrientsPer100g: nutrientsPer100g, portionsText: Food.portionsText(portions))
    }

    /// Creates a food from the table's own text: synonyms joined by "; ", portions as
    /// "description@grams" joined by "|".
    init(
        code: Int, name: String, synonymsText: String, category: Int, kcalPer100g: Double,
        proteinPer100g: Double, carbsPer100g: Double, fatPer100g: Double, nutrientsPer100g: Nutrients,
        portionsText: String
    ) {
        self.code = code
        self.name = name
        self.synonymsText = synonymsText
        self.category = category
        self.kcalPer100g = kcalPer100g
        self.proteinPer100g = proteinPer100g
        self.carbsPer100g = carbsPer100g
        self.fatPer100g = fatPer100g
        self.nutrientsPer100g = nutrientsPer100g
        self.portionsText = portionsText
    }

    private static func portionsText(_ portions: [Portion]) -> String {
        portions.map { portion in
            portion.description.replacingAll("|", with: "/") + "@" + String(portion.grams)
        }.joined(separator: "|")
    }

    /// "description@grams" joined by "|", read byte by byte ("|" and "@" are ASCII, so they never
    /// fall inside another character).
    private static func parsePortions(_ text: String) -> [Portion] {
        guard !text.isEmpty else { return [] }
        var portions: [Portion] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var at: Int?
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "|")
                if byte == UInt8(ascii: "@") {
                    at = index
                } else if byte == UInt8(ascii: "|") {
                    if let at, at >= start,
                        let grams = BundledTableReader.decimal(bytes[(at + 1)..<index])
                    {
                        portions.append(
                            Portion(
                                description: String(
                                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self),
                                grams: grams))
                    }
                    start = index + 1
                    at = nil
                }
            }
        }
        return portions
    }

    /// Which USDA table the food is from.
    public var source: FoodSource { FoodSource(code: code) }

    /// USDA's default portion, "Quantity not specified", when the food has one.
    public var defaultPortion: Portion? {
        portions.first { $0.description == "Quantity not specified" }
    }

    /// The part of the name before the first comma, without brand parentheses: what the food is.
    /// "Cookie, oatmeal" is a cookie; "Big Mac (McDonalds)" is a big mac.
    public var head: String {
        var head = Substring(name.split(separator: ",", maxSplits: 1).first ?? Substring(name))
        if let open = head.firstIndex(of: "(") { head = head[..<open] }
        return String(head).trimmed
    }
}

/// A weighed portion of a food: `1 cup` = 240 g.
public struct Portion: Equatable, Sendable {
    /// USDA's description, e.g. `1 cup, cooked`, `1 medium`, `Quantity not specified`.
    public var description: String
    /// Edible grams.
    public var grams: Double

    /// Creates a portion.
    public init(description: String, grams: Double) {
        self.description = description
        self.grams = grams
    }
}
