import CalorinaSupport

// Nothing the person did not type reaches the terminal: a food name imported before imports
// refused control characters may hold terminal escapes (`ESC ] 0 ; … BEL` retitles the window,
// `ESC [ 2 J` clears it) or a NUL. The renderer's own colours are the only escapes it writes.

extension Renderer {
    /// `output` with every control character shown as `\u001B` (see `visible(_:)` for a string).
    func visible(_ output: Output) -> Output {
        Output(stdout: visible(output.stdout), stderr: visible(output.stderr))
    }

    /// `text` with every control character but line feeds, tabs, the CRLF that ends a CSV row
    /// and the renderer's own colour sequences (`paint`, when `color` is on) written as
    /// `\u001B`, `\u0000`, ….
    func visible(_ text: String) -> String {
        guard ControlCharacters.mayHold(text, keepingLines: true) else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if color, scalar == "\u{1B}", let length = Self.ownSequence(in: scalars, at: index) {
                out.append(contentsOf: scalars[index..<index + length])
                index += length
                continue
            }
            let kept =
                scalar == "\n" || scalar == "\t"
                || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
            if ControlCharacters.isControl(scalar), !kept {
                out.append(contentsOf: ControlCharacters.escaped(String(scalar)).unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// The codes `paint` writes, and the reset after them.
    private static let ownCodes: Set<String> = Set(
        [Style.red, .green, .yellow, .cyan, .bold, .dim].map(\.rawValue) + ["0"])

    /// The length of the colour sequence `ESC [ CODE m` that `paint` writes at `index`, or nil when
    /// the escape there is anything else.
    private static func ownSequence(in scalars: [Unicode.Scalar], at index: Int) -> Int? {
        guard index + 3 < scalars.count, scalars[index + 1] == "[" else { return nil }
        var end = index + 2
        var code = ""
        while end < scalars.count, end < index + 5, ("0"..."9").contains(scalars[end]) {
            code.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == "m", ownCodes.contains(code) else { return nil }
        return end + 1 - index
    }
}
