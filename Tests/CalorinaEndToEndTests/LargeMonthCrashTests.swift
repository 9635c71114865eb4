// Issue 15: a month past `MonthLog.threshold` entries gets a log, and a script's additions are
// appended to it instead of the month being rewritten. The built binary runs scripts that all log
// onto one day, with `--json`, and is killed with SIGKILL at random moments while it saves; after
// every kill, every entry it reported (and every entry an earlier run reported) is on disk, read
// the way another program would (JournalFiles: the month file, then the log it names), and the
// program itself reads the day back with the same entries.

import Foundation
import Glibc
import SeededRandom
import Testing

@Suite("Crash safety of a large month", .serialized)
struct LargeMonthCrashTests {
    static let now = "2026-11-22T08:30:00"
    static let linesPerRun = 400

    @Test(.timeLimit(.minutes(4)))
    func killingScriptsThatAppendToALargeMonthLosesNoReportedEntry() throws {
        let executable = try BinaryRunner.productURL("calorina")
        var random = SeededGenerator(seed: 15_2026)
        var issues: [String] = []
        var kills = 0
        var sawLog = false
        var partly = 0
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data")
            let environment = BinaryRunner.environment(home: folder, ["CALORINA_NOW": Self.now])
            var acknowledged: Set<String> = []
            var runTimes: [Double] = []
            for run in 0..<24 {
                let process = try LiveProcess(
                    executable, arguments: ["--data-dir", data.path, "--json"], environment: environment)
                var script = ""
                for line in 0..<Self.linesPerRun {
                    script += ["a banana", "2 eggs", "toast 180 kcal", "an apple and a pear"][line % 4]
                    script += " # R\(run)L\(line)\n"
                }
                let started = ContinuousClock.now
                // Half the lines, a pause longer than `Session.flushInterval`, then the rest: the
                // first half is saved (and reported) when the second begins, so a kill late in the
                // run lands after a save, whatever the speed of the machine.
                let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
                let half = lines.count / 2
                process.write(lines[..<half].joined(separator: "\n") + "\n")
                usleep(1_200_000)
                process.write(lines[half...].joined(separator: "\n"))
                process.closeStdin()
                // The first runs finish (the month grows past the threshold, and they time a
                // run); then each is killed late in its run, mostly while it saves.
                var killed = false
                if run >= 6 {
                    let median = runTimes.sorted()[runTimes.count / 2]
                    usleep(UInt32(Double.random(in: median * 0.6...median * 1.05, using: &random) * 1e6))
                    killed = process.killNow()
                }
                process.waitForExit()
                if killed {
                    kills += 1
                } else {
                    let elapsed = (ContinuousClock.now - started).components
                    runTimes.append(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
                }
                let reported = loggedIDs(inJSONLines: process.completeStdoutLines)
                if killed, !reported.isEmpty { partly += 1 }
                acknowledged.formUnion(reported)

                let files = JournalFiles(data: data)
                issues += files.problems.map { "run \(run): \($0)" }
                let missing = acknowledged.subtracting(files.ids)
                if !missing.isEmpty { issues.append("run \(run): \(missing.count) reported entries lost") }
                let names =
                    (try? FileManager.default.contentsOfDirectory(atPath: data.path + "/devices/local/journal")) ?? []
                sawLog = sawLog || names.contains { $0.hasSuffix(".log") }

                // The program reads what another program reads.
                let shown = try BinaryRunner.run(
                    executable, arguments: ["--data-dir", data.path, "--json", "2026-11-22"],
                    environment: environment, timeout: .seconds(60))
                let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
                let ids = ((object?["entries"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
                if Set(ids) != files.ids {
                    issues.append("run \(run): calorina shows \(ids.count), the files hold \(files.ids.count)")
                }
                if !issues.isEmpty { break }
            }
            print(
                "large month crash safety: \(kills) SIGKILLs, \(acknowledged.count) reported entries all on disk,"
                    + " \(partly) runs killed after reporting some of their entries")
        }
        #expect(issues.isEmpty, "\(issues.prefix(5))")
        #expect(sawLog, "the month never grew a log")
        #expect(kills >= 15)
        #expect(partly >= 3, "too few kills landed after a save")
    }
}
