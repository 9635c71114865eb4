// What `calorina --help` and a usage error print: the words swift-argument-parser 1.8.2 printed
// for `calorina` (at 80 columns) before the program stopped linking it (issue 15, size). The
// usage line and the lists of the arguments and options are made from the option table
// (CommandLineOptions.swift), laid out as the argument parser laid them out; the overview above
// them is text. CompletionScriptGoldenTests hold the whole to Tests/CalorinaEndToEndTests/Golden.

extension Calorina {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// The usage line, which `--help` and every usage error show.
    static let usage =
        (["calorina"] + CommandLineOption.declared.map { "[\($0.synopsis)]" } + ["[<\(CommandLineWords.name)> ...]"])
        .joined(separator: " ")

    /// An option as a usage error's help line names it, unwrapped
    /// (`--data-dir <data-dir>  The data folder (…).`).
    static func helpLine(_ option: CommandLineOption) -> String {
        option.label + "  " + option.help
    }

    /// What `--help` and `-h` print, to the last blank line.
    static let help = overview + "\nUSAGE: \(usage)\n\n" + argumentsAndOptions + "\n"

    /// The ARGUMENTS and OPTIONS lists: each name in a column of 26, its help beside it wrapped
    /// at 80 columns.
    static var argumentsAndOptions: String {
        var lines = ["ARGUMENTS:"] + listed("<\(CommandLineWords.name)>", CommandLineWords.help)
        lines += ["", "OPTIONS:"]
        for option in CommandLineOption.all { lines += listed(option.label, option.help) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A name and its help, as the lists of `--help` show them.
    static func listed(_ name: String, _ help: String) -> [String] {
        let column = 26
        let width = 80
        var lines: [String] = []
        var line = "  " + name
        var blank = column - line.count
        if blank < 2 {
            lines.append(line)
            line = ""
            blank = column
        }
        line += String(repeating: " ", count: blank)
        var filled = false
        for word in help.split(separator: " ") {
            if filled && line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: column)
                filled = false
            }
            line += (filled ? " " : "") + word
            filled = true
        }
        lines.append(line)
        return lines
    }

    /// What `--help` says before the usage line.
    static let overview = #"""
        OVERVIEW: Log what you eat, the way you would say it.

        With no words on a terminal, calorina opens a line editor. With words, it runs
        them as one line ('calorina 2 eggs and toast breakfast'). With stdin from a
        file or a pipe, it runs each line ('calorina < day.txt'). Type 'help' in the
        editor for the language.

        Options go before or after the words; '--' ends them ('calorina -- -3 eggs'). A
        dash followed by digits is a word of the line ('calorina 2 eggs -1':
        yesterday), and so is, after the first word, an option of a command
        ('calorina export csv --out f.csv', 'calorina import log.csv --map ...').

        Shell completion of options and of a line's words: --generate-completion-script
        bash, zsh or fish (README.md says where to put it).

        Environment: CALORINA_HOME (data folder), CALORINA_NOW (pin the clock, e.g.
        2026-11-22T08:30:00), NO_COLOR, XDG_DATA_HOME, XDG_STATE_HOME.
        Exit status: 0 all lines succeeded; 1 a line failed; 2 usage error; 3 data
        files could not be read or written safely.

        """#
}
