/// What `doctor restore` asks to put back: the parser's word for it, which `Doctor` acts on.
public enum DoctorTarget: Equatable, Sendable {
    /// Every file that cannot be read and has a backup that can.
    case everyBrokenFile
    /// One file, by what a person would call it: `2026-11`, `journal/2026-11.json`,
    /// `profile`, `foods.json`, `undo`, or a path.
    case named(String)
}
