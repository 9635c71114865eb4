/// Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping early
/// once the distance must exceed `limit`: the measure behind "did you mean".
func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = current[0]
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previous2[j - 2] + 1)
            }
            current[j] = value
            rowMinimum = min(rowMinimum, value)
        }
        if rowMinimum > limit { return limit + 1 }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
