import CalorinaLanguage
import CalorinaModel
import CalorinaSupport

/// The help the `help` command shows: a summary, and a page per topic.
public enum HelpText {
    /// What `import FILE --map` takes, as the second column of the import page shows it: each
    /// key besides those needed, a nutrient's as its name is shown (`ImportField.shownKey`),
    /// wrapped to the column.
    static var mapKeysText: String {
        let keys = ImportField.allCases.filter { !ImportField.required.contains($0) }.map { field in
            field.nutrient.map(ImportField.shownKey) ?? field.rawValue
        }
        let text =
            "any CSV, its columns named: date, food and kcal, and \(keys.joined(separator: ", ")); dates "
            + "YYYY-MM-DD, MM/DD/YYYY (month first), DD.MM.YYYY or YYYY/MM/DD"
        return wrapped(text, width: 53).split(separator: "\n").joined(
            separator: "\n" + String(repeating: " ", count: 28))
    }

    /// The topics `help TOPIC` knows.
    public static let topics = [
        "log", "sentences", "recipes", "amounts", "units", "meals", "days", "calories", "edit", "commands",
        "scripts", "history", "files", "exercise", "lists", "questions", "devices",
    ]

    /// The text for a topic, or the summary when `topic` is nil or unknown.
    public static func text(for topic: String?) -> String {
        guard let topic, let page = lookUp(topic.trimmed.lowercased()) else {
            let list = topics.joined(separator: ", ")
            return summary
                + (topic.map { "\n\n" + wrapped("No help on '\($0)': try a command above, or one of \(list).") } ?? "")
        }
        return page
    }

    static let summary = """
        Type what you ate, the way you would say it:
          2 servings oatmeal breakfast
          1 cup orange juice and a banana
          big mac lunch
          burger 650 kcal dinner
          2 eggs yesterday

        Commands:
        \(CommandTable.summaryText)

        \(wrapped("'help WORD' says more about each command, and these topics: " + topics.joined(separator: ", ") + "."))
        Ask as you would ask: 'how many calories do I have left', 'what did I eat yesterday',
        'how much protein this week', 'how many calories in a big mac' ('help questions').
        TAB completes food names, units, meals, commands and questions.
        Lists are numbered (search, suggest, foods): '2' right after one logs its second food,
        'log 2 200 g lunch' any time later ('help lists').
        """

    static func page(_ topic: String) -> String? {
        switch topic {
        case "log", "food", "logging":
            return """
                A log line names one or more foods, each with an optional amount:
                  2 eggs and 2 slices of toast
                  eggs, bacon, coffee
                  1 cup orange juice + a banana
                Join foods with 'and', ',', '+', '&' or 'with'. Each line says what it logged:
                the food it found, the portion, the grams and the kcal.
                What is added to a food gets the amount usually added: 'coffee with milk' is a
                splash of milk, 'cereal with milk' half a cup, 'tea with 2 sugars' 2 tsp; a
                filling a filling's ('a jacket potato with tuna mayo': 100 g), and a cut nut or
                cheese said alone a topping's ('crushed peanuts': 2 tbsp). 'a pizza' is a whole
                one, '2 pizza' two slices; 'a large popcorn' a cinema's large.
                Whole sentences work too: see 'help sentences'; recipe lines: 'help recipes'.
                """
        case "sentence", "phrasing", "sentences":
            return """
                Say it as you would say it:
                  for lunch I had a turkey sandwich and an apple
                  I ate 2 eggs this morning · had a burger last night · a latte at 10
                  breakfast was porridge with honey · dinner - salmon, rice, broccoli
                'I had', 'just', 'some' and where you were ('at the cafe') are left out, and
                so is the chain or shop it came from ('costa latte', 'a blt from tesco'), but
                a chip shop, a cinema or a takeaway says the portion ('chips from the chippy',
                'chow mein from the chinese': a tub of 2 cups), and a pizza chain the dish
                ('2 slices of dominos pepperoni'). A chain alone ('taco bell') asks with its
                items; 'tandoori chicken pizza' is a pizza of that kind. What a
                food has or lacks is part of it ('orange juice with added calcium', 'with no
                gravy'), and a dish with its filling one food ('scrambled eggs with cheese and
                meat'). The time says the meal ('this morning', 'tonight', 'at 12:30'), and
                'last night' the day too. 'shared a pizza' is half of one; 'a glass of red' is red wine,
                'double whisky' two shots, 'BLT on wheat' one sandwich.
                A meal told as a story is read for its foods:
                  For supper I savoured a hearty bowl of beef stew, paired with a warm roll.
                is 'dinner: a bowl of beef stew, a roll'. A sentence that names another
                meal starts its foods: 'For lunch I had soup. For dinner I had a steak.'
                is 'lunch: soup; dinner: a steak', each logged at its meal.
                'I savoured', 'my snack consisted of', 'to start my day', connectives ('paired
                with', 'alongside', 'complemented by'), comments ('which hit the spot') and
                words of taste and warmth ('delicious', 'warm', 'refreshing') are left out;
                'a 240 g bowl of chili' is 240 g of chili; 'a burrito stuffed with meat
                and beans' is one burrito, what fills it its own; 'a small single serving
                bag of chips' USDA's small bag. 'half a pizza' and 'a whole
                baguette' are of a whole one; 'a big bowl' is a large one (1.34 bowls).
                A one-dish meal is logged as served: 'pho' is a served bowl of 3 cups
                ('1 cup pho' is a cup), 'a large pho' 1.34 of it; the entry says so.
                'a loaf of bread' is 800 g, 'a carton of orange juice' 1 l, 'a tub of
                hummus' 200 g, 'a tin of beans' a 400 g tin, 'a sharing bag of crisps'
                150 g; 'a whole tub of' is the tub, 'a whole pizza to myself' a whole one;
                'takeaway pizza' is a whole one.
                The words left out are listed in the grammar ('prose').
                """
        case "recipe", "recipes", "ingredient", "ingredients":
            return """
                Ingredient lines as recipes print them log as they are:
                  1 (14 oz) can diced tomatoes · 200g/7oz plain flour · ½ cup (125 ml) milk
                  2-3 tbsp olive oil (the middle is used) · 1 red onion, finely chopped
                  salt and pepper to taste · juice of 1 lemon · a pinch of salt
                  2 15-oz cans black beans · 4 cod fillets · 2 cups broccoli florets
                  500g/1lb 2oz onions · 1 cup plus 2 tbsp sugar · 1 3-pound chicken
                  6 lamb chops, about 2 pounds · 4 chicken thighs, each about 150g
                  pinch saffron · 4–5 sprigs thyme · 2cm piece ginger · 2 Tb butter
                  jasmine or long-grain rice (the first; the next when the first is unknown)
                  1 can ACME® Kidney Beans (the brand names no food) · 3 ribs celery
                  zest and juice of 2 limes · 1 lime, grated zest and juice
                Said cut or readied ('2 cups chopped kale', '1 kg potatoes, peeled'), a food is
                the raw one, as a recipe buys it. Notes (', sliced lengthways', ' - crushed')
                and words that only say how a food was readied ('grated', 'peeled') name no
                food; a food 'to taste' is a pinch of it, and a pinch of pepper is the spice.
                A length says how to cut, never how much; a second amount at the end ('1 tsp
                vanilla 5 mL') is the first again. A count of small parts is of the part
                ('24 cilantro leaves', '12 cardamom pods', '1 monkfish fillet'), weighed by
                USDA's portion or a part weight; a part nothing weighs asks ('3 vanilla pods').
                British words and spellings are read as USDA's: courgette, aubergine, beef
                mince, double cream, caster sugar, semi-skimmed milk, vanilla essence, purée.
                With 'set units uk', or a word only Britain uses in the line ('crisps',
                'cuppa', 'a tin of'), chips are chip-shop chips, a biscuit a sweet one,
                squash the drink, beans baked beans; where the two weigh far apart and the
                line does not say ('a bag of chips', 'a milky way'), it asks. Dishes of
                several foods log as one entry with their parts: a full english, a cuppa, a
                scotch egg, chip butty.
                Keep a whole recipe: type 'recipe chili serves 6', then paste its ingredient
                lines, then an empty line. Nothing is saved until every line can be read: at a
                terminal each that cannot is asked about again (retype it, or 'skip' / Enter to
                leave it out); a script lists each at its own line. '1 serving chili' is then a
                sixth of it.
                From a file: calorina recipe chili serves 6 < ingredients.txt
                'info chili' adds up its items' kcal, macros and nutrients, per recipe and per
                serving; a sum some items do not know is shown as 'at least', naming them.
                """
        case "amount", "quantity", "number":
            return """
                Amounts come before the food, or after it:
                  2 eggs · 1.5 cups rice · 1/2 cup milk · 1 1/2 cups oats · 1½ cups juice
                  a banana · three apples · half a banana · a dozen eggs
                  x2 banana · 2x banana · ×2 banana · banana x2 · rice 200g
                A count may be a word ('three', 'forty', 'twenty-five'), or a fraction: ½, ¼,
                ¾, 1½; 'three quarters of a cup' is ¾ cup. Two units add up: '1 lb 4 oz'.
                Without a unit, a count uses the food's own portion ('2 eggs' = 2 × 1 egg).
                """
        case "unit", "portion":
            return """
                A unit goes between the amount and the food:
                  200g rice · 1 cup milk · 2 slices of toast · a handful of almonds
                Mass: g, kg, oz, lb (glued works: 200g, 12oz).
                Volume: ml, l, tsp, tbsp, cup, fl oz, pint, quart, gallon (US; with 'set units
                uk' the pint, quart, gallon and fl oz are imperial: a pint 568 ml, not 473);
                weighed through the food's own cup or fluid-ounce weight.
                Portions: serving (USDA's default portion), slice, piece, small, medium, large,
                can, glass, bottle, scoop, bowl, bar, clove, … as the food's portions name them.
                Hand measures: pinch, dash, splash, drizzle, knob, dollop (cookbook volumes).
                Where USDA names no such portion: a bowl is 1½ cups of soup or pasta (1 cup of
                cereal), a plate 2 cups, a handful 1 oz of nuts or chips (½ cup of fruit),
                '6 piece nuggets' six nuggets, a punnet 150 g (berries). 'grapes' without a
                count is a serving. A bag or packet of sweets is USDA's pouch.
                Sizes in inches: '6 inch turkey sub', 'footlong meatball sub' (two 6-inch),
                '12 inch pizza', by USDA's own inch portions. Coffee-shop cups:
                'tall' 12, 'grande' 16, 'venti' 20 fl oz ('grande latte'); Costa's 'primo' 8,
                'medio' 12, 'massimo' 16 fl oz ('costa medio latte'). A sharing bag is 150 g.
                A part after the food is its unit: '4 cod fillets', '3 celery stalks'.
                Your weight and height follow 'set units': with imperial, 'weight 180' is 180 lb
                and every view shows lb and ft/in, water in fl oz and distances in miles; with
                uk, stones and pounds ('weight 12 st 10'), ft/in and miles, water in ml; a number
                that fits the other units far better ('weight 81.2' after 180 lb) is asked
                about first.
                """
        case "meal":
            return """
                Meals: breakfast, lunch, dinner (or supper), snack.
                  breakfast: 2 eggs · 2 eggs for lunch · big mac dinner
                Say one at the start or the end: 'breakfast: 2 eggs', '2 eggs for breakfast'.
                Otherwise the time of day chooses: breakfast until 11:00, lunch until 15:00,
                snack until 17:00, dinner until 22:00, then snack.
                """
        case "day", "date":
            return """
                Say when at the start or the end of any line, food, exercise, water or weight:
                  2 eggs yesterday · yesterday ran 30 min · 2026-11-20 10000 steps · 2 eggs -2
                  on monday I had a bagel · last friday 2 eggs · 3 days ago weight 80
                  last night I had a steak · 2 eggs this morning · at 9 I had porridge
                A weekday means the latest such day, today included; 'last friday' the one
                before today. A time of day sets the meal when the line names none ('last night'
                dinner yesterday, 'tonight', 'before bed' a snack). Days go
                from 1900-01-01 to a year from today ('2 eggs 2026-11-23').
                Show a day: today, yesterday, 2026-11-20. It ends with the day's protein,
                carbs and fat, then \(Format.listed(Nutrient.others.map(\.name))); '≥' marks a sum
                some of the day's foods do not know (direct kcal, entries from before
                Calorina kept them), 'n/a' one that none knows.
                Edit another day: 'day yesterday' (or 'day 2026-11-20'): lines without a day go
                to it, and the prompt names it, until 'today'.
                """
        case "calorie", "kcal", "cal":
            return """
                Give calories directly when a food is unknown or you know better:
                  burger 650 kcal lunch
                  350 kcal snack
                kcal, cal and calories all work; the number replaces the table's value.
                """
        case "history", "week", "month", "year", "this", "last", "chart", "weight", "weights", "export", "import",
            "suggest":
            return """
                Look back over many days:
                  week · month · year       charts of each day's net kcal against the goal line
                                            (a year: monthly averages)
                  last week · week -2 · week 2026-11-02       any past week (Monday to Sunday)
                  last month · month 2026-10 · month october  any past month
                  last year · year 2025 · this year           any past year
                  history · history 90      the last 30 (or N, up to 3,650) days, newest first
                  history 30 protein        each day against a target ('help goals'): ✓ met,
                                            ↓ under, ✗ over, ~ partial, ? n/a
                Days are marked ✓ (goal met), ✗ (over) or · (nothing logged), each judged
                against the goal in force on that day: changing the goal keeps earlier days'
                marks. Counts and averages are over logged days ('goal met on 12 of 25 logged
                days · 6 days with no log'); the streak counts days met in a row.
                  weights · weights year    logged weights, the change, a 7-weighing trend, and
                                            when the goal weight ('set goal-weight 75') comes;
                                            the distance to it is from the trend (8 weighings
                                            or more) or the latest weight, and says which
                  weights 2026-10 · weights last month        the weights of any past period
                  export csv · export json 2026-11-01 2026-11-30 to food.json
                                            everything, or the days given; to a file or the screen;
                                            a FIFO or a device is written through, a link to a
                                            file followed, a path in the data folder refused
                  import food.csv           our CSV or JSON, or a MyFitnessPal food diary;
                                            importing twice adds nothing; 'undo' takes it back
                  import servings.csv       another tracker's export, known by its headers:
                                            Cronometer (Food & Recipe Entries), Lose It! (food
                                            log), MyFitnessPal (nutrition by meal, or the printable
                                            diary saved as a web page); rows that make no entry
                                            are skipped, each with its line and why; a row with
                                            a control character or an absurd number stops the
                                            import, naming its line (nothing is imported)
                  import log.csv --map "date=Day,food=Food Name,kcal=Energy (kcal)"
                                            \(HelpText.mapKeysText)
                  export all --out backup.json
                                            everything (journal, foods, aliases, recipes, picks,
                                            profile, goals and their history) in one file;
                                            'import backup.json' restores it into an empty data
                                            folder (a folder with data is refused, not merged)
                  suggest · suggest lunch   what you log most often at this meal; '2' logs
                                            the second again ('help lists')
                Charts fit the terminal; --ascii (or TERM=dumb) draws them with # and |.
                """
        case "devices", "device", "sync", "syncthing", "git":
            return """
                One data folder can be carried between machines by Syncthing, git or any
                tool that copies files: each machine (a device) writes only its own folder,
                devices/NAME/, and Calorina reads them all together, so the tool has no file
                two machines changed and nothing to conflict on.
                  devices                   the devices that write in the folder: what each
                                            holds and when it last changed something
                  doctor                    names any conflict copy a sync tool left
                  $ CALORINA_DEVICE=laptop calorina
                                            names this machine yourself (else a name is made on
                                            first use, kept in ~/.local/state/calorina/device)
                How changes meet: an entry is kept by its id; an edit from any device
                applies to it, and of two edits the later wins; a delete from any device
                takes it out everywhere, even one edited elsewhere since ('undo' on the
                device that deleted it puts it back). 'doctor' names a conflict copy a sync
                tool made (from files an earlier Calorina wrote) and what to do with it.
                """
        case "file", "data", "doctor", "backup", "restore":
            return """
                Your data is JSON you own, in $CALORINA_HOME or ~/.local/share/calorina:
                devices/NAME/journal/2026-11.json (a month this machine wrote; see 'help
                devices'), and beside it its profile.json, foods.json and undo.json.
                Each change replaces a file whole and keeps the two before it as
                FILE.bak and FILE.bak.1.
                A file Calorina cannot read (cut short, edited by hand, from a newer
                Calorina) is named with its line and column and never overwritten.
                  doctor                    check every file: what is wrong and where, and any
                                            conflict copy a sync tool or git left
                  doctor restore            put back the newest readable backup of each file
                                            that cannot be read; the file it replaces is kept as
                                            FILE.before-restore-YYYYMMDD-HHMMSS
                  doctor restore 2026-11    put back one file's backup (or profile, foods, undo)
                  export all --out FILE     all of it in one JSON file, for another machine or
                                            a safe place; 'import FILE' into an empty data
                                            folder restores it (see 'help import')
                """
        case "edit", "delete", "remove", "move", "again", "copy", "editing", "entry", "entries":
            return """
                Change what is logged, by the numbers 'today' (or 'day DATE') shows:
                  delete 3 · delete 1-3 · delete 1, 2 and 4     all of them or none, one change
                  edit 3 1.5 cups · edit 3 150 g                 a new amount
                  edit 4 2 bananas · edit 1 700 kcal              a new food, or your own kcal
                  edit 2 lunch · move 3 to lunch                  another meal
                  delete 1 yesterday · edit 2 200 g 2026-11-19   a day at the end: that day's entries
                  again · again breakfast                        the last entry, or yesterday's meal
                  copy yesterday breakfast                       a day's or meal's food, to this day
                  again yesterday · copy mon to 2026-11-24       onto the day named at the end
                  edit food protein bar 12 g fat                 a food of your own ('help define')
                An entry keeps its number when it is edited or moved; each change shows the
                numbers as they are after it. 'undo' takes any of them back. At a terminal a
                number is the one shown there: if another Calorina changed the day since, nothing
                is changed and 'today' shows it as it is now.
                """
        case "choice", "pick", "remember", "matched", "skipped":
            return """
                When words fit several foods equally, a terminal offers numbered choices; the
                one you pick is remembered for those words, so they are not asked again.
                  choices                       the remembered picks
                  forget choice tuna salad      those words offer the choice again
                'undo' takes a pick back with the entry it logged: the two are one change.
                Every word of a food is accounted for: the food is found by some (matched);
                the others (skipped) may only fill, say how it was readied, its size, a unit or
                where it came from. A food found only without a word that says which food is
                asked about, never logged:
                  walked the dog    'walked the dog' names no food Calorina knows with
                                    'walked' in it; without it, it could be: 1 Hot dog, NFS
                Enter or 1 logs it (and remembers it); a line typed instead is a line of its
                own; a script gets an error naming the word.
                Words that are all amounts (plate) or vague (some stuff) are asked about too.
                --json shows each logged entry's "matched" and "skipped" words, and why each
                was skipped ("skipped_roles": filler, preparation, description, measure, origin);
                the entry keeps them, so 'today --json' shows them on later days too.
                """
        case "list", "lists", "numbered":
            return """
                Every numbered list logs by its numbers: search, suggest, foods, and the foods
                words could be when they fit several.
                  search greek yogurt     then: 2 · 2 200 g · 2 for lunch
                  log 2 200 g breakfast   item 2 of the last list, any time later
                  log 3 x2 yesterday      twice its portion, onto yesterday
                Without an amount it is the food's own portion ('suggest': the amount you last
                logged; a choice of foods: the amount of the line it came from), at the meal of
                the hour, just as the food's name would log. A number alone is an item only
                right after the list (empty lines and comments between do not count): '2 eggs'
                are always two eggs. 'undo' takes it back like any line.
                """
        case "command":
            return summary
        case "script":
            return """
                Pipe lines into calorina to log them all, or give one line as words:
                  $ calorina < day.txt
                  $ calorina 2 eggs and toast breakfast
                  $ calorina --json -- a banana
                Lines starting with # are comments. Errors name the line on stderr
                ('line 3: …'); the other lines still apply, and the exit status is 1.
                A script is one change: once it has ended, 'undo' takes all of it back.
                Options: --json (one JSON object per line), --dry-run (save nothing),
                --data-dir DIR (or CALORINA_HOME). A line that starts with a dash goes after '--'.
                """
        default:
            return questionsPage(topic)
        }
    }
}
