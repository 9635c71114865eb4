import CalorinaCore
import SeededRandom

/// What people eat, as they would type it: the items the data generator and the script generator
/// draw from. Every item must resolve against the bundled table; `check` says which do not.
enum Meals {
    static let breakfast = [
        "2 eggs", "2 scrambled eggs", "1 fried egg", "2 boiled eggs", "1 omelet", "2 slices of toast",
        "1 slice whole wheat toast", "1 tbsp butter", "1 tbsp peanut butter", "1 tbsp jam", "2 servings oatmeal",
        "1 cup oatmeal", "1 cup cereal", "1 cup cheerios", "1 cup milk", "a glass of milk",
        "1 cup orange juice", "a glass of orange juice", "oj", "1 cup coffee", "2 cups coffee", "coffee with milk",
        "1 latte", "1 cappuccino", "1 cup tea", "a banana", "1 medium banana", "half a banana", "an apple",
        "1 cup blueberries", "100g strawberries", "1 container greek yogurt", "1 cup yogurt", "1 bagel",
        "2 tbsp cream cheese", "1 croissant", "1 english muffin", "2 pancakes", "2 tbsp maple syrup",
        "1 waffle", "3 slices bacon", "2 links sausage", "1 cup hash browns", "1 blueberry muffin",
        "half an avocado", "1 slice cheddar cheese", "1 breakfast burrito", "1 cup granola", "1 smoothie",
        "1 grapefruit", "1 tbsp honey", "1 donut",
    ]
    static let lunch = [
        "turkey sandwich", "ham and cheese sandwich", "1 tuna sandwich", "1 blt", "grilled cheese sandwich",
        "1 big mac", "1 cheeseburger", "1 hamburger", "medium fries", "small fries", "1 can coke", "1 can diet coke",
        "1 bottle of water", "caesar salad", "1 cup chicken noodle soup", "1 cup tomato soup", "2 slices pizza",
        "1 slice pepperoni pizza", "1 chicken burrito", "2 tacos", "1 burrito bowl", "200g rice", "1 cup rice",
        "1 cup brown rice", "4 oz grilled chicken breast", "1 chicken breast", "side salad", "1 cup coleslaw",
        "1 apple", "1 orange", "1 oz chips", "1 cup pasta salad", "1 california roll", "6 pieces sushi",
        "1 cup miso soup", "1 chicken wrap", "1 hot dog", "6 chicken nuggets", "1 cup chili", "1 egg sandwich",
        "1 cup lentil soup", "1 veggie burger", "2 cups salad", "1 tbsp ranch dressing", "1 pickle",
        "1 cup iced tea", "1 lemonade", "1 pear", "1 cup cottage cheese", "1 chicken sandwich",
    ]
    static let dinner = [
        "6 oz steak", "8 oz ribeye steak", "1 baked potato", "1 cup mashed potatoes", "1 cup broccoli",
        "1 cup green beans", "1 cup carrots", "1 fillet salmon", "5 oz salmon", "200g pasta",
        "2 cups spaghetti", "1 cup marinara sauce", "spaghetti with meat sauce", "1 serving lasagna",
        "1 glass of wine", "2 glasses of red wine", "1 bottle beer", "1 pint beer", "1 pork chop",
        "1 cup chicken curry", "1 cup white rice", "1 cup fried rice", "garlic bread", "2 slices garlic bread",
        "1 cup corn", "1 dinner roll", "1 tbsp olive oil", "1 cup mac and cheese", "2 chicken thighs",
        "1 chicken leg", "4 oz ground beef", "2 beef tacos", "1 cup stir fry", "1 cup beef stew",
        "1 cup quinoa", "1 sweet potato", "1 cup peas", "1 cup spinach", "1 cup mixed vegetables",
        "3 meatballs", "1 cup shrimp", "4 oz cod", "1 cup black beans", "2 tortillas", "1 cup guacamole",
        "1 cup ramen", "1 cup pad thai", "1 cup chili", "1 naan", "1 cup zucchini",
    ]
    static let snack = [
        "an apple", "a banana", "1 orange", "20 almonds", "1 oz almonds", "1 granola bar",
        "2 cookies", "1 chocolate chip cookie", "1 cup grapes", "1 string cheese", "3 cups popcorn",
        "1 scoop ice cream", "1 chocolate bar", "1 cup yogurt", "2 tbsp hummus", "10 baby carrots",
        "1 cup pretzels", "1 protein bar", "1 rice cake", "1 tbsp peanut butter", "1 oz cheddar cheese",
        "15 cashews", "1 cup trail mix", "1 brownie", "1 slice cake", "1 cup coffee", "1 can coke",
        "1 cup tea", "1 peach", "2 clementines", "1 cup watermelon", "1 oz potato chips", "1 muffin",
        "2 crackers", "1 kiwi", "350 kcal", "1 cup cherries", "1 cup milk", "2 dates", "1 donut",
    ]

    static func items(for meal: Meal) -> [String] {
        switch meal {
        case .breakfast: breakfast
        case .lunch: lunch
        case .dinner: dinner
        case .snack: snack
        }
    }

    /// How many items a day's meal usually has: breakfast 2–3, lunch 2–4, dinner 3–5, snacks 1–2:
    /// with the days and snacks skipped, about 10 foods a day.
    static func itemCount(for meal: Meal, using random: inout SeededGenerator) -> Int {
        switch meal {
        case .breakfast: Int.random(in: 2...3, using: &random)
        case .lunch: Int.random(in: 2...4, using: &random)
        case .dinner: Int.random(in: 3...4, using: &random) + (Int.random(in: 0..<5, using: &random) == 0 ? 1 : 0)
        case .snack: Int.random(in: 1...2, using: &random)
        }
    }

    /// A meal's items grouped into lines the way people type them: one to three items a line,
    /// joined by "and" or a comma. (`Generator.lines` splits a line that does not resolve as a
    /// whole, such as two items whose joined words name an ambiguous food.)
    static func groups(for meal: Meal, using random: inout SeededGenerator) -> [[String]] {
        let pool = items(for: meal)
        var items: [String] = []
        let count = itemCount(for: meal, using: &random)
        while items.count < count {
            let item = pool.pick(using: &random)
            if !items.contains(item) { items.append(item) }
        }
        var groups: [[String]] = []
        var index = 0
        while index < items.count {
            let size = min(items.count - index, Int.random(in: 1...3, using: &random))
            let joiner = Bool.random(using: &random) ? " and " : ", "
            groups.append([joiner] + items[index..<index + size])
            index += size
        }
        return groups
    }

    /// The time of day a meal is logged, `HH:MM`.
    static func time(for meal: Meal, using random: inout SeededGenerator) -> String {
        let hour: Int
        switch meal {
        case .breakfast: hour = Int.random(in: 6...9, using: &random)
        case .lunch: hour = Int.random(in: 11...13, using: &random)
        case .dinner: hour = Int.random(in: 17...20, using: &random)
        case .snack: hour = [10, 15, 16, 21, 22].pick(using: &random)
        }
        let minute = Int.random(in: 0...59, using: &random)
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    /// Exercise as people type it; every line must parse to an activity the table knows.
    static let exercise = [
        "ran 30 min", "ran 45 min", "5 km run", "10 km run", "walked 45 minutes", "walked 30 min", "cycling 1 h",
        "cycling 45 min", "swimming 30 min", "yoga 45 min", "strength training 40 min", "rowing 20 min",
        "hiking 2 h", "elliptical 30 min", "tennis 1 h", "dancing 45 min",
    ]

    /// Water as people type it, with the millilitres each line means.
    static let water = [
        ("water 500 ml", 500.0), ("water 250 ml", 250), ("water +250", 250), ("water 330 ml", 330),
        ("water 750 ml", 750), ("water 1 l", 1000), ("water 400 ml", 400),
    ]
}
