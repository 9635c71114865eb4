// What `calorina --help` and a usage error print: the words swift-argument-parser 1.8.2 printed
// for `calorina` (at 80 columns) before the program stopped linking it (issue 15, size). An
// option added to `calorina` must be added here, to the reader (OptionReader.swift) and to the
// completion scripts (CompletionScripts.swift).

extension Calorina {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// The usage line, which `--help` and every usage error show.
    static let usage =
        "calorina [--data-dir <data-dir>] [--json] [--dry-run] [--no-color] [--ascii] [<words> ...]"

    /// The `--data-dir` option as the help lists it, for the error that says its value is missing.
    static let dataDirHelp =
        "--data-dir <data-dir>  The data folder (default: $CALORINA_HOME or $XDG_DATA_HOME/calorina)."

    /// What `--help` and `-h` print, to the last blank line.
    static let help = #"""
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

        USAGE: calorina [--data-dir <data-dir>] [--json] [--dry-run] [--no-color] [--ascii] [<words> ...]

        ARGUMENTS:
          <words>                 A line to run, e.g. 2 eggs and toast breakfast.

        OPTIONS:
          --data-dir <data-dir>   The data folder (default: $CALORINA_HOME or
                                  $XDG_DATA_HOME/calorina).
          --json                  Print one JSON object per command.
          --dry-run               Parse, resolve and report, but save nothing.
          --no-color              Never colour the output.
          --ascii                 Draw charts with plain ASCII (also when TERM=dumb).
          --version               Show the version.
          -h, --help              Show help information.


        """#
}
