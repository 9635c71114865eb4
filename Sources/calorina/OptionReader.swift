// The reader of the command line. It reads the arguments exactly as swift-argument-parser 1.8.2
// read them for `calorina` (which the program linked until issue 15 (size): 0.8 MB of the static
// binary, and about 3 ms of start-up when it was asked): the same options, the same answers to
// `--help`, `--version`, `--generate-completion-script` and the shells' `---completion`
// requests, and the same usage errors, word for word. OptionReaderTests holds it to a table of
// argument lists. The options themselves (names, values, help) are the table of
// CommandLineOptions.swift, from which the help and the completion scripts are made too.
//
// The rules (POSIX, with one exception for the language):
// - `--` ends the options: every argument after it is a word of the line (`calorina -- -3 eggs`).
// - An argument that starts with "-" is an option, except "-" alone and a dash followed by digits
//   only, which the line reads as a day back (`calorina 2 eggs -1`) or a negative amount.
// - Options may come before or after the words, and a flag may be given twice. Before the line's
//   first word, an option the program does not know is a usage error (exit 2); after it, an
//   argument that is not one of Calorina's own options is a word of the line, so that a command's
//   own options (`export csv --out f.csv`, `import log.csv --map "…"`) read as at the prompt.
// - `--version` takes no words: `calorina --version extra` is a usage error, not the version.
// - Which answer wins when several apply, as the argument parser decided it: a malformed option
//   (`---x`, `-=`), then a request for a completion script, then a value missing or not allowed
//   (`--data-dir` at the end, `--json=yes`, in the order they come), then `--help`, then
//   `--version`, then an unknown option.

/// What one start of the program asks for, read from its arguments.
enum CommandLineRequest: Equatable {
    /// Run with these options and these words of the line.
    case run(Invocation)
    /// Print the help (`--help`, `-h`).
    case help
    /// Print the version (`--version`).
    case version
    /// Print the completion script of this shell: "bash", "zsh" or "fish".
    case completionScript(String)
    /// A shell's TAB asks for the candidates of a word: the shell words of the command line (the
    /// command first), which of them is being completed, and its text left of the cursor.
    case complete(words: [String], index: Int, typed: String)
    /// A usage error (exit 2).
    case usageError(UsageError)

    /// The shells with a completion script.
    static let shells = ["zsh", "bash", "fish"]

    /// Reads `arguments` (without the program's name); `shell` is the name of the user's shell
    /// (the last part of `$SHELL`), for `--generate-completion-script` without a shell named.
    init(_ arguments: [String], shell: String?) {
        if arguments.first == "---completion" {
            self = Self.completionRequest(arguments.dropFirst())
            return
        }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let options = arguments[..<end]
        if let malformed = options.first(where: { $0.hasPrefix("---") || $0.hasPrefix("-=") }) {
            self = .usageError(UsageError("Invalid option: \(malformed)"))
            return
        }
        if let index = options.firstIndex(where: {
            $0 == CommandLineOption.completionScriptOption
                || $0.hasPrefix(CommandLineOption.completionScriptOption + "=")
        }) {
            self = Self.scriptRequest(arguments, at: index, shell: shell)
            return
        }
        var invocation = Invocation()
        var help = false
        var version = false
        var unknown: String?
        var index = arguments.startIndex
        while index < end {
            let argument = arguments[index]
            index += 1
            let (name, value) = Self.split(argument)
            guard let option = CommandLineOption.named(name) else {
                if Invocation.isOption(argument) && invocation.words.isEmpty {
                    if unknown == nil { unknown = argument }
                } else {
                    invocation.words.append(argument)
                }
                continue
            }
            if option.value != nil {
                if let value, !value.isEmpty {
                    invocation.set(option, to: String(value))
                } else if index < arguments.count, Self.isValue(arguments[index]) {
                    invocation.set(option, to: arguments[index])
                    index += 1
                } else {
                    self = .usageError(
                        UsageError("Missing value for '\(option.synopsis)'", help: Calorina.helpLine(option)))
                    return
                }
            } else if option.builtIn {
                // The argument parser's own flags took any value after "=" and ignored it.
                if option.role == .help { help = true } else { version = true }
            } else if let value, !value.isEmpty {
                self = .usageError(
                    UsageError("The option '\(name)' does not take any value, but '\(value)' was specified."))
                return
            } else {
                invocation.set(option, to: nil)
            }
        }
        let wordBeforeDashes = invocation.words.first
        if end < arguments.endIndex { invocation.words += arguments[(end + 1)...] }
        if help {
            self = .help
        } else if version, let word = wordBeforeDashes {
            self = .usageError(UsageError("'--version' takes no words, but '\(word)' was given"))
        } else if version {
            self = .version
        } else if let unknown {
            self = .usageError(
                UsageError("unknown option '\(unknown)'; a line that starts with a dash goes after '--'"))
        } else {
            self = .run(invocation)
        }
    }

    /// An option and its value after "=", if it has one (`--data-dir=/tmp/d`, `-h=x`).
    private static func split(_ argument: String) -> (name: Substring, value: Substring?) {
        guard argument.hasPrefix("-"), let equals = argument.firstIndex(of: "=") else { return (argument[...], nil) }
        return (argument[..<equals], argument[argument.index(after: equals)...])
    }

    /// True when `argument` can be an option's value: anything but an option or `--` ("-" alone
    /// and "-1" are refused too, as the argument parser refused them, except "-" alone).
    private static func isValue(_ argument: String) -> Bool {
        !(argument.hasPrefix("-") && argument.utf8.count > 1)
    }

    /// `--generate-completion-script [SHELL]` or `--generate-completion-script=SHELL` at
    /// `index`: the shell named, else the user's shell; the rest of the arguments do not matter.
    private static func scriptRequest(_ arguments: [String], at index: Int, shell: String?) -> CommandLineRequest {
        var named = split(arguments[index]).value.map(String.init) ?? ""
        if named.isEmpty, index + 1 < arguments.count, isValue(arguments[index + 1]) {
            named = arguments[index + 1]
        }
        let advice = "\nPlease use --generate-completion-script=<shell> with one of:\n    zsh bash fish"
        if named.isEmpty {
            guard let shell, shells.contains(shell) else {
                return .usageError(UsageError("Can't autodetect a supported shell." + advice))
            }
            return .completionScript(shell)
        }
        guard shells.contains(named) else {
            return .usageError(UsageError("Can't generate completion scripts for '\(named)'." + advice))
        }
        return .completionScript(named)
    }

    /// `---completion -- positional@0 INDEX CURSOR WORDS…`, which the completion scripts send:
    /// the word at INDEX is completed, CURSOR characters of the last word are left of the cursor.
    /// The argument may also be named `words`, its old name.
    private static func completionRequest(_ request: ArraySlice<String>) -> CommandLineRequest {
        let invalid = CommandLineRequest.usageError(
            UsageError("Internal error. Invalid state while parsing command-line arguments."))
        var rest = request
        guard rest.popFirst() == "--", let argument = rest.popFirst() else { return invalid }
        let positional = "positional@"
        guard
            argument == "words"
                || (argument.hasPrefix(positional) && Int(argument.dropFirst(positional.count)) == 0)
        else { return invalid }
        guard let index = rest.popFirst().flatMap({ Int($0) }), let cursor = rest.popFirst().flatMap({ Int($0) }),
            cursor >= 0
        else { return invalid }
        let words = Array(rest)
        guard let last = words.last else {
            return cursor == 0 ? .complete(words: [], index: index, typed: "") : invalid
        }
        return .complete(words: words, index: index, typed: String(last.prefix(cursor)))
    }
}

/// A mistake on the command line: what `calorina` prints for it, and exits 2.
struct UsageError: Error, Equatable {
    /// What is wrong.
    var message: String
    /// The help of the option concerned, when the message names one.
    var help: String?

    init(_ message: String, help: String? = nil) {
        self.message = message
        self.help = help
    }

    /// The message, the option's help, and how to use the command, each line ending in "\n".
    var text: String {
        var text = "Error: \(message)\n"
        if let help { text += "Help:  \(help)\n" }
        return text + "Usage: \(Calorina.usage)\n  See 'calorina --help' for more information.\n"
    }
}

extension Invocation {
    /// Calorina's own options, which are options wherever they stand before `--`.
    static let ownOptions = Set(
        CommandLineOption.all.flatMap(\.spellings).map { Substring($0) } + [
            Substring(CommandLineOption.completionScriptOption)
        ])

    /// Sets what `option` says: its value, or its flag when it takes none.
    mutating func set(_ option: CommandLineOption, to value: String?) {
        switch option.role {
        case .dataDir: dataDir = value
        case .json: json = true
        case .dryRun: dryRun = true
        case .noColor: noColor = true
        case .ascii: ascii = true
        case .version, .help: break
        }
    }

    /// An option and its value after "=", if it has one.
    private static func split(_ argument: String) -> (name: Substring, value: Substring?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument[...], nil) }
        return (argument[..<equals], argument[argument.index(after: equals)...])
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
    /// completion request passes it: Calorina's own options, the value after `--data-dir` and the
    /// first `--` left out; after the first word, an option Calorina does not know is a word.
    static func lineWords(_ arguments: [String]) -> [String] {
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return words + arguments[index...] }
            if CommandLineOption.named(argument[...])?.value != nil {
                index += 1
            } else if !isOption(argument) || (!words.isEmpty && !ownOptions.contains(split(argument).name)) {
                words.append(argument)
            }
        }
        return words
    }
}
