// The fast reader of the command line. swift-argument-parser costs about 3 ms of start-up (it
// looks its types up at run time), a fifth of the budget from start to prompt, so the shapes
// people type every day are read here, exactly as `Calorina` reads them; anything else (--help,
// --version, a completion request, an unknown option, a flag given twice) goes to the argument
// parser, which answers it or says what is wrong. OptionReaderTests holds the two readers to the
// same answer over a table of argument lists.
//
// The rules both follow (POSIX, with one exception for the language):
// - `--` ends the options: every argument after it is a word of the line (`calorina -- -3 eggs`).
// - An argument that starts with "-" is an option, except "-" alone and a dash followed by digits
//   only, which the line reads as a day back (`calorina 2 eggs -1`) or a negative amount.
// - Options may come before or after the words; an option the program does not know is a usage
//   error (exit 2), never a word of the line.

extension Invocation {
    /// The arguments read the way `Calorina` reads them, when they are words and the flags
    /// `--data-dir DIR` (or `--data-dir=DIR`), `--json`, `--dry-run`, `--no-color` and `--ascii`,
    /// each at most once, with `--` ending the options; nil for anything else, which the argument
    /// parser then reads. A flag added to `Calorina` must be added here too, or it simply takes
    /// the slower road.
    init?(commonArguments arguments: [String]) {
        var seen = Set<String>()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                words += arguments[index...]
                return
            }
            guard Invocation.isOption(argument) else {
                words.append(argument)
                continue
            }
            let flag = argument.hasPrefix("--data-dir=") ? "--data-dir" : argument
            guard seen.insert(flag).inserted else { return nil }
            switch flag {
            case "--json": json = true
            case "--dry-run": dryRun = true
            case "--no-color": noColor = true
            case "--ascii": ascii = true
            case "--data-dir" where argument != flag && argument != "--data-dir=":
                dataDir = String(argument.dropFirst("--data-dir=".count))
            case "--data-dir" where argument == flag:
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                dataDir = arguments[index]
                index += 1
            default:
                return nil
            }
        }
    }

    /// True when `argument`, met before `--`, is an option rather than a word of the line: it
    /// starts with "-" and is neither "-" alone nor a dash followed by digits only ("-1": a day
    /// back, as in `calorina 2 eggs -1`).
    static func isOption(_ argument: String) -> Bool {
        let bytes = argument.utf8
        guard bytes.first == UInt8(ascii: "-"), bytes.count > 1 else { return false }
        return !bytes.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The words of the line in an argument list that may be unfinished or wrong, as a shell's
    /// completion request passes it: options, the value after `--data-dir` and the first `--`
    /// left out.
    static func lineWords(_ arguments: [String]) -> [String] {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return words + arguments[index...] }
            if argument == "--data-dir" {
                index += 1
            } else if !isOption(argument) {
                words.append(argument)
            }
        }
        return words
    }
}
