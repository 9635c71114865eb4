// The parser reads a movement's words against the movement table (`Parser+Exercise.swift`),
// and every module above the language knows the table through it, as it did when the table
// lived here: one import, not one in each file that names a movement.
@_exported import CalorinaMovement
