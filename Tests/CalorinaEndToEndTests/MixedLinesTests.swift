// A long script of mixed and hostile lines finishes: copies of big days with 'force', undo and
// redo of them, edits, deletes, moves and day switches (issue 16.3). That its cost per line
// stays flat from 10,000 to 100,000 lines is measured in Benchmarks/run, not here: a timed test
// on a shared machine would be noise. This only checks that nothing in the mix is quadratic
// enough to stop a debug build, and that the folder reads afterwards.

import Foundation
import SeededRandom
import Testing

@Suite("Mixed lines")
struct MixedLinesTests {
    /// Lines like Benchmarks/tools/make-mixed-script.py writes, from a seeded generator.
    static func script(lines count: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        let foods = [
            "2 eggs", "a banana", "1 cup orange juice", "oatmeal", "big mac", "item z 120 kcal", "2 eggs and toast",
        ]
        let meals = ["", " breakfast", " lunch", " dinner", " snack"]
        let hostile = ["xyzzy", "delete 99999", "edit 0 2 cups", "undo now", "))((", "redo redo", "move 5000 to lunch"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        // 2019-01-01 00:00 UTC.
        let start = Date(timeIntervalSince1970: 1_546_300_800)
        func day(_ offset: Int) -> String {
            let date = start.addingTimeInterval(Double(offset) * 86_400)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        var out: [String] = []
        var bigDays: [String] = []
        var nextBig = 0
        while out.count < count {
            let first = out.count / 40
            let window = { day(first + Int.random(in: 0..<30, using: &random)) }
            if out.count >= nextBig {
                nextBig += 5000
                bigDays = [window(), window()]
                for big in bigDays {
                    for _ in 0..<Int.random(in: 300...600, using: &random) {
                        out.append(
                            "\(big) item big \(Int.random(in: 1...50, using: &random)) kcal\(meals.randomElement(using: &random) ?? "")"
                        )
                    }
                }
            }
            let r = Double.random(in: 0..<1, using: &random)
            switch r {
            case ..<0.50:
                out.append((foods.randomElement(using: &random) ?? "") + (meals.randomElement(using: &random) ?? ""))
            case ..<0.56: out.append("day " + window())
            case ..<0.565:
                out.append("copy \(bigDays.randomElement(using: &random) ?? "") force")
                if Bool.random(using: &random) { out.append("undo") }
            case ..<0.60: out.append("copy " + window() + (meals.randomElement(using: &random) ?? ""))
            case ..<0.67: out.append("undo")
            case ..<0.71: out.append("redo")
            case ..<0.75: out.append("again")
            case ..<0.80: out.append("edit \(Int.random(in: 1...8, using: &random)) 2 servings")
            case ..<0.85: out.append("delete \(Int.random(in: 1...8, using: &random))")
            case ..<0.88: out.append("move \(Int.random(in: 1...8, using: &random)) to lunch")
            case ..<0.90: out.append(["week", "history 7"].randomElement(using: &random) ?? "")
            default: out.append(hostile.randomElement(using: &random) ?? "")
            }
        }
        return out.prefix(count).joined(separator: "\n") + "\n"
    }

    @Test func twentyThousandMixedLinesFinishAndTheFolderReads() throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            let data = folder.appendingPathComponent("data").path
            let environment = BinaryRunner.environment(home: folder, ["CALORINA_NOW": "2026-11-22T08:30:00"])
            let calorina = try BinaryRunner.productURL("calorina")
            let script = Self.script(lines: 20_000, seed: 16)
            // Hostile lines fail, so the script exits 1; what matters is that it ends.
            let run = try BinaryRunner.run(
                calorina, arguments: ["--data-dir", data], stdin: script, environment: environment,
                timeout: .seconds(300))
            #expect(run.status == 1, "\(run.stderr.suffix(2000))")
            #expect(run.stdout.contains("copied"))
            let doctor = try BinaryRunner.run(
                calorina, arguments: ["--data-dir", data, "doctor"], stdin: "", environment: environment,
                timeout: .seconds(60))
            #expect(doctor.status == 0, "\(doctor)")
        }
    }
}
