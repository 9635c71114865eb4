import CalorinaCore
import Foundation

// calorina-bench: the in-process half of Calorina's benchmarks; Benchmarks/run drives it.
//
//   calorina-bench generate DIR [--days 3650] [--end 2026-11-22] [--seed 1]
//   calorina-bench script FILE [--lines 100000] [--one-day] [--span-days 3650] [--end 2026-11-22] [--seed 2]
//   calorina-bench resolve CORPUS [--reps 30]
//   calorina-bench complete [--reps 200]
//   calorina-bench table-load
//   calorina-bench probe LINE...
//   calorina-bench check CORPUS
//
// Every command prints one JSON object on stdout.

/// The command line, taken apart as it is read.
final class Arguments {
    var rest: [String]
    init(_ rest: [String]) { self.rest = rest }
}

nonisolated(unsafe) let commandLine = Arguments(Array(CommandLine.arguments.dropFirst()))

func option(_ name: String, default value: String) -> String {
    guard let at = commandLine.rest.firstIndex(of: name) else { return value }
    guard at + 1 < commandLine.rest.count else { fail("\(name) needs a value") }
    let found = commandLine.rest[at + 1]
    commandLine.rest.removeSubrange(at...at + 1)
    return found
}

func flag(_ name: String) -> Bool {
    guard let at = commandLine.rest.firstIndex(of: name) else { return false }
    commandLine.rest.remove(at: at)
    return true
}

func int(_ name: String, default value: Int) -> Int {
    guard let number = Int(option(name, default: String(value))) else { fail("\(name) needs a whole number") }
    return number
}

func date(_ name: String, default value: String) -> CivilDate {
    let text = option(name, default: value)
    guard let date = CivilDate(text) else { fail("\(name) needs a date YYYY-MM-DD, not '\(text)'") }
    return date
}

func positional(_ what: String) -> String {
    guard let first = commandLine.rest.first else { fail("missing \(what)") }
    commandLine.rest.removeFirst()
    return first
}

guard !commandLine.rest.isEmpty else {
    fail("usage: calorina-bench generate|script|resolve|complete|table-load|probe|check … (see main.swift)")
}
let command = commandLine.rest.removeFirst()
switch command {
case "generate":
    let days = int("--days", default: 3650)
    let end = date("--end", default: "2026-11-22")
    let seed = UInt64(int("--seed", default: 1))
    let root = positional("data folder")
    var generator = Generator()
    let problems = generator.checkMeals()
    guard problems.isEmpty else { fail("meal items that do not resolve:\n" + problems.joined(separator: "\n")) }
    let start = ContinuousClock.now
    do {
        var info = try generator.writeJournal(root: root, end: end, days: days, seed: seed)
        info["seconds"] = (ContinuousClock.now - start).microseconds / 1_000_000
        printJSON(info)
    } catch {
        fail("cannot write the journal: \(error)")
    }
case "script":
    let count = int("--lines", default: 100_000)
    let oneDay = flag("--one-day")
    let end = date("--end", default: "2026-11-22")
    let seed = UInt64(int("--seed", default: 2))
    let span = int("--span-days", default: 3650)
    let path = positional("script file")
    var generator = Generator()
    let (text, info) = generator.script(count: count, dated: !oneDay, end: end, spanDays: span, seed: seed)
    do {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        fail("cannot write \(path): \(error)")
    }
    printJSON(info)
case "resolve":
    let reps = int("--reps", default: 30)
    printJSON(InProcess.resolve(corpusPath: positional("corpus file"), reps: reps))
case "complete":
    printJSON(InProcess.complete(reps: int("--reps", default: 200)))
case "table-load":
    printJSON(InProcess.tableLoad())
case "probe":
    printJSON(InProcess.probe(commandLine.rest))
case "check":
    let lines = InProcess.corpus(positional("corpus file"))
    var generator = Generator()
    let problems = generator.checkMeals() + InProcess.checkCorpus(lines)
    printJSON(["lines": lines.count, "problems": problems])
    if !problems.isEmpty { exit(1) }
default:
    fail("unknown command '\(command)'")
}
