// Issue 29 at a terminal: a day of questions asked at the prompt of the built binary, each
// answered with its number and the command it means; TAB completes a question; and the data
// folder is the same, byte for byte, before and after the questions.

import Foundation
import Testing

@Suite("Questions at a terminal", .serialized)
struct QuestionsTerminalTests {
    func start(in folder: URL) throws -> PseudoTerminal {
        let environment = BinaryRunner.environment(
            home: folder,
            [
                "CALORINA_NOW": "2026-11-22T13:00:00", "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                "CALORINA_HOME": folder.appendingPathComponent("data").path, "TERM": "xterm-256color",
            ])
        let terminal = try PseudoTerminal(try BinaryRunner.productURL("calorina"), environment: environment)
        _ = try terminal.expect(" left › ", timeout: .seconds(15))
        return terminal
    }

    /// The files under `folder` and their bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [:] }
        for case let url as URL in walker
        where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    /// A line typed where a food was to be picked is no answer: the question is left, saying
    /// nothing was logged, and the line is handled as typed (it was dropped).
    @Test func aLineTypedAtAFoodQuestionIsHandledAsALine() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.sendLine("walked the dog")
            _ = try terminal.expect("which one?")
            try terminal.sendLine("a banana")
            _ = try terminal.expect("nothing logged for 'walked the dog': type it again to log it")
            _ = try terminal.expect("Banana, raw")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("today")
            let day = try terminal.expect(" left › ")
            #expect(day.contains("Banana, raw") && !day.contains("Hot dog"), "\(day)")
        }
    }

    /// A line typed at a yes-or-no question (crossing the goal) is no answer either: nothing is
    /// logged for the question, and the line is handled as typed; one word ('nope') is a no.
    @Test func aLineTypedAtTheGoalQuestionIsHandledAsALine() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            try terminal.sendLine("burger 2500 kcal")
            _ = try terminal.expect("[Y/n]")
            try terminal.sendLine("a banana")
            _ = try terminal.expect("nothing logged for 'burger 2500 kcal'")
            _ = try terminal.expect("Banana, raw")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("burger 2500 kcal")
            _ = try terminal.expect("[Y/n]")
            try terminal.sendLine("nope")
            _ = try terminal.expect(" left › ")
            try terminal.sendLine("today")
            let day = try terminal.expect(" left › ")
            #expect(day.contains("Banana, raw") && !day.contains("burger"), "\(day)")
        }
    }

    @Test func aDayOfQuestionsIsAnsweredAndWritesNothing() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let terminal = try start(in: folder)
            for line in ["2 servings oatmeal breakfast", "big mac lunch", "goal protein 100 g", "ran 30 min"] {
                try terminal.sendLine(line)
                _ = try terminal.expect(" left › ")
            }
            let data = folder.appendingPathComponent("data")
            let before = try Self.snapshot(data)
            #expect(!before.isEmpty)
            let asked: [(String, [String])] = [
                ("how many calories do I have left", ["1,443 kcal left today (557 of 2,000)", "= today"]),
                ("how much protein today?", ["g protein today (target 100 g:", "= today"]),
                ("what did I have for lunch", ["1 food at lunch today, 535 kcal: Big Mac (McDonalds) (535)"]),
                ("how many calories in a big mac", ["535 kcal in 1 McDonald's Big Mac (205 g)", "= info big mac"]),
                (
                    "how far did I run this week",
                    ["Running, 6 mph (10 min/mile): 1 session, 30 min", "= exercise week"]
                ),
                ("am I on track this week", ["on track in the last 7 days: 1 of 1 logged day within goal", "= week"]),
                ("how do I make bread", ["that reads as a question, and none of the answers fits it"]),
            ]
            for (question, answers) in asked {
                try terminal.sendLine(question)
                for answer in answers { _ = try terminal.expect(answer) }
                _ = try terminal.expect(" left › ")
            }
            // TAB completes a question from its first words.
            try terminal.send("what should I eat for d\t")
            _ = try terminal.expect("what should I eat for dinner")
            try terminal.send("\r")
            _ = try terminal.expect("= suggest dinner")
            _ = try terminal.expect(" left › ")
            terminal.pause(.milliseconds(50))
            try terminal.send("\u{04}")
            #expect(try terminal.waitForExit() == 0)
            #expect(try Self.snapshot(data) == before, "\(terminal.output)")
        }
    }
}
