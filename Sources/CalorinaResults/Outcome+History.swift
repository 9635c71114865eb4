import CalorinaExchange
import CalorinaJournal
import CalorinaLanguage
import CalorinaModel

/// What `export` wrote, or the text it made when no file was named.
public struct ExportReport: Equatable, Sendable {
    public var format: ExportFormat
    /// How many entries.
    public var count: Int
    /// The file written, absolute; nil when the text goes to standard output.
    public var file: String?
    /// The exported text when no file was named (empty otherwise).
    public var text: String
    /// The first and last day exported, when any entry was.
    public var first: String?
    public var last: String?
    /// True when nothing was written (`--dry-run`).
    public var dryRun: Bool
}

extension ExportReport {
    /// What an export in `format` wrote to `file` (nil: to the screen, whose `text` it is).
    package init(format: ExportFormat, written: EntrySpan, file: String? = nil, text: String = "", dryRun: Bool) {
        self.init(
            format: format, count: written.count, file: file, text: text, first: written.first, last: written.last,
            dryRun: dryRun)
    }
}

/// What `import` added.
public struct ImportReport: Equatable, Sendable {
    /// The file read, absolute.
    public var file: String
    /// What the file was: `Calorina CSV`, `Calorina JSON`, `food diary CSV`.
    public var format: String
    /// How many entries were added (or, in a dry run, would be), and the first and last day
    /// among them (`YYYY-MM-DD`).
    public var added: Int
    public var first: String?
    public var last: String?
    /// Entries already in the journal, left alone.
    public var skipped: Int
    /// True when nothing was saved (`--dry-run`).
    public var dryRun: Bool
    /// Rows of the file that made no entry, with their line and why.
    public var rowsSkipped: [SkippedRow] = []
    /// For a backup (`export all`) restored: the documents it put back besides the journal
    /// (`profile`, `foods`); nil for any other file.
    public var restored: [String]? = nil
}

extension ImportReport {
    /// What an import of `file` added (`added`) and left alone (`skipped`).
    package init(
        file: String, format: String, added: EntrySpan, skipped: Int, dryRun: Bool, rowsSkipped: [SkippedRow] = [],
        restored: [String]? = nil
    ) {
        self.init(
            file: file, format: format, added: added.count, first: added.first, last: added.last, skipped: skipped,
            dryRun: dryRun, rowsSkipped: rowsSkipped, restored: restored)
    }
}

/// The foods most often logged at a meal lately.
public struct SuggestReport: Equatable, Sendable {
    /// One food.
    public struct Row: Equatable, Sendable {
        public var food: String
        /// The portion as last logged: `1 cup (8 fl oz, 248 g)`.
        public var portion: String
        /// kcal as last logged.
        public var kcal: Double
        /// How many times in the days looked at.
        public var times: Int
    }

    public var meal: Meal
    /// Days looked back over.
    public var days: Int
    /// Most often first.
    public var rows: [Row]
}
