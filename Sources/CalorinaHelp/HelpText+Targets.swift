import CalorinaJournal
import CalorinaModel
import CalorinaSupport

extension HelpText {
    /// `help goals`: daily targets for the nutrients and water.
    static let targetsPage = """
        Daily targets beside the kcal goal, each with where it comes from:
          goal protein 150 g · goal carbs 40 % · goal sodium under 2300 mg
          goal water 2 l · goal fibre off
          goals
          history 30 protein
        \(HelpText.leastTargets) are least amounts, the rest most ('at least', 'under' say
        otherwise); a % is of the kcal goal. Unset, they default to the US DRI protein RDA
        (0.8 g/kg), IOM ranges for carbs (45-65 %) and fat (20-35 %), the 2020-2025 Dietary
        Guidelines (\(Targets.guidelinesSummary))
        and IOM total water (3.7 l men, 2.7 l women). 'today' shows each; 'week' and 'month'
        count the days met; a day whose foods do not say a nutrient shows '+' or 'n/a'.
        """

    /// The targets that are least amounts unless a line says otherwise, capitalised as a
    /// sentence starts ("Protein, … and water").
    static var leastTargets: String {
        let listed = Format.listed(TargetNutrient.allCases.filter { !$0.isLimitByDefault }.map(\.displayName))
        return listed.prefix(1).uppercased() + listed.dropFirst()
    }
}
