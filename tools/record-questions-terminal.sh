#!/bin/sh
# Records grammar/examples/terminal/questions-at-a-terminal.txt: a day of questions typed at the
# REPL of a built calorina in a real pseudo-terminal (util-linux `script`), on a new data folder
# and a pinned clock, escape sequences removed. Usage: tools/record-questions-terminal.sh [BINARY]
set -eu
binary=${1:-.build/debug/calorina}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=grammar/examples/terminal/questions-at-a-terminal.txt
export CALORINA_HOME="$work/data" XDG_STATE_HOME="$work/state" CALORINA_NOW=2026-11-22T08:30:00 TERM=xterm-256color
{
    sleep 0.5
    for line in "how many calories do I have left" "2 servings oatmeal breakfast" \
        "1 cup orange juice and a banana" "goal protein 100 g" "goal water 2 l" "water 500 ml" \
        "how many calories left?" "how much protein today" "did I drink enough water" \
        "what did I have for breakfast" "how many calories in a big mac" "what should I eat for lunch" \
        "big mac lunch" "ran 30 min" "how many calories did I burn today" "how far did I run" \
        "how am I doing" "how much protein this week" "hw mny calroies todya" "why is the sky blue" \
        "2 eggs?" "undo"; do
        printf '%s\r' "$line"
        sleep 0.5
    done
    printf '\004'
    sleep 0.3
} | script -qfec "$binary --no-color" "$work/raw.txt" >/dev/null 2>&1
{
    echo "# A day of questions at a terminal (issue 29), recorded by tools/record-questions-terminal.sh:"
    echo "# the REPL in a pseudo-terminal on a new data folder, the clock pinned to Sun 22 Nov 08:30."
    echo "# Each question is answered with its number and the command it means, and logs nothing."
    sed -e 's/\x1b\[[0-9;?]*[a-zA-Z]//g' -e 's/\x1b[=>]//g' -e 's/\r$//' -e 's/\r/\n/g' "$work/raw.txt" \
        | grep -v '^Script \(started\|done\)'
} >"$out"
echo "wrote $out"
