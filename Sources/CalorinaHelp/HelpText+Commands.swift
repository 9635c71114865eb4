import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

// The help pages of the commands that had none, and the words that lead to a page: every command
// word of grammar/calorina.ebnf, every unit and meal word, and every word the help mentions has
// one (HelpTests walks them). Each page: what the command does, 2-4 example lines that parse as
// shown (indented two spaces, several on a line joined by " · "), then a few words more.

extension HelpText {
    /// The page for a word (lowercased): a command word, a topic, or a word that leads to one,
    /// as typed or in the singular ("calories"); nil when none has a page.
    static func lookUp(_ word: String) -> String? {
        if let page = commandPage(word) ?? page(word) { return page }
        let singular = FoodWords.singular(word)
        return commandPage(singular) ?? page(singular)
    }

    /// The page for a command word, or for a word that leads to an existing page (a unit, a meal,
    /// a synonym); nil for other words. Asked before the topics of `page(_:)`.
    static func commandPage(_ word: String) -> String? {
        if let page = CommandTable.page(for: word) { return page }
        if Unit.named(word) != nil || word == "fl oz" { return page("unit") }
        if MealWords.meal(for: word) != nil { return page("meal") }
        return nil
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrapped(_ text: String, width: Int = 92) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }

    static let helpPage = """
        'help' shows the summary; 'help WORD' says more about a command or a topic:
          help
          help units
          ? recipes
        \(wrapped("Every command has a page ('help goal', 'help water'), and so do these topics: " + topics.joined(separator: ", ") + "."))
        """

    static let quitPage = """
        Leave Calorina; everything is saved as you go:
          quit
          exit
        Ctrl-D on an empty line leaves too. Ctrl-C clears the line and stays.
        """

    static let undoPage = """
        Take back a change, or put it back:
          undo · undo any
          redo · redo any
        'undo' takes back your own last change, even after a restart (or one made earlier at the
        same terminal); 'undo any' takes back the last change whoever made it, on this machine or
        another device sharing the data folder, and says whose.
        A setting or goal put back is that field alone, not what another Calorina set since; a
        script or import is one change, even one stopped before its end. A new change empties
        what 'redo' could put back.
        """

    static let searchPage = """
        Look foods up before you log them:
          search pizza
          search greek yogurt
          info banana
        'search' lists the foods whose names hold the words, best first, with kcal per portion,
        numbered: '2' right after it logs the second, 'log 2 200 g lunch' later ('help lists').
        'info' shows one food's kcal, macros, \(Format.listed(Nutrient.others.map(\.label))) per 100 g and per
        portion (n/a where USDA gives no value).
        """

    static let ownFoodsPage = """
        Foods of your own, used before the table's:
          define protein bar = 210 kcal, 20 g protein, 25 g carbs, 8 g fat per bar
          define oat milk = 46 kcal, 0.8 g fibre, 40 mg sodium per 100 ml
          edit food protein bar 12 g fat
          alias oj = orange juice
        Any of kcal, protein, carbs, fat, \(Nutrient.labelled(byUnit: Nutrient.others).joined(separator: ", ")), in any order; no
        kcal: from the macros. Per bar, per bar (60 g), per 100 g, per 100 ml, said last or among
        them ('190 kcal per bar, 4 g fibre'). Logged entries keep theirs. 'info NAME' shows it;
        'foods' lists yours, numbered ('log 2', 'help lists'); 'rename OLD to NEW', 'forget NAME'.
        A whole recipe: 'help recipes'.
        """

    static let goalPage = """
        Your daily kcal goal, set directly or worked out from your profile:
          goal
          goal 1800
          goal lose 0.5
          profile
        'goal' alone shows it and how it is worked out: your maintenance kcal (Mifflin-St Jeor
        and your activity), less or more for the kg a week ('goal gain 0.25 kg a week', 'goal
        maintain'). 'profile' asks for age, sex, height, weight and activity one at a time at a
        terminal; or set them one by one ('help set'). Protein, fibre, sodium, water: 'help goals'.
        """

    static let settingsPage = """
        One setting a line:
          set age 34
          set height 5'10"
          set units uk
          set confirm-over-goal off
        Settings: age, sex (male, female), height (cm, or 5'10"), weight (kg, lb, or 12 st 10),
        goal-weight, units (metric; imperial or us: lb, ft and in, water in fl oz, miles; uk:
        stones and pounds, ft and in, water in ml, miles, and the 568 ml imperial pint),
        activity (sedentary, light, moderate, active, very active), confirm-over-goal (on, off:
        ask before a line crosses the goal), water-goal (ml or l).
        """

    static let weightPage = """
        Log your weight, for today or another day:
          weight 81.2
          weight 180 lb yesterday
          weights
        'weights' shows them, the change and a 7-weighing trend ('help history'); 'set goal-weight
        75' says where you are heading. Your latest weight also works out your goal and exercise.
        """

    static let waterPage = """
        Log what you drink that has no calories:
          water 500 ml
          2 glasses of water
          water + 250 ml yesterday
        'today' shows the day's water against your water goal: 'goal water 2.5 l' (or 'set water-goal
        2.5 l'), else 3.7 l for men and 2.7 l for women, the IOM's total water ('help goals').
        """

    static let exercisePage = """
        Exercise counts against the day's kcal (the day shows net kcal):
          ran 30 min
          5 km run
          3 sets of 10 pushups · 10000 steps
        A time in words counts too ('yoga for an hour', 'half an hour of cycling'). An activity with
        a time or a distance is worked out for your weight ('weight 81.2');
        'burned 300 kcal rowing' takes the number as it is. Sets and reps, holds and steps, and your
        progress ('exercise week'): 'help workouts'.
        """
}
