import CalorinaDocuments
import CalorinaFiles
import CalorinaMonths

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// What the devices' folders hold, as `calorina devices` and `doctor` show it.

extension DeviceJournal {
    func lostEdits(inMonth month: String) throws(StoreError) -> [LostEdit] {
        let sources = try sources(holding: month)
        guard sources.count > 1 else { return [] }
        var versions: [String: [Entry]] = [:]
        for source in sources {
            for entry in try read(source, { (engine) throws(StoreError) in try engine.entries(inMonth: month) })
            where entry.removed != true {
                versions[entry.id, default: []].append(entry)
            }
        }
        let shown = Dictionary(
            try merged(sources) { (engine) throws(StoreError) in try engine.entries(inMonth: month) }.map {
                ($0.id, $0)
            },
            uniquingKeysWith: { first, _ in first })
        var lost: [LostEdit] = []
        for (id, all) in versions where all.count > 1 {
            guard let winner = all.max(by: { Self.clock(of: $0) < Self.clock(of: $1) }), shown[id] != nil else {
                continue
            }
            let seen = winner.base.flatMap { ChangeClock($0) } ?? ChangeClock(milliseconds: 0, device: "")
            for other in all where Self.clock(of: other) > seen && Self.clock(of: other) < Self.clock(of: winner) {
                guard Self.handedOut(other) != Self.handedOut(winner) else { continue }
                lost.append(
                    LostEdit(
                        shown: Self.handedOut(winner), shownBy: Self.clock(of: winner).device,
                        lost: Self.handedOut(other), lostBy: Self.clock(of: other).device))
            }
        }
        return lost.sorted { ($0.shown.date, $0.shown.time, $0.shown.id) < ($1.shown.date, $1.shown.time, $1.shown.id) }
    }

    /// Each device that has a folder, with what its months hold.
    func devices() throws(StoreError) -> [DeviceSummary] {
        var names = try deviceNames()
        if !names.contains(device) { names.append(device) }
        return try names.sorted().map { (name) throws(StoreError) -> DeviceSummary in
            let engine = try engine(ofDevice: name)
            var summary = DeviceSummary(
                name: name, isThisDevice: name == device, lastChange: nil, entries: 0, removals: 0, months: 0,
                unreadableMonths: 0)
            let months = name == device ? try engine.storedMonths() : (try? engine.storedMonths()) ?? []
            for month in months {
                guard let entries = try? engine.entries(inMonth: month) else {
                    summary.unreadableMonths += 1
                    continue
                }
                summary.months += 1
                for entry in entries {
                    if entry.removed == true { summary.removals += 1 } else { summary.entries += 1 }
                    if let clock = entry.clock.flatMap({ ChangeClock($0) }),
                        summary.lastChange.map({ clock > $0 }) ?? true
                    {
                        summary.lastChange = clock
                    }
                }
            }
            return summary
        }
    }
}

/// What one device has written in the data folder, as `calorina devices` lists it.
public struct DeviceSummary: Equatable, Sendable {
    /// Its name (`devices/NAME/`).
    public var name: String
    /// True for the device this Calorina runs on.
    public var isThisDevice: Bool
    /// The clock of its latest change in the journal; nil when it has made none with a clock.
    public var lastChange: ChangeClock?
    /// The entries its months hold (its own and the versions it edited of others').
    public var entries: Int
    /// The entries it took out.
    public var removals: Int
    /// The months it has written.
    public var months: Int
    /// Months of its folder that cannot be read yet (still arriving, or broken).
    public var unreadableMonths: Int
}
