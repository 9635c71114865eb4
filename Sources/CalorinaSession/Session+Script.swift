import CalorinaJournal
import CalorinaUndo

extension Session {
    /// Ends a script: its changes go into the shared history as one change, as an import does,
    /// so that `undo` after the script takes the whole script back. The record is this
    /// process's, made at its terminal: once the script has ended, a plain `undo` at the same
    /// terminal takes it. Call after the last `flush()`, which wrote the script's record so far
    /// before what it saved (`keepScriptIntent`): this one takes its place.
    public func keepScriptAsOneChange(lines: Int) -> StoreError? {
        guard !options.dryRun, !options.persistentUndo else { return nil }
        for record in memoryHistory.undo { scriptChange.fold(record) }
        memoryHistory = UndoHistory()
        let record = scriptChange.record(lines: lines)
        scriptChange = ScriptChange()
        // In the place of the record written as it saved (`keepScriptIntent`), if any.
        let intent = scriptIntent
        scriptIntent = nil
        lastScriptIntent = nil
        guard record != nil || intent != nil else { return nil }
        do {
            try keepStored(record, named: intent ?? Session.newID(), final: true)
        } catch {
            // The record written before the last save still takes back all the script saved:
            // the script is done, not failed (issue 25: a failure only when nothing was saved).
            if intent != nil, record != nil { return nil }
            return error
        }
        return nil
    }

    /// Before a script saves a batch, its record so far goes into the shared history, in the
    /// place of the one its last batch wrote: a script stopped anywhere (Ctrl-C, SIGTERM, a kill
    /// between two saves) is one change `undo` takes back whole, and never leaves what it saved
    /// with no record, for `undo` to take back an older, unrelated change instead (issue 25,
    /// F12). The record is small however long the script (`ScriptChange`).
    func keepScriptIntent() throws(StoreError) {
        guard options.batch, !options.dryRun, !options.persistentUndo else { return }
        var sofar = scriptChange
        for record in memoryHistory.undo { sofar.fold(record) }
        guard var record = sofar.record(lines: linesHandled) else { return }
        // Said without counts, so that a record that names the same entries (a large script's
        // prefix and months) is the same from one save to the next, and is not written again:
        // a save of a long script costs no write of the history (its fsyncs were a second of a
        // 100,000-line script). The record at its end says it whole.
        record.change = sofar.stoppedText
        if record == lastScriptIntent { return }
        let id = scriptIntent ?? Session.newID()
        try keepStored(record, named: id)
        lastScriptIntent = record
        scriptIntent = id
    }
}
