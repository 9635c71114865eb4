import CalorinaModel

/// meal = "breakfast" | "lunch" | "dinner" | "supper" | "snack" | "snacks"
///      | "brekkie" | "brekky" | "brkfst" | "bfast" | "b'fast" | "brunch"   (* breakfast *)
///      | "lnch" | "luncheon" | "dinr" | "dinnr" | "diner" ;
public enum MealWords {
    /// The meal a word names.
    public static func meal(for word: String) -> Meal? {
        switch word {
        case "breakfast", "brekkie", "brekky", "brkfst", "bfast", "b'fast", "brunch": .breakfast
        case "lunch", "lnch", "luncheon": .lunch
        case "dinner", "supper", "dinr", "dinnr", "diner": .dinner
        case "snack", "snacks": .snack
        default: nil
        }
    }
}
