import CalorinaDoctor
import CalorinaJournal
import CalorinaResults
import CalorinaSupport

// What `doctor` found, for people and for programs.

extension Renderer {
    /// The files with problems, each with where it breaks, its backup and what to do; then one
    /// line for the files that read. A report with a file it could not read goes to stderr.
    func doctorText(_ report: DoctorReport) -> Output {
        var out = "data folder " + report.root + "\n"
        if let problem = report.folderProblem {
            out += "  " + paint("✗", .red) + " " + problem.message + "\n"
        }
        var good: [DoctorReport.File] = []
        for file in report.files {
            if case .good = file.health, file.restored == nil, file.notRestored == nil {
                good.append(file)
                continue
            }
            out += fileText(file, report: report)
        }
        if !good.isEmpty {
            let months = good.filter { $0.role.hasPrefix("the journal") }.count
            var kinds = good.filter { !$0.role.hasPrefix("the journal") }.map {
                $0.role.hasPrefix("the ") ? String($0.role.dropFirst(4)) : $0.role
            }
            if months > 0 { kinds.append(months == 1 ? "1 month" : "\(months) months") }
            let all =
                good.count == report.files.count
                ? (good.count == 1 ? "the" : "all \(good.count)") : "\(good.count) other"
            out +=
                "  " + paint("✓", .green) + " \(all) data file\(good.count == 1 ? "" : "s") read cleanly ("
                + kinds.joined(separator: ", ") + ")\n"
        }
        if !report.leftoverFiles.isEmpty {
            let count = report.leftoverFiles.count
            out +=
                "  " + paint("·", .yellow)
                + " \(count == 1 ? "a temporary file" : "\(count) temporary files") of Calorina processes that were"
                + " stopped while writing: "
                + report.leftoverFiles.map { shortPath($0, root: report.root) }.joined(
                    separator: ", ") + "\n"
            out += "      they are not data; the next change removes them\n"
        }
        for copy in report.conflictCopies {
            let name = shortPath(copy.path, root: report.root)
            if let original = copy.copyOf {
                out +=
                    "  " + paint("✗", .red) + " \(name): a conflict copy \(copy.tool) made of "
                    + shortPath(original, root: report.root)
                    + " when two devices changed it; Calorina does not read it, so its changes are not in your log\n"
                out +=
                    "      compare the two, keep the one you want in the place of "
                    + shortPath(original, root: report.root) + " and move the other out of the data folder\n"
            } else {
                out += "  " + paint("✗", .red) + " \(name) holds git's conflict markers (<<<<<<< … >>>>>>>)\n"
                out +=
                    "      finish the merge by hand (or 'git checkout --ours/--theirs' then re-add), keeping one whole"
                    + " version; until then it cannot be read\n"
            }
        }
        for lost in report.lostEdits {
            out +=
                "  " + paint("·", .yellow) + " \(lost.shown.date) \(lost.shown.time): "
                + "'\(lost.lost.text)' (\(Format.integer(lost.lost.kcal)) kcal) was edited on \(lost.lostBy) and on "
                + "\(lost.shownBy) without either seeing the other's edit; \(lost.shownBy)'s, the later, is shown: "
                + "'\(lost.shown.text)' (\(Format.integer(lost.shown.kcal)) kcal)\n"
            out += "      to keep \(lost.lostBy)'s instead, edit the entry again on either device\n"
        }
        if report.files.isEmpty && report.folderProblem == nil && report.conflictCopies.isEmpty {
            out += "  " + paint("✓", .green) + " no data files yet: nothing to check\n"
        }
        return report.healthy ? Output(stdout: out) : Output(stdout: "", stderr: out)
    }

    private func fileText(_ file: DoctorReport.File, report: DoctorReport) -> String {
        let name = shortPath(file.path, root: report.root)
        var out = ""
        if let restored = file.restored {
            let salvaged = restored.salvage?.entriesRead ?? 0
            let done = "  " + paint("✓", .green)
            switch restored.from {
            case let backup? where salvaged == 0:
                out += done + " restored \(name) (\(file.role)) from its backup of \(backup.made): \(restored.holds)\n"
            case let backup?:
                out += done + " repaired \(name) (\(file.role)) from what could be read of it and its backup of"
                out += " \(backup.made): \(restored.holds)\n"
            case nil:
                out += done + " repaired \(name) (\(file.role)): \(restored.holds)\n"
            }
            if let salvage = restored.salvage, !salvage.isWhole {
                out += salvageText(salvage, restored: restored)
            }
            if let salvage = restored.salvage, salvage.repeatsRemoved > 0 {
                out += "      removed \(repeats(salvage.repeatsRemoved)) (kept the first of each)\n"
            }
            if let kept = restored.keptAt {
                out += "      the file it replaced is kept as \(shortPath(kept, root: report.root))\n"
                if let backup = restored.from, salvaged == 0 {
                    out += "      (changes made after \(backup.made) are only in that file)\n"
                }
            }
            if case .bad(let error) = file.health {
                out += "      but it still cannot be read: \(problemText(error))\n"
            }
            return out
        }
        var fileReads = false
        switch file.health {
        case .good(let holds):
            fileReads = true
            out += "  " + paint("✓", .green) + " \(name) (\(file.role)) reads: \(holds)\n"
        case .missing:
            out += "  " + paint("·", .yellow) + " \(name) (\(file.role)) is missing\n"
        case .bad(let error):
            out += "  " + paint("✗", .red) + " \(name) (\(file.role))\n"
            out += "      " + problemText(error) + "\n"
        }
        for backup in file.backups {
            switch backup.health {
            case .good(let holds):
                out += "      backup: \(shortPath(backup.path, root: report.root)), made \(backup.made): \(holds)\n"
            case .bad(let error):
                out += "      backup: \(shortPath(backup.path, root: report.root)) cannot be read"
                out += fileReads ? ": " : " either: "
                out += problemText(error) + "\n"
            case .missing:
                break
            }
        }
        if let reason = file.notRestored {
            out += "      not restored: \(reason)\n"
        } else if fileReads {
            return out
        } else if !file.strayLogs.isEmpty, let salvage = file.salvage, salvage.unreadableLines.isEmpty {
            // The month reads; logs it does not name hold entries it lacks.
            for stray in file.strayLogs {
                out += "      \(shortPath(stray.path, root: report.root)), a log the month does not name, holds"
                out += " \(entries(stray.entries)) the month lacks\n"
            }
            out += "      to put them in the month: calorina doctor restore \(restoreName(file.path))\n"
        } else if let salvage = file.salvage, salvage.unreadableLines.isEmpty, salvage.repeatsRemoved == 0 {
            // Every entry of the month reads: what cannot is the last line of its log, which a
            // write that did not finish cut short (nobody was told of that entry).
            out += "      every entry reads; its log's last line was cut short by a write that did not finish\n"
            out += "      to write the month again with its log's whole lines: calorina doctor restore"
            out += " \(restoreName(file.path))\n"
        } else if let salvage = file.salvage, salvage.unreadableLines.isEmpty {
            let many = salvage.repeatsRemoved != 1
            out += "      every entry reads, but \(salvage.repeatsRemoved) of them repeat\(many ? "" : "s") an earlier"
            out += " entry\n"
            out += "      to remove the repeats (the first of each is kept): calorina doctor restore"
            out += " \(restoreName(file.path))\n"
        } else if let salvage = file.salvage, salvage.entriesRead > 0 {
            out += "      \(entries(salvage.entriesRead)) can still be read from it, but not what starts at"
            out += " \(lines(salvage.unreadableLines))\n"
            if file.newestReadableBackup != nil {
                out += "      its backup has \(entries(salvage.fromBackup.count)) that the file lacks\n"
                out += "      to rebuild it from what reads and its backup: calorina doctor restore"
            } else {
                out += "      there is no backup that reads to fill in the rest\n"
                out += "      to rebuild it from what reads: calorina doctor restore"
            }
            out += " \(restoreName(file.path))\n"
        } else if file.newestReadableBackup != nil {
            out += "      to put the backup back: calorina doctor restore \(restoreName(file.path))\n"
        } else if case .bad = file.health, file.backups.isEmpty {
            out += "      there is no backup of it: Calorina keeps one from the first change to a file on, and this"
            out += " one has had none since it was made (or its backups were removed)\n"
            out += "      fix the file at that place, or move it aside to start it afresh\n"
        } else if case .bad = file.health {
            out += "      no backup to put back: fix the file at that place, or move it aside to start it afresh\n"
        }
        return out
    }

    /// What a month rebuilt from what could be read of it holds, and from where.
    private func salvageText(_ salvage: DoctorReport.Salvage, restored: DoctorReport.Restoration) -> String {
        var out = ""
        if salvage.entriesRead > 0 {
            out += "      read \(entries(salvage.entriesRead)) from the damaged file\n"
        }
        out += "      could not read what starts at \(lines(salvage.unreadableLines))\n"
        guard restored.from != nil else {
            out += "      no backup reads: what could not be read is only in the file it replaced\n"
            return out
        }
        guard !salvage.fromBackup.isEmpty else {
            out += "      its backup has no entry the file lacked\n"
            return out
        }
        out += "      took \(entries(salvage.fromBackup.count)) from its backup that the file lacked:\n"
        let shown = 5
        for entry in salvage.fromBackup.prefix(shown) {
            out += "        \(entry.date) \(entry.time) \(entry.food), \(Format.integer(entry.kcal)) kcal\n"
        }
        if salvage.fromBackup.count > shown { out += "        and \(salvage.fromBackup.count - shown) more\n" }
        out += "      (if you deleted one of them after the backup was made, delete it again)\n"
        return out
    }

    private func entries(_ count: Int) -> String {
        count == 1 ? "1 entry" : "\(count) entries"
    }

    /// `line 4`, `lines 4 and 9`, `lines 4, 9 and 12`.
    private func lines(_ numbers: [Int]) -> String {
        let words = numbers.map(String.init)
        guard let last = words.last else { return "no line" }
        if words.count == 1 { return "line " + last }
        return "lines " + words.dropLast().joined(separator: ", ") + " and " + last
    }

    private func repeats(_ count: Int) -> String {
        count == 1 ? "1 repeated entry" : "\(count) repeated entries"
    }

    /// Where and why, without the path (the report names the file).
    private func problemText(_ error: StoreError) -> String {
        switch error {
        case .unreadable(_, let line, let column, let reason): "line \(line), column \(column): \(reason)"
        case .newerVersion(_, let found, _):
            "it is from a newer Calorina (version \(found)); update Calorina to read it"
        default: error.message
        }
    }

    /// The name `doctor restore` takes for a file: its month, or its name without `.json`.
    private func restoreName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
    }

    private func shortPath(_ path: String, root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    static func json(_ report: DoctorReport) -> JSONValue {
        func health(_ health: DoctorReport.Health) -> [(String, JSONValue)] {
            switch health {
            case .good(let holds): [("readable", .bool(true)), ("holds", .string(holds))]
            case .missing: [("readable", .bool(false)), ("missing", .bool(true))]
            case .bad(let error):
                switch error {
                case .unreadable(_, let line, let column, let reason):
                    [
                        ("readable", .bool(false)),
                        (
                            "problem",
                            .object([
                                ("message", .string(reason)), ("line", .number(Double(line))),
                                ("column", .number(Double(column))),
                            ])
                        ),
                    ]
                default:
                    [("readable", .bool(false)), ("problem", .object([("message", .string(error.message))]))]
                }
            }
        }
        func salvage(_ salvage: DoctorReport.Salvage) -> JSONValue {
            .object([
                ("entries_read", .number(Double(salvage.entriesRead))),
                ("repeats_removed", .number(Double(salvage.repeatsRemoved))),
                ("unreadable_lines", .array(salvage.unreadableLines.map { .number(Double($0)) })),
                ("from_backup", .array(salvage.fromBackup.map(Renderer.json))),
            ])
        }
        let files: [JSONValue] = report.files.map { file in
            var pairs: [(String, JSONValue)] = [("path", .string(file.path)), ("role", .string(file.role))]
            pairs += health(file.health)
            pairs.append(
                (
                    "backups",
                    .array(
                        file.backups.map { backup in
                            .object(
                                [("path", .string(backup.path)), ("made", .string(backup.made))] + health(backup.health)
                            )
                        })
                ))
            if let found = file.salvage { pairs.append(("salvage", salvage(found))) }
            if let restored = file.restored {
                pairs.append(
                    (
                        "restored",
                        .object([
                            ("from", restored.from.map { .string($0.path) } ?? .null),
                            ("holds", .string(restored.holds)),
                            ("kept_at", restored.keptAt.map(JSONValue.string) ?? .null),
                            ("salvage", restored.salvage.map(salvage) ?? .null),
                        ])
                    ))
            }
            if let reason = file.notRestored { pairs.append(("not_restored", .string(reason))) }
            return .object(pairs)
        }
        var pairs: [(String, JSONValue)] = [
            ("ok", .bool(report.healthy)), ("root", .string(report.root)), ("files", .array(files)),
        ]
        if let problem = report.folderProblem { pairs.append(("folder_problem", .string(problem.message))) }
        pairs.append(("leftover_files", .array(report.leftoverFiles.map(JSONValue.string))))
        pairs.append(
            (
                "conflict_copies",
                .array(
                    report.conflictCopies.map { copy in
                        .object([
                            ("path", .string(copy.path)), ("copy_of", copy.copyOf.map(JSONValue.string) ?? .null),
                            ("tool", .string(copy.tool)),
                        ])
                    })
            ))
        pairs.append(
            (
                "lost_edits",
                .array(
                    report.lostEdits.map { lost in
                        .object([
                            ("date", .string(lost.shown.date)), ("time", .string(lost.shown.time)),
                            ("id", .string(lost.shown.id)), ("shown", .string(lost.shown.text)),
                            ("shown_kcal", .number(lost.shown.kcal)), ("shown_by", .string(lost.shownBy)),
                            ("lost", .string(lost.lost.text)), ("lost_kcal", .number(lost.lost.kcal)),
                            ("lost_by", .string(lost.lostBy)),
                        ])
                    })
            ))
        return .object(pairs)
    }
}
