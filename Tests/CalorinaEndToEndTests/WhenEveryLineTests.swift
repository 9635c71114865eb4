// Issue 30, "when, once for every line": the built binary is fed the cross product of every kind
// of line × every way to say when × at the start or the end × with or without a meal, as one
// script, and the day and meal of every entry it logs are checked, on a pinned clock and on the
// real one.

import Foundation
import Testing

@Suite("When, for every line")
struct WhenEveryLineTests {
    /// A kind of line, without a when.
    struct Kind: Sendable {
        var name: String
        var body: String
        /// The meal of its entry follows what the line says (food); false where a meal means
        /// nothing (exercise, water, a weight).
        var hasMeal: Bool
        /// A meal may be said with it ("again lunch" is another command: yesterday's lunch again).
        var takesMeal: Bool = true
    }

    /// A way to say when: its words, the day it means (days before today, or a weekday), the meal
    /// a time of day means, and where it may stand.
    struct When: Sendable {
        var words: String
        var day: @Sendable (Date, Calendar) -> DateComponents
        var meal: String?
        var atStart = true
        var atEnd = true
    }

    static let kinds: [Kind] = [
        Kind(name: "food", body: "2 eggs", hasMeal: true),
        Kind(name: "sentence", body: "I had a bagel", hasMeal: true),
        Kind(name: "direct kcal", body: "burger 650 kcal", hasMeal: true),
        Kind(name: "timed exercise", body: "ran 30 min", hasMeal: false),
        Kind(name: "sets and reps", body: "3 sets of 10 pushups", hasMeal: false),
        Kind(name: "reps", body: "50 pushups", hasMeal: false),
        Kind(name: "steps", body: "10000 steps", hasMeal: false),
        Kind(name: "water", body: "water 500 ml", hasMeal: false),
        Kind(name: "weight", body: "weight 80", hasMeal: false),
        Kind(name: "pick", body: "log 1", hasMeal: true),
        Kind(name: "again", body: "again", hasMeal: false, takesMeal: false),
    ]

    static func daysBack(_ days: Int) -> @Sendable (Date, Calendar) -> DateComponents {
        { now, calendar in
            calendar.dateComponents([.year, .month, .day], from: now.addingTimeInterval(Double(-days) * 86_400))
        }
    }

    /// The most recent `weekday` (1 = Sunday, as Calendar counts), today included or not.
    static func weekday(_ weekday: Int, todayIncluded: Bool) -> @Sendable (Date, Calendar) -> DateComponents {
        { now, calendar in
            let today = calendar.component(.weekday, from: now)
            var back = (today - weekday + 7) % 7
            if back == 0 && !todayIncluded { back = 7 }
            return daysBack(back)(now, calendar)
        }
    }

    static func date(_ text: String) -> @Sendable (Date, Calendar) -> DateComponents {
        let parts = text.split(separator: "-").map { Int($0) ?? 0 }
        return { _, _ in DateComponents(year: parts[0], month: parts[1], day: parts[2]) }
    }

    static let whens: [When] = [
        When(words: "yesterday", day: daysBack(1)),
        When(words: "today", day: daysBack(0)),
        When(words: "2026-11-19", day: date("2026-11-19")),
        When(words: "on 2026-11-18", day: date("2026-11-18")),
        When(words: "on monday", day: weekday(2, todayIncluded: true)),
        When(words: "wednesday", day: weekday(4, todayIncluded: true), atStart: false),
        When(words: "last friday", day: weekday(6, todayIncluded: false)),
        When(words: "2 days ago", day: daysBack(2)),
        When(words: "the day before yesterday", day: daysBack(2)),
        When(words: "-3", day: daysBack(3), atStart: false),
        When(words: "last night", day: daysBack(1), meal: "dinner"),
        When(words: "this morning", day: daysBack(0), meal: "breakfast"),
        When(words: "tonight", day: daysBack(0), meal: "dinner"),
        When(words: "yesterday morning", day: daysBack(1), meal: "breakfast"),
        When(words: "before bed", day: daysBack(0), meal: "snack"),
        When(words: "at 9", day: daysBack(0), meal: "breakfast", atEnd: false),
    ]

    struct Line {
        var text: String
        var kind: Kind
        var when: When
        var meal: String?
    }

    static func lines() -> [Line] {
        var lines: [Line] = []
        for kind in kinds {
            for when in whens {
                for atStart in [true, false] where atStart ? when.atStart : when.atEnd {
                    for meal in [nil, "lunch"] as [String?] where meal == nil || kind.takesMeal {
                        let mealWords = meal.map { "for \($0) " } ?? ""
                        let text =
                            atStart
                            ? "\(when.words) \(mealWords)\(kind.body)"
                            : "\(kind.body) \(mealWords)\(when.words)"
                        lines.append(
                            Line(text: text.trimmingCharacters(in: .whitespaces), kind: kind, when: when, meal: meal))
                    }
                }
            }
        }
        return lines
    }

    @Test func thereAreEnoughLines() {
        #expect(Self.lines().count >= 500, "\(Self.lines().count) lines")
    }

    @Test(arguments: ["2026-11-27T15:00:00", nil] as [String?])
    func everyEntryLandsOnTheDayAndMealItsLineSaid(_ pinned: String?) throws {
        let lines = Self.lines()
        // One list to pick from and one entry to repeat, before the lines.
        let script = (["search banana", "1 apple"] + lines.map(\.text)).joined(separator: "\n") + "\n"
        try BinaryRunner.withTemporaryDirectory { folder in
            var extra = ["CALORINA_HOME": folder.appendingPathComponent("data").path, "TZ": "UTC"]
            if let pinned { extra["CALORINA_NOW"] = pinned }
            let environment = BinaryRunner.environment(home: folder, extra)
            let started = Date()
            let output = try BinaryRunner.run(
                try BinaryRunner.productURL("calorina"), arguments: ["--json"], stdin: script,
                environment: environment, timeout: .seconds(120))
            let answers = output.stdout.split(separator: "\n", omittingEmptySubsequences: true)
            try #require(answers.count == lines.count + 2, "one answer a line: \(output.stderr.prefix(2000))")
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let now: Date
            if let pinned {
                let formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withFullDate, .withFullTime, .withColonSeparatorInTime]
                formatter.timeZone = calendar.timeZone
                now = try #require(formatter.date(from: pinned + "Z"))
            } else {
                now = started
            }
            var wrong: [String] = []
            for (line, answer) in zip(lines, answers.dropFirst(2)) {
                guard let object = try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any],
                    object["ok"] as? Bool == true, let entries = object["entries"] as? [[String: Any]],
                    let entry = entries.first, let date = entry["date"] as? String
                else {
                    wrong.append("\(line.text): \(answer.prefix(300))")
                    continue
                }
                let day = line.when.day(now, calendar)
                let expected = String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
                if date != expected { wrong.append("\(line.text): on \(date), said \(expected)") }
                if line.kind.hasMeal, let meal = line.meal ?? line.when.meal, entry["meal"] as? String != meal {
                    wrong.append("\(line.text): → \(entry["meal"] ?? "?"), said \(meal)")
                }
            }
            let report = "\(wrong.count) of \(lines.count) lines:\n" + wrong.prefix(40).joined(separator: "\n")
            #expect(wrong.isEmpty, "\(report)")
        }
    }
}
