import CalorinaLanguage

/// The entries of a large script (or of a `copy … force` of more than `UndoHistory.listLimit`),
/// found by their ids rather than listed: those in `months` whose id starts with `idPrefix`.
public struct ScriptEntries: Codable, Equatable, Sendable {
    public var idPrefix: String
    public var months: [String]

    package init(idPrefix: String, months: [String]) {
        self.idPrefix = idPrefix
        self.months = months
    }
}

/// The entries an import added, by id and month, and the file and map to read them from again.
public struct ImportedEntries: Codable, Equatable, Sendable {
    /// The file, absolute.
    public var file: String
    /// The `--map` it was read with, field → header; nil when it was recognised by its headers.
    public var map: [String: String]?
    /// Month (`YYYY-MM`) → the ids of the entries added to it; empty when they are in `idsFile`.
    public var ids: [String: [String]]
    /// For a large import (version 5), the file of `ImportIDs` that holds its ids instead, and
    /// how many entries it added.
    public var idsFile: String? = nil
    public var added: Int? = nil

    /// The record of an import from `file` that added `ids`, month → ids.
    public init(file: String, map: ColumnMap?, ids: [String: [String]]) {
        self.file = file
        self.map = map.map { map in
            Dictionary(uniqueKeysWithValues: map.columns.map { ($0.key.rawValue, $0.value) })
        }
        self.ids = ids
    }

    /// The record of a large import from `file` whose `added` ids are in the file `idsFile`.
    public init(file: String, map: ColumnMap?, idsFile: String, added: Int) {
        self.init(file: file, map: map, ids: [:])
        self.idsFile = idsFile
        self.added = added
    }

    /// How many entries.
    public var count: Int { added ?? ids.values.reduce(0) { $0 + $1.count } }
}
