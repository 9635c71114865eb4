import CalorinaJournal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// Where the data and the history live, by the XDG rules.
enum Paths {
    /// `--data-dir`, else `CALORINA_HOME`, else `$XDG_DATA_HOME/calorina`, else
    /// `~/.local/share/calorina`.
    static func dataFolder(flag: String?, environment: [String: String]) -> URL {
        if let flag, !flag.isEmpty { return URL(fileURLWithPath: flag) }
        if let home = environment["CALORINA_HOME"], !home.isEmpty { return URL(fileURLWithPath: home) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("calorina")
        }
        return homeFolder(environment).appendingPathComponent(".local/share/calorina")
    }

    /// `$XDG_STATE_HOME/calorina/history`, else `~/.local/state/calorina/history`.
    static func historyFile(environment: [String: String]) -> URL {
        let state: URL
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = URL(fileURLWithPath: xdg)
        } else {
            state = homeFolder(environment).appendingPathComponent(".local/state")
        }
        return state.appendingPathComponent("calorina/history")
    }

    /// This device's name: `CALORINA_DEVICE`, else the one kept in
    /// `$XDG_STATE_HOME/calorina/device` (else `~/.local/state/calorina/device`), made from the
    /// host's name on first use and kept there (not in the data folder, which a sync tool carries
    /// to the other devices). `keeping` false (a dry run) makes one without keeping it.
    static func deviceName(environment: [String: String], keeping: Bool) throws -> String {
        if let name = environment["CALORINA_DEVICE"], !name.isEmpty {
            guard DeviceName.isValid(name) else {
                throw UsageError(
                    "CALORINA_DEVICE='\(name)' is not a device name: use letters, digits, '.', '_' and '-' (at most 64)"
                )
            }
            return name
        }
        let file = historyFile(environment: environment).deletingLastPathComponent().appendingPathComponent("device")
        if let kept = try? String(contentsOf: file, encoding: .utf8) {
            let name = String(kept.split(whereSeparator: \.isWhitespace).first ?? "")
            if DeviceName.isValid(name) { return name }
        }
        var host = [CChar](repeating: 0, count: 256)
        let hostName =
            gethostname(&host, host.count) == 0
            ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let suffix = String((0..<4).map { _ in "0123456789abcdef".randomElement() ?? "0" })
        let name = DeviceName.made(fromHost: hostName, suffix: suffix)
        guard keeping else { return name }
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        // Written whole under another name, then linked into place, which fails when the file is
        // there: of two Calorinas started at once on a new machine, the second takes the name the
        // first kept, rather than write a device folder under a name nothing uses again.
        let temporary = file.path + ".tmp-\(getpid())"
        guard (try? Data((name + "\n").utf8).write(to: URL(fileURLWithPath: temporary))) != nil else { return name }
        defer { unlink(temporary) }
        if link(temporary, file.path) == 0 { return name }
        if let kept = try? String(contentsOf: file, encoding: .utf8) {
            let other = String(kept.split(whereSeparator: \.isWhitespace).first ?? "")
            if DeviceName.isValid(other) { return other }
        }
        // What is there is no name: this one takes its place.
        rename(temporary, file.path)
        return name
    }

    private static func homeFolder(_ environment: [String: String]) -> URL {
        if let home = environment["HOME"], !home.isEmpty { return URL(fileURLWithPath: home) }
        return FileManager.default.homeDirectoryForCurrentUser
    }
}
