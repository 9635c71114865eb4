import Foundation
import Testing

@testable import CalorinaMovement

/// The one movement table (issue 28): data/activities.tsv and data/exercises.tsv carried by one
/// generated text (tools/build-movements.py), each row found by every word its file gives it.
@Suite struct MovementTableTests {
    /// The data lines of a file of the data folder, split into trimmed fields.
    static func rows(_ path: String) -> [[String]] {
        let text = Corpus.text(Corpus.repositoryRoot.appendingPathComponent(path))
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// Every line of data/activities.tsv is a timed row, found by each of its words as the file says.
    @Test func theTimedRowsAreTheActivitiesFile() throws {
        let rows = Self.rows("data/activities.tsv")
        #expect(rows.count == ActivityTable.bundled.activities.count)
        for fields in rows {
            let met = try #require(Double(fields[1]))
            for words in fields[0].split(separator: ",") {
                let activity = try #require(ActivityTable.bundled.find(String(words)), "\(words)")
                #expect(activity.name == fields[2], "\(words)")
                #expect(activity.met == met, "\(words)")
                #expect(activity.code == fields[3], "\(words)")
                #expect(activity.speedKmh == Double(fields[4]), "\(words)")
            }
        }
    }

    /// The two kinds keep their own words: a timed activity's words name no movement counted in
    /// sets unless data/exercises.tsv gives them too, and a counted movement's words name one.
    @Test func theKindsKeepTheirOwnWords() {
        func keys(_ path: String) -> Set<String> {
            Set(Self.rows(path).flatMap { $0[0].split(separator: ",").map { MovementTable.key(String($0)) } })
        }
        let counted = keys("data/exercises.tsv")
        let timed = keys("data/activities.tsv")
        #expect(!counted.isEmpty && !timed.isEmpty)
        for words in timed.subtracting(counted) {
            #expect(ExerciseTable.bundled.find(words) == nil, "\(words)")
        }
        for words in counted {
            #expect(ExerciseTable.bundled.find(words) != nil, "\(words)")
        }
    }
}
