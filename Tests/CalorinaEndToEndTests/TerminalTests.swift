// The REPL in a real pseudo-terminal: what only a terminal shows. TAB completion, candidate
// lists, history across restarts, Ctrl-C and Ctrl-D.

import Foundation
import Testing

@Suite("The REPL in a terminal", .serialized)
struct TerminalTests {
    static let up = "\u{1B}[A"

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

    /// Ctrl-D on the empty line of the next prompt exits 0. Keys typed while a line is still being
    /// handled reach the terminal in cooked mode, where Ctrl-D is no key at all: wait for the prompt.
    func endWithCtrlD(_ terminal: PseudoTerminal) throws {
        _ = try terminal.expect(" left › ")
        terminal.pause(.milliseconds(50))
        try terminal.send("\u{04}")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func tabCompletesAMultiWordFoodName() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.send("1 cup orange j\t")
            // The shared prefix is inserted and the candidates left are listed.
            _ = try terminal.expect("orange juice")
            try terminal.send("ice\r")
            _ = try terminal.expect("Orange juice, 100%, NFS · 1 cup (248 g) · 117 kcal → breakfast")
            try endWithCtrlD(terminal)
            #expect(try terminal.waitForExit() == 0)
        }
    }

    /// Issue 30: a food, an alias and a recipe of one's own complete with TAB, as the bundled names do.
    @Test func tabCompletesOnesOwnFoodAliasAndRecipe() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.send("define zyxbar = 210 kcal per bar\r")
            _ = try terminal.expect(" left › ")
            try terminal.send("alias qwopjuice = orange juice\r")
            _ = try terminal.expect(" left › ")
            try terminal.send("recipe mybrekkie = 2 eggs, 1 slice toast\r")
            _ = try terminal.expect(" left › ")
            try terminal.send("1 zyx\t")
            _ = try terminal.expect("1 zyxbar ")
            try terminal.send("\r")
            _ = try terminal.expect("zyxbar · 1 bar · 210 kcal")
            try terminal.send("1 cup qwop\t")
            _ = try terminal.expect("1 cup qwopjuice ")
            try terminal.send("\r")
            _ = try terminal.expect("Orange juice")
            try terminal.send("mybre\t")
            _ = try terminal.expect("mybrekkie ")
            try terminal.send("\r")
            _ = try terminal.expect("mybrekkie · 1 × 2 eggs")
            try endWithCtrlD(terminal)
        }
    }

    /// Issue 17: TAB completes a movement after sets and reps, and the line logs as exercise.
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

    @Test func tabCompletesAUniqueNameWithASpace() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            // ("a big m" is no longer unique: "big mac meal" is a dish of its own.)
            try terminal.send("a kombu\t")
            _ = try terminal.expect("a kombucha ")
            try terminal.send("\r")
            _ = try terminal.expect("Tea, kombucha")
            try terminal.send("quit\r")
            #expect(try terminal.waitForExit() == 0)
        }
    }

    @Test func ambiguousPrefixListsTheCandidates() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.send("ban\t")
            let listed = try terminal.expect("banana split")
            #expect(listed.contains("banana bread"))
            #expect(listed.contains("banana chips"))
            // The line is redrawn with what was typed, ready for more.
            _ = try terminal.expect("› ban")
            try terminal.interrupt()
            try endWithCtrlD(terminal)
        }
    }

    @Test func upRecallsALineAfterARestart() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let first = try start(in: folder)
            try first.sendLine("a banana")
            _ = try first.expect("Banana, raw · 1 banana (126 g) · 122 kcal")
            try endWithCtrlD(first)

            let history = folder.appendingPathComponent("state/calorina/history")
            #expect(FileManager.default.fileExists(atPath: history.path))
            let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)

            let second = try start(in: folder)
            #expect(second.output.contains("breakfast · 1,878 left › "))
            try second.send(Self.up)
            _ = try second.expect("a banana")
            try second.send("\r")
            _ = try second.expect("1,756 kcal left today")
            try endWithCtrlD(second)
        }
    }

    @Test func ctrlCClearsTheLineAndCtrlDExitsZero() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.send("2 servings xyzzy")
            _ = try terminal.expect("xyzzy")
            try terminal.interrupt()
            _ = try terminal.expect("breakfast · 2,000 left › ")
            try terminal.sendLine("today")
            let shown = try terminal.expect("nothing logged")
            #expect(!shown.contains("unknown food"))
            try endWithCtrlD(terminal)
        }
    }

    @Test func newUserDayTypedAtThePrompt() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            let lines: [(String, String)] = [
                ("2 servings oatmeal breakfast", "Oatmeal, NFS · 2 servings (2 × 240 g) · 365 kcal → breakfast"),
                ("1 cup orange juice", "117 kcal → breakfast"),
                ("a banana", "122 kcal → breakfast"),
                ("big mac lunch", "535 kcal → lunch"),
                ("burger 650 kcal dinner", "Burger · 650 kcal → dinner"),
            ]
            for (line, expected) in lines {
                try terminal.sendLine(line)
                _ = try terminal.expect(expected)
            }
            _ = try terminal.expect("breakfast · 211 left › ")
            try terminal.sendLine("today")
            _ = try terminal.expect("Sun 22 Nov · 1,789 of 2,000 kcal · 211 kcal left")
            _ = try terminal.expect("dinner · 650 kcal")
            try terminal.sendLine("quit")
            #expect(try terminal.waitForExit() == 0)
        }
    }
}

extension TerminalTests {
    @Test func closeFoodsOfferNumberedChoicesAndThePickIsRemembered() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.sendLine("tuna in water without salt")
            let choices = try terminal.expect("which one? [1] › ")
            #expect(choices.contains("1  Fish, tuna, light, canned in water, without salt, drained solids"))
            #expect(choices.contains("2  Fish, tuna, white, canned in water, without salt, drained solids"))
            try terminal.sendLine("2")
            _ = try terminal.expect("+ #1 Fish, tuna, white, canned in water, without salt, drained solids")
            _ = try terminal.expect(" left › ")
            // Asked once: the same words now mean the food picked.
            try terminal.sendLine("tuna in water without salt")
            let second = try terminal.expect("+ #2 Fish, tuna, white, canned in water, without salt, drained solids")
            #expect(!second.contains("which one?"))
            try endWithCtrlD(terminal)
        }
    }
}

extension TerminalTests {
    /// The goals issue's walk at a terminal: the profile asked one question at a time, a goal,
    /// the question before crossing it ('n' logs nothing), and undo after a restart elsewhere.
    @Test func profileGoalConfirmAndUndoAfterARestart() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.sendLine("profile")
            for (question, answer) in [
                ("age", "30"), ("sex", "male"), ("height", "180 cm"), ("weight", "80"), ("activity", "moderate"),
            ] {
                _ = try terminal.expect(question)
                _ = try terminal.expect(" › ")
                try terminal.sendLine(answer)
            }
            _ = try terminal.expect("maintenance 2,759 kcal a day")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("goal lose 0.5")
            _ = try terminal.expect("goal 2,259 kcal a day · lose 0.5 kg a week")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("5 big macs lunch")
            // The question names the food, its kcal and the total it would make.
            _ = try terminal.expect("Big Mac (McDonalds) (2,675 kcal) makes today 2,675 of 2,259 kcal, 416 over")
            _ = try terminal.expect("log it? [Y/n] ")
            try terminal.sendLine("n")
            _ = try terminal.expect("nothing logged")
            _ = try terminal.expect("2,259 left › ")
            try terminal.sendLine("2 big macs lunch")
            _ = try terminal.expect("1,189 left › ")
            try terminal.sendLine("quit")
            #expect(try terminal.waitForExit() == 0)

            // The restart is in another terminal (a new pseudo-terminal), so the change is not
            // this terminal's: plain 'undo' says whose it is, 'undo any' takes it back.
            let again = try start(in: folder)
            #expect(again.output.contains("1,189 left › "))
            try again.sendLine("undo")
            _ = try again.expect("nothing of yours to undo")
            _ = try again.expect("'undo any' takes it back")
            try again.sendLine("undo any")
            _ = try again.expect("↶ undone: logged 2 big macs lunch (a change made at \(terminal.slavePath)")
            try endWithCtrlD(again)
            #expect(again.output.hasSuffix("2,259 left › \n") || again.output.contains("breakfast · 2,259 left › "))
        }
    }
}

extension TerminalTests {
    /// Ctrl-C on an empty prompt clears the line and stays, as in psql, python and bash: only
    /// Ctrl-D or 'quit' leave. (libedit ends an empty line the way it ends input, so the REPL
    /// once took this Ctrl-C for Ctrl-D and quit.)
    @Test func ctrlCOnAnEmptyPromptStaysInTheREPL() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.interrupt()
            _ = try terminal.expect("^C\n")
            _ = try terminal.expect("breakfast · 2,000 left › ")
            // Again, right after: still the prompt.
            try terminal.interrupt()
            _ = try terminal.expect("^C\n")
            _ = try terminal.expect("breakfast · 2,000 left › ")
            try terminal.sendLine("today")
            _ = try terminal.expect("Sun 22 Nov")
            _ = try terminal.expect("nothing logged")
            // A line with text, then Ctrl-C: cleared, still here, and the line was not run.
            try terminal.send("a banana")
            _ = try terminal.expect("a banana")
            try terminal.interrupt()
            _ = try terminal.expect("breakfast · 2,000 left › ")
            try terminal.sendLine("quit")
            #expect(try terminal.waitForExit() == 0)
            #expect(!terminal.output.contains("Banana, raw"))
        }
    }

    /// Issue 12: after 'day yesterday' the lines go to yesterday, and the prompt says so (with
    /// what is left of that day) until 'today' brings it back.
    @Test func thePromptNamesTheDayBeingEditedWhenItIsNotToday() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.sendLine("day yesterday")
            _ = try terminal.expect("Sat 21 Nov · nothing logged")
            _ = try terminal.expect("Sat 21 Nov · breakfast · 2,000 left › ")
            try terminal.sendLine("burger 650 kcal")
            _ = try terminal.expect("Burger · 650 kcal → breakfast on Sat 21 Nov")
            _ = try terminal.expect("Sat 21 Nov · breakfast · 1,350 left › ")
            try terminal.sendLine("day 2026-11-23")
            _ = try terminal.expect("Mon 23 Nov · breakfast · 2,000 left › ")
            try terminal.sendLine("today")
            let shown = try terminal.expect("nothing logged")
            #expect(!shown.contains("Burger"))
            let prompt = try terminal.expect(" left › ")
            #expect(prompt.hasSuffix("\nbreakfast · 2,000 left › ") || prompt.hasSuffix("\rbreakfast · 2,000 left › "))
            #expect(!PseudoTerminal.strippingEscapes(prompt).contains("Nov · breakfast"))
            terminal.pause(.milliseconds(50))
            try terminal.send("\u{04}")
            #expect(try terminal.waitForExit() == 0)
        }
    }
}

extension TerminalTests {
    /// Issue 12: with imperial units a weight is answered in lb, and a number that reads far
    /// better in kg (81.2 right after 180 lb) is asked about first; 'n' logs nothing.
    @Test func aWeightThatFitsTheOtherUnitsIsAskedAbout() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.sendLine("set units imperial")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("weight 180")
            _ = try terminal.expect("✓ #1 weight 180 lb")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("weight 81.2")
            _ = try terminal.expect(
                "81.2 lb is far from your last weight, 180 lb (81.2 kg would be 179 lb) — log 81.2 lb? [y/N] ")
            try terminal.sendLine("n")
            _ = try terminal.expect("nothing logged: give the unit, e.g. 'weight 81.2 kg'")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("weight 81.2 kg")
            _ = try terminal.expect("✓ #2 weight 179 lb")
            try endWithCtrlD(terminal)
        }
    }
}
