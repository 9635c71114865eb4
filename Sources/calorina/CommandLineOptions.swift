// The options of `calorina`, each written once: its names, its value, its help line. The reader
// (OptionReader.swift), the usage line and `--help` (Usage.swift) and the three completion
// scripts (CompletionScripts.swift) are made from this table, so an option added here is read,
// listed and completed everywhere (swift-argument-parser's lesson, "declare once, derive the
// rest", kept without its 0.8 MB). CompletionScriptGoldenTests hold what is made to golden files.

/// One option of the command line.
struct CommandLineOption: Sendable {
    /// What reading the option does.
    enum Role: Sendable, Equatable {
        case dataDir, json, dryRun, noColor, ascii, version, help
    }

    var role: Role
    /// The long name, without its dashes (`data-dir`).
    var name: String
    /// The one-letter name, without its dash (`h` for `-h`), if it has one.
    var short: Character?
    /// The name of its value (`--data-dir <data-dir>`), if it takes one.
    var value: String?
    /// What it does: one sentence, as `--help` lists it.
    var help: String
    /// An option every command of swift-argument-parser had (`--version`, `--help`): left out of
    /// the usage line, and listed after the words in the completion scripts, as the argument
    /// parser listed it.
    var builtIn = false

    /// `--data-dir`.
    var long: String { "--" + name }

    /// Its spellings on the command line, the short one first (`-h`, `--help`).
    var spellings: [String] { (short.map { ["-\($0)"] } ?? []) + [long] }

    /// The option with its value, as the usage line and the messages name it (`--data-dir <data-dir>`).
    var synopsis: String { value.map { "\(long) <\($0)>" } ?? long }

    /// How `--help` lists it (`-h, --help`).
    var label: String { (short.map { "-\($0), " } ?? "") + synopsis }
}

extension CommandLineOption {
    static let dataDir = CommandLineOption(
        role: .dataDir, name: "data-dir", value: "data-dir",
        help: "The data folder (default: $CALORINA_HOME or $XDG_DATA_HOME/calorina).")
    static let json = CommandLineOption(role: .json, name: "json", help: "Print one JSON object per command.")
    static let dryRun = CommandLineOption(
        role: .dryRun, name: "dry-run", help: "Parse, resolve and report, but save nothing.")
    static let noColor = CommandLineOption(role: .noColor, name: "no-color", help: "Never colour the output.")
    static let ascii = CommandLineOption(
        role: .ascii, name: "ascii", help: "Draw charts with plain ASCII (also when TERM=dumb).")
    static let version = CommandLineOption(role: .version, name: "version", help: "Show the version.", builtIn: true)
    static let help = CommandLineOption(
        role: .help, name: "help", short: "h", help: "Show help information.", builtIn: true)

    /// Every option of `calorina`, in the order `--help` lists them.
    static let all = [dataDir, json, dryRun, noColor, ascii, version, help]

    /// The option `spelling` names (`--json`, `-h`), if any.
    static func named(_ spelling: Substring) -> CommandLineOption? {
        all.first { $0.spellings.contains { $0 == spelling } }
    }

    /// The options a person declares for the command, before the words; then the built-in ones.
    static var declared: [CommandLineOption] { all.filter { !$0.builtIn } }
    static var builtIns: [CommandLineOption] { all.filter(\.builtIn) }

    /// The option that asks for a completion script (`--generate-completion-script SHELL`): the
    /// argument parser's, hidden from the help.
    static let completionScriptOption = "--generate-completion-script"
}

/// The words of the line, the one argument of the command.
enum CommandLineWords {
    /// Its name in the usage line and the completion scripts.
    static let name = "words"
    /// What `--help` says of it.
    static let help = "A line to run, e.g. 2 eggs and toast breakfast."
}
