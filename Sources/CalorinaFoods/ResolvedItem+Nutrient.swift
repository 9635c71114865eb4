import CalorinaModel

extension ResolvedItem {
    /// What it holds of `nutrient`: a macro from its own field, any other from `nutrients`.
    public subscript(nutrient: Nutrient) -> Double? {
        switch nutrient {
        case .protein: protein
        case .carbs: carbs
        case .fat: fat
        default: nutrients[nutrient]
        }
    }
}
