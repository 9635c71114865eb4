// Workouts in a real pseudo-terminal (issue 17): TAB completes a movement after a count, and the
// line logs as exercise.

import Foundation
import Testing

@Suite("Workouts in a terminal", .serialized)
struct WorkoutTerminalTests {
    func start(in folder: URL) throws -> PseudoTerminal {
        let environment = BinaryRunner.environment(
            home: folder,
            [
                "CALORINA_NOW": "2026-11-22T08:30:00", "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                "CALORINA_HOME": folder.appendingPathComponent("data").path, "TERM": "xterm-256color",
            ])
        let terminal = try PseudoTerminal(try BinaryRunner.productURL("calorina"), environment: environment)
        _ = try terminal.expect(" left › ", timeout: .seconds(15))
        return terminal
    }

    @Test func tabCompletesAMovementAfterSetsAndReps() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.send("3 sets of 10 push\t")
            _ = try terminal.expect("3 sets of 10 pushups ")
            try terminal.send("\r")
            _ = try terminal.expect("Push-ups · 3 × 10 · −9 kcal (burned)")
            try terminal.send("exercise\r")
            _ = try terminal.expect("Push-ups                3      30  10 reps")
            try terminal.send("quit\r")
            #expect(try terminal.waitForExit() == 0)
        }
    }
}
