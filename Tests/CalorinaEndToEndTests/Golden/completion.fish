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
        __calorina_parse_subcommand -r 1 'data-dir=' 'json' 'dry-run' 'no-color' 'ascii' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'help'
            __calorina_parse_subcommand -r 1 'version'
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
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" data-dir' -l 'data-dir' -d 'The data folder (default: $CALORINA_HOME or $XDG_DATA_HOME/calorina).' -rfka ''
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" json' -l 'json' -d 'Print one JSON object per command.'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" dry-run' -l 'dry-run' -d 'Parse, resolve and report, but save nothing.'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" no-color' -l 'no-color' -d 'Never colour the output.'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" ascii' -l 'ascii' -d 'Draw charts with plain ASCII (also when TERM=dumb).'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_positional "calorina" -ge 1' -fka '(__calorina_custom_completion ---completion -- positional@0 (count (__calorina_tokens -pc)) (__calorina_tokens -tC))'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" version' -l 'version' -d 'Show the version.'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_positional "calorina" -eq 2' -fa 'help' -d 'Show subcommand help information.'
complete -c 'calorina' -n '__calorina_should_offer_completions_for_flags_or_options "calorina help" version' -l 'version' -d 'Show the version.'
