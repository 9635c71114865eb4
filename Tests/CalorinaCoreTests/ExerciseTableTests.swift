import Foundation
import Testing

@testable import CalorinaDocuments
@testable import CalorinaFiles
@testable import CalorinaFoods
@testable import CalorinaJournal
@testable import CalorinaLanguage
@testable import CalorinaMonths
@testable import CalorinaRendering
@testable import CalorinaResolver
@testable import CalorinaSession
@testable import CalorinaSupport

/// The movements logged by sets and repetitions (data/exercises.tsv), and the form their counts
/// are kept in an entry's `unit`.
@Suite(.tags(.fast)) struct ExerciseTableTests {
    // MARK: The table

    /// Every movement line of data/exercises.tsv is in the table compiled into the program, as
    /// the file says (tools/build-movements.py was run after the last change).
    @Test func theTableIsTheDataFile() throws {
        let text = Corpus.text(Corpus.repositoryRoot.appendingPathComponent("data/exercises.tsv"))
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(lines.count == ExerciseTable.bundled.exercises.count)
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let words = fields[0].split(separator: ",").map(String.init)
            guard let exercise = ExerciseTable.bundled.find(words[0]) else {
                Issue.record("\(words[0]) is not in the table")
                continue
            }
            #expect(exercise.words == words)
            #expect(exercise.isHold == (fields[1] == "hold"))
            #expect(exercise.met == Double(fields[2]))
            #expect(exercise.code == fields[3] && exercise.code.count == 5)
            #expect(exercise.secondsPerRep == (Double(fields[4]) ?? 0))
            #expect(exercise.name == fields[5])
            #expect(exercise.isHold || exercise.secondsPerRep > 0)
        }
    }

    /// The movements the issue names are all there.
    @Test(arguments: [
        "push-ups", "pull-ups", "squats", "lunges", "dips", "sit-ups", "crunches", "burpees", "plank", "bridges",
        "leg raises", "handstand push-ups", "bench press", "deadlift", "rows",
    ])
    func theCommonMovementsAreKnown(_ words: String) {
        #expect(ExerciseTable.bundled.find(words) != nil)
    }

    // MARK: The stored form

    @Test(arguments: [
        WorkoutAmount.reps(sets: 3, reps: 10, loadKg: nil), .reps(sets: 1, reps: 50, loadKg: nil),
        .reps(sets: 3, reps: 12, loadKg: 60), .reps(sets: 3, reps: 12, loadKg: 135 * Unit.kilogramsPerPound),
        .hold(sets: 1, seconds: 60), .hold(sets: 3, seconds: 45), .steps(10_000),
    ])
    func theUnitTextReadsBack(_ amount: WorkoutAmount) {
        let read = WorkoutAmount(unitText: amount.unitText)
        if case .reps(let sets, let reps, let load?) = amount, case .reps(let s, let r, let l?)? = read {
            #expect(s == sets && r == reps && abs(l - load) < 0.001)
        } else {
            #expect(read == amount)
        }
    }

    @Test(arguments: ["min", "", "serving", "3x", "x10", "3x10@kg", "0x10", "3x0", "steps", "-5 steps", "3x10@-5kg"])
    func otherUnitsAreNoWorkout(_ unit: String) {
        #expect(WorkoutAmount(unitText: unit) == nil)
    }
}
