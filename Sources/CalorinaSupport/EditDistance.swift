/// Optimal string alignment distance (Levenshtein with adjacent transpositions), stopping early
/// once the distance must exceed `limit`: the measure behind "did you mean".
///
/// Compares UTF-8 bytes, which is exact for the ASCII words of the food and unit tables and close
/// enough for the rest, and keeps its three rows on the stack for short words.
public func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    var a = a
    var b = b
    return a.withUTF8 { x in b.withUTF8 { y in editDistance(x, y, limit: limit) } }
}

public func editDistance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    let width = b.count + 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: width * 3) { rows in
        var previous2 = 0
        var previous = width
        var current = 2 * width
        for j in 0..<width {
            rows[previous + j] = j
            rows[previous2 + j] = 0
        }
        for i in 1...a.count {
            rows[current] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, rows[previous2 + j - 2] + 1)
                }
                rows[current + j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return rows[previous + b.count]
    }
}
