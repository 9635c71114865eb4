/// A record that keeps each nutrient in a field of its own, as its file format spells them (an
/// entry, one of your foods): read and written by `Nutrient` through the one subscript here.
public protocol NutrientFields {
    var protein: Double? { get set }
    var carbs: Double? { get set }
    var fat: Double? { get set }
    var fiber: Double? { get set }
    var sugars: Double? { get set }
    var saturatedFat: Double? { get set }
    var sodium: Double? { get set }
}

extension NutrientFields {
    /// What it keeps of `nutrient`; nil where unknown.
    @inlinable
    public subscript(nutrient: Nutrient) -> Double? {
        get {
            switch nutrient {
            case .protein: protein
            case .carbs: carbs
            case .fat: fat
            case .fiber: fiber
            case .sugars: sugars
            case .saturatedFat: saturatedFat
            case .sodium: sodium
            }
        }
        set {
            switch nutrient {
            case .protein: protein = newValue
            case .carbs: carbs = newValue
            case .fat: fat = newValue
            case .fiber: fiber = newValue
            case .sugars: sugars = newValue
            case .saturatedFat: saturatedFat = newValue
            case .sodium: sodium = newValue
            }
        }
    }

    /// The nutrients besides energy and the macros, together (`Nutrient.others`; the macros nil).
    @inlinable
    public var nutrients: Nutrients {
        get { Nutrients { $0.isMacro ? nil : self[$0] } }
        set { for nutrient in Nutrient.others { self[nutrient] = newValue[nutrient] } }
    }
}
