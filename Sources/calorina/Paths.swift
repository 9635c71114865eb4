#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
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

    private static func homeFolder(_ environment: [String: String]) -> URL {
        if let home = environment["HOME"], !home.isEmpty { return URL(fileURLWithPath: home) }
        return FileManager.default.homeDirectoryForCurrentUser
    }
}
