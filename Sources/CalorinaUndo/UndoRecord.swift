import CalorinaFoods
import CalorinaJournal
import CalorinaLanguage
import CalorinaSupport

/// Changes to the journal as data: what to add and what to remove, each way.
public struct ChangeSet: Codable, Equatable, Sendable {
    /// Entries taken out (applied first).
    public var remove: [Entry] = []
    /// Entries put in (applied after the removals, so an edit is a removal and an add of one id).
    public var add: [Entry] = []
    /// Where deleted entries stood, so that putting them back puts them there again: entry id →
    /// the id of the entry before it in its day ("" for the first). Nil for other changes.
    public var places: [String: String]? = nil

    /// Creates a change set.
    public init(remove: [Entry] = [], add: [Entry] = [], places: [String: String]? = nil) {
        self.remove = remove
        self.add = add
        self.places = places
    }

    /// The change set that takes this one back.
    public var inverse: ChangeSet { ChangeSet(remove: add, add: remove, places: places) }

    /// The store's changes, removals first.
    package var journalChanges: [JournalChange] {
        remove.map { .remove(id: $0.id, date: $0.date) }
            + add.map { entry in
                guard let place = places?[entry.id] else { return .add(entry) }
                return .insert(entry, after: place.isEmpty ? nil : place)
            }
    }
}

/// One change a person can undo and redo: journal entries (or, for a large change, how to find
/// them), the profile's fields it set, the user's foods. Copies of entries only for what redo or
/// undo must put back: entries taken out or edited, and additions up to `UndoHistory.listLimit`;
/// a larger addition is found by its ids (issue 25, F14).
public struct UndoRecord: Codable, Equatable, Sendable {
    /// What the change was, in words.
    public var change: String
    public var undo: ChangeSet
    public var redo: ChangeSet
    /// The whole profile before and after, as records of version 3 and before kept it; read as
    /// the fields in which the two differ (`profileChanges`), never written now.
    public var profileBefore: Profile?
    public var profileAfter: Profile?
    /// Changes to the user's foods, aliases, recipes and remembered picks, in order.
    public var foods: [UserFoodsChange]? = nil
    /// A large script's own entries, found by their ids when it is undone (it cannot be redone).
    public var scriptEntries: ScriptEntries? = nil
    /// An import's entries, by their ids: undo takes them out, redo reads the file again.
    public var importedEntries: ImportedEntries? = nil
    /// Whose change it is: the process that made it (`pid:N`, see `Session.Options.undoOwner`).
    public var owner: String?
    /// Where it was made: the terminal (`/dev/pts/3`) or, without one, the login session
    /// (`sid:N`); see `Session.Options.undoTerminal`. Absent in records of version 1.
    public var terminal: String?
    /// The profile's fields the change set, as they were and became (version 4): undo puts back
    /// these alone. Records of earlier versions keep `profileBefore` and `profileAfter` instead,
    /// and are read as the fields in which the two differ.
    public var fields: [FieldChange]? = nil
    /// When the change was made, and on which device (`ChangeClock`): `undo any` on another
    /// device takes back the newest change of every device's history by it. Nil in records
    /// written before devices.
    public var made: String? = nil
    /// The record's own name (version 4), for a record written before the change it describes is
    /// saved and kept up to date as it saves (a script's, an import's): the record that stands in
    /// for it at the end is found by it.
    public var id: String? = nil

    /// Creates a record.
    public init(
        change: String, undo: ChangeSet, redo: ChangeSet, profileBefore: Profile? = nil, profileAfter: Profile? = nil,
        foods: [UserFoodsChange]? = nil
    ) {
        self.change = change
        self.undo = undo
        self.redo = redo
        self.profileBefore = profileBefore
        self.profileAfter = profileAfter
        self.foods = foods
    }

    /// The profile's fields the change set: `fields`, or what an earlier version's whole
    /// profiles differ in; nil when it changed no profile.
    package var profileChanges: [FieldChange]? {
        if let fields { return fields }
        guard profileBefore != nil || profileAfter != nil else { return nil }
        return ProfileFields.changes(from: profileBefore ?? Profile(), to: profileAfter ?? Profile())
    }

    /// True for a record of version 4.
    var needsVersion4: Bool { fields != nil || id != nil }
}
