// The shell completion scripts of `calorina --generate-completion-script bash|zsh|fish`: the
// scripts swift-argument-parser 1.8.2 generated for `calorina` (the zsh one mended: see
// `Calorina.completionScript`) before the program stopped linking it (issue 15, size), kept as
// text, with the options filled in from the option table (CommandLineOptions.swift) where the
// argument parser wrote them. Each completes the options, and the words of a line through the
// entry point `calorina ---completion -- positional@0 INDEX CURSOR WORDS…` (ShellCompletion.swift).
// CompletionScriptGoldenTests hold each script to a golden file; ShellCompletionScriptTests run
// them in bash, zsh and fish.

/// The completion scripts, one for each shell `--generate-completion-script` knows.
enum CompletionScripts {
    /// The options of the command line, as each script lists them.
    static let options = CommandLineOption.declared
    static let builtIns = CommandLineOption.builtIns

    // MARK: - bash

    /// The flags, and the options that take a value, as bash's lists name them.
    static let bashFlags = (options + builtIns).filter { $0.value == nil }.flatMap(\.spellings)
    static let bashValued = (options + builtIns).filter { $0.value != nil }.flatMap(\.spellings)

    /// After an option that takes a value, nothing is offered.
    static let bashValueCases = bashValued.map { "    '\($0)')\n        return\n        ;;" }
        .joined(separator: "\n")

    /// The bash script.
    static let bash = #"""
        #!/bin/bash

        __calorina_cursor_index_in_current_word() {
            local remaining="${COMP_LINE}"

            local word
            for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
                remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
            done

            local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
            if [[ "${index}" -le 0 ]]; then
                printf 0
            else
                printf %s "${index}"
            fi
        }

        # positional arguments:
        #
        # - 1: the current (sub)command's count of positional arguments
        #
        # required variables:
        #
        # - repeating_flags: the repeating flags that the current (sub)command can accept
        # - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
        # - repeating_options: the repeating options that the current (sub)command can accept
        # - non_repeating_options: the non-repeating options that the current (sub)command can accept
        # - positional_number: value ignored
        # - unparsed_words: unparsed words from the current command line
        #
        # modified variables:
        #
        # - non_repeating_flags: remove flags for this (sub)command that are already on the command line
        # - non_repeating_options: remove options for this (sub)command that are already on the command line
        # - positional_number: set to the current positional number
        # - unparsed_words: remove all flags, options, and option values for this (sub)command
        __calorina_offer_flags_options() {
            local -ir positional_count="${1}"
            positional_number=0

            local was_flag_option_terminator_seen=false
            local is_parsing_option_value=false

            local -ar unparsed_word_indices=("${!unparsed_words[@]}")
            local -i word_index
            for word_index in "${unparsed_word_indices[@]}"; do
                if "${is_parsing_option_value}"; then
                    # This word is an option value:
                    # Reset marker for next word iff not currently the last word
                    [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
                    unset "unparsed_words[${word_index}]"
                    # Do not process this word as a flag or an option
                    continue
                fi

                local word="${unparsed_words["${word_index}"]}"
                if ! "${was_flag_option_terminator_seen}"; then
                    case "${word}" in
                    --)
                        unset "unparsed_words[${word_index}]"
                        # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                        if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                            was_flag_option_terminator_seen=true
                        fi
                        continue
                        ;;
                    -*)
                        # ${word} is a flag or an option
                        # If ${word} is an option, mark that the next word to be parsed is an option value
                        local option
                        for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                            [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                        done

                        # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                        local not_found=true
                        local -i index
                        for index in "${!non_repeating_flags[@]}"; do
                            if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                                unset "non_repeating_flags[${index}]"
                                non_repeating_flags=("${non_repeating_flags[@]}")
                                not_found=false
                                break
                            fi
                        done
                        if "${not_found}"; then
                            for index in "${!non_repeating_flags[@]}"; do
                                if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                                    unset "non_repeating_flags[${index}]"
                                    non_repeating_flags=("${non_repeating_flags[@]}")
                                    break
                                fi
                            done
                        fi
                        unset "unparsed_words[${word_index}]"
                        continue
                        ;;
                    esac
                fi

                # ${word} is neither a flag, nor an option, nor an option value
                if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
                    # ${word} is a positional
                    ((positional_number++))
                    unset "unparsed_words[${word_index}]"
                else
                    if [[ -z "${word}" ]]; then
                        # Could be completing a flag, option, or subcommand
                        positional_number=-1
                    else
                        # ${word} is a subcommand or invalid, so stop processing this (sub)command
                        positional_number=-2
                    fi
                    break
                fi
            done

            unparsed_words=("${unparsed_words[@]}")

            if\
                ! "${was_flag_option_terminator_seen}"\
                && ! "${is_parsing_option_value}"\
                && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
            then
                COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
            fi
        }

        __calorina_add_completions() {
            local completion
            while IFS='' read -r completion; do
                COMPREPLY+=("${completion}")
            done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
        }

        __calorina_custom_complete() {
            if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
                local -ar words=("${COMP_WORDS[@]}")
            else
                local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
            fi

            "${COMP_WORDS[0]}" "${@}" "${words[@]}"
        }

        _calorina() {
            local state
            state="$(shopt -p;shopt -po)"
            trap "${state//$'\n'/;}" RETURN
            shopt -s extglob
            set +o history +o posix

            local -xr SAP_SHELL=bash
            local -x SAP_SHELL_VERSION
            SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
            local -r SAP_SHELL_VERSION

            local -r cur="${2}"
            local -r prev="${3}"

            local -i positional_number
            local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

            local -a repeating_flags=()
            local -a non_repeating_flags=(\#(bashFlags.joined(separator: " ")))
            local -a repeating_options=()
            local -a non_repeating_options=(\#(bashValued.joined(separator: " ")))
            __calorina_offer_flags_options -1

            # Offer option value completions
            case "${prev}" in
        \#(bashValueCases)
            esac

            # Offer positional completions
            case "${positional_number}" in
            *)
                __calorina_add_completions -W "$(__calorina_custom_complete ---completion -- positional@0 "${COMP_CWORD}" "$(__calorina_cursor_index_in_current_word)")"
                return
                ;;
            esac

            # Offer subcommand / subcommand argument completions
            local -r subcommand="${unparsed_words[0]}"
            unset 'unparsed_words[0]'
            unparsed_words=("${unparsed_words[@]}")
            case "${subcommand}" in
            help)
                # Offer subcommand argument completions
                "_calorina_${subcommand}"
                ;;
            *)
                # Offer subcommand completions
                COMPREPLY+=($(compgen -W 'help' -- "${cur}"))
                ;;
            esac
        }

        _calorina_help() {
            repeating_flags=()
            non_repeating_flags=(\#(CommandLineOption.version.long))
            repeating_options=()
            non_repeating_options=()
            __calorina_offer_flags_options -1
        }

        complete -o filenames -F _calorina calorina
        """#

    // MARK: - zsh

    /// An option as `_arguments` takes it: `'--json[Print one JSON object per command.]'`,
    /// `'--data-dir[…]:data-dir:'`, `'(-h --help)'{-h,--help}'[…]'`.
    static func zshSpec(_ option: CommandLineOption) -> String {
        let help = "[" + zshEscaped(option.help) + "]" + (option.value.map { ":\($0):" } ?? "")
        let spellings = option.spellings
        if spellings.count == 1 { return "'\(option.long)\(help)'" }
        return "'(\(spellings.joined(separator: " ")))'{\(spellings.joined(separator: ","))}'\(help)'"
    }

    /// Text inside `[…]` of a zsh spec, in single quotes.
    static func zshEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\", ":", "[", "]": escaped += "\\" + String(character)
            case "'": escaped += "'\\''"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Lines of `arg_specs` (indented by the caller).
    static func zshSpecs(_ options: [CommandLineOption], indent: String) -> String {
        options.map { indent + zshSpec($0) }.joined(separator: "\n")
    }

    /// The zsh script.
    static let zsh = #"""
        #compdef calorina

        __calorina_complete() {
            local -ar non_empty_completions=("${@:#(|:*)}")
            local -ar empty_completions=("${(M)@:#(|:*)}")
            _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
        }

        __calorina_custom_complete() {
            local -a completions
            completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
            if [[ "${#completions[@]}" -gt 1 ]]; then
                __calorina_complete "${completions[@]:0:-1}"
            fi
        }

        __calorina_cursor_index_in_current_word() {
            if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
                printf 0
            else
                printf %s "${#${(z)LBUFFER}[-1]}"
            fi
        }

        _calorina() {
            emulate -RL zsh -G
            setopt extendedglob nullglob numericglobsort
            unsetopt aliases banghist

            local -xr SAP_SHELL=zsh
            local -x SAP_SHELL_VERSION
            SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
            local -r SAP_SHELL_VERSION

            local context state state_descr line
            local -A opt_args

            local -r command_name="${words[1]}"
            local -ar command_line=("${words[@]}")
            local -ir current_word_index="$((CURRENT - 1))"

            local -i ret=1
            local -ar arg_specs=(
        \#(zshSpecs(options, indent: "        "))
                '*:\#(CommandLineWords.name):{__calorina_custom_complete ---completion -- positional@0 "${current_word_index}" "$(__calorina_cursor_index_in_current_word)"}'
        \#(zshSpecs(builtIns, indent: "        "))
            )
            _arguments -w -s -S : "${arg_specs[@]}" && ret=0
            case "${state}" in
            command)
                local -ar subcommands=(
                    'help:Show subcommand help information.'
                )
                _describe -V subcommand subcommands && ret=0
                ;;
            arg)
                case "${words[1]}" in
                help)
                    "_calorina_${words[1]}" && ret=0
                    ;;
                esac
                ;;
            esac

            return "${ret}"
        }

        _calorina_help() {
            local -i ret=1
            local -ar arg_specs=(
                '*:subcommands:'
        \#(zshSpecs([CommandLineOption.version], indent: "        "))
            )
            _arguments -w -s -S : "${arg_specs[@]}" && ret=0

            return "${ret}"
        }

        if [[ "${funcstack[1]}" = _calorina ]]; then
            _calorina "${@}"
        else
            compdef _calorina calorina
        fi
        """#

    // MARK: - fish

    /// An option as fish's `argparse` names it: `json`, `data-dir=`, `h/help`.
    static func fishParseSpec(_ option: CommandLineOption) -> String {
        "'" + (option.short.map { "\($0)/" } ?? "") + option.name + (option.value == nil ? "" : "=") + "'"
    }

    /// The `complete` line of an option, offered after the command `command`.
    static func fishComplete(_ option: CommandLineOption, after command: String = "calorina") -> String {
        let names = option.spellings.map { $0.drop { $0 == "-" } }.joined(separator: " ")
        var line = "complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options \"\(command)\" "
        line += names + "'"
        if let short = option.short { line += " -s '\(short)'" }
        line += " -l '\(option.name)' -d '" + fishEscaped(option.help) + "'"
        if option.value != nil { line += " -rfka ''" }
        return line
    }

    /// Text in single quotes, for fish.
    static func fishEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "'" { escaped += "\\" }
            escaped.append(character)
        }
        return escaped
    }

    /// The `complete` lines of `options`.
    static func fishCompletes(_ options: [CommandLineOption]) -> String {
        options.map { fishComplete($0) }.joined(separator: "\n")
    }

    /// The fish script.
    static let fish = #"""
        function __calorina_should_offer_completions_for_flags_or_options -a expected_commands
            set -l non_repeating_flags_or_options $argv[2..]
            set -l non_repeating_flags_or_options_absent 0
            set -l positional_index 0
            set -l commands
            __calorina_parse_tokens
            test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
        end

        function __calorina_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
            set -l non_repeating_flags_or_options
            set -l non_repeating_flags_or_options_absent 0
            set -l positional_index 0
            set -l commands
            __calorina_parse_tokens
            test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
        end

        function __calorina_parse_tokens -S
            set -l unparsed_tokens (__calorina_tokens -pc)
            switch $unparsed_tokens[1]
            case 'calorina'
                __calorina_parse_subcommand -r 1 \#((options + builtIns).map(fishParseSpec).joined(separator: " "))
                switch $unparsed_tokens[1]
                case 'help'
                    __calorina_parse_subcommand -r 1 \#(fishParseSpec(CommandLineOption.version))
                end
            end
        end

        function __calorina_tokens
            if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
                commandline --tokens-raw $argv
            else
                commandline -o $argv
            end
        end

        function __calorina_parse_subcommand -S -a positional_count
            argparse -s r -- $argv
            set -l option_specs $argv[2..]
            set -l is_repeating_positional $_flag_r
            set -el _flag_r
            set -a commands $unparsed_tokens[1]
            set positional_index 0
            while true
                set -e unparsed_tokens[1]
                argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
                set unparsed_tokens $argv
                set positional_index (math $positional_index + 1)
                for non_repeating_flag_or_option in $non_repeating_flags_or_options
                    if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                        set non_repeating_flags_or_options_absent 1
                        break
                    end
                end
                test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
            end
        end

        function __calorina_complete_directories
            set -l token (commandline -t)
            string match -- '*/' $token
            set -l subdirs $token*/
            printf %s\n $subdirs
        end

        function __calorina_custom_completion
            set -x SAP_SHELL fish
            set -x SAP_SHELL_VERSION $FISH_VERSION
            set -l tokens (__calorina_tokens -p)
            if test -z "$(__calorina_tokens -t)"
                set -l index (count (__calorina_tokens -pc))
                set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
            end
            command $tokens[1] $argv $tokens
        end

        complete -c 'calorina' -f
        \#(fishCompletes(options))
        complete -c 'calorina' -n '__calorina_should_offer_completions_for_positional "calorina" -ge 1' -fka '(__calorina_custom_completion ---completion -- positional@0 (count (__calorina_tokens -pc)) (__calorina_tokens -tC))'
        \#(fishCompletes(builtIns))
        complete -c 'calorina' -n '__calorina_should_offer_completions_for_positional "calorina" -eq 2' -fa 'help' -d 'Show subcommand help information.'
        \#(fishComplete(CommandLineOption.version, after: "calorina help"))
        """#
}
