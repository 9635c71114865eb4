// Issue 25, F12: a script or an import stopped by Ctrl-C left what it saved with no undo record,
// and the next `undo` silently took back an older, unrelated entry instead. The built binary runs
// a script on a pipe; once it has reported lines (reported only once saved) it is stopped by a
// signal; a one-shot `undo` then takes back exactly what the script saved.

import Foundation
import Glibc
import Testing

@Suite struct StoppedScriptTests {
    static let now = "2026-11-22T08:30:00"

    @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
    func aScriptStoppedAfterASaveIsOneChangeForUndo(_ signal: Int32) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let calorina = try BinaryRunner.productURL("calorina")
            let data = folder.appendingPathComponent("data").path
            let environment = BinaryRunner.environment(home: folder, ["CALORINA_NOW": Self.now])
            func run(_ words: [String]) throws -> BinaryRunner.Output {
                try BinaryRunner.run(
                    calorina, arguments: ["--data-dir", data] + words, stdin: Data(), environment: environment,
                    timeout: .seconds(30))
            }
            #expect(try run(["item", "older", "50", "kcal"]).status == 0)
            let script = try LiveProcess(calorina, arguments: ["--data-dir", data], environment: environment)
            for number in 0..<40 { _ = script.write("item s\(number) 10 kcal\n") }
            // A script saves at least once a second, when a line comes: the next line after a
            // second saves the batch. Two lines a logged line ("+ #N …", "N kcal left today"),
            // printed once it is saved.
            _ = script.waitUntilWaitingForInput()
            Thread.sleep(forTimeInterval: 1.2)
            _ = script.write("item s40 10 kcal\n")
            try script.waitForLines(82)
            _ = script.write("item late 10 kcal\n")
            kill(script.pid, signal)
            _ = script.waitForExit()
            #expect(try run(["today"]).stdout.contains("Item s39"))
            let undo = try run(["undo"])
            #expect(undo.status == 0, "\(undo.stderr)")
            #expect(undo.stdout.contains("a script stopped before its end"), "\(undo.stdout)")
            let today = try run(["today"]).stdout
            #expect(today.contains("Item older"), "\(today)")
            #expect(!today.contains("Item s") && !today.contains("Item late"), "\(today)")
        }
    }
}
