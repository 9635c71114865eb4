import CalorinaJournal
import CalorinaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Renderer {
    /// `devices`: one line a device, this one marked.
    func devicesText(_ devices: [DeviceSummary]) -> String {
        var lines = ["devices that write in this data folder"]
        let width = devices.map { $0.name.count + ($0.isThisDevice ? 11 : 0) }.max() ?? 0
        for device in devices {
            let name = device.name + (device.isThisDevice ? " (this one)" : "")
            var parts = [
                Format.integer(Double(device.entries)) + (device.entries == 1 ? " entry" : " entries"),
                Format.integer(Double(device.removals)) + " taken out",
                Format.integer(Double(device.months)) + (device.months == 1 ? " month" : " months"),
            ]
            if let clock = device.lastChange {
                parts.append("last change " + Self.localText(milliseconds: clock.milliseconds))
            } else {
                parts.append("no change yet")
            }
            if device.unreadableMonths > 0 {
                parts.append(
                    paint(
                        "\(device.unreadableMonths) \(device.unreadableMonths == 1 ? "month" : "months") not readable yet",
                        .yellow))
            }
            let padded = name + String(repeating: " ", count: max(0, width - name.count))
            lines.append(
                "  " + (device.isThisDevice ? paint(padded, .bold) : padded) + "  " + parts.joined(separator: " · "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ devices: [DeviceSummary]) -> JSONValue {
        .object([
            ("ok", .bool(true)),
            (
                "devices",
                .array(
                    devices.map { device in
                        .object([
                            ("name", .string(device.name)), ("this_device", .bool(device.isThisDevice)),
                            ("entries", .number(Double(device.entries))),
                            ("taken_out", .number(Double(device.removals))),
                            ("months", .number(Double(device.months))),
                            ("unreadable_months", .number(Double(device.unreadableMonths))),
                            ("last_change", device.lastChange.map { .string($0.description) } ?? .null),
                        ])
                    })
            ),
        ])
    }

    /// `YYYY-MM-DD HH:MM`, local time, of a moment in milliseconds since 1970.
    static func localText(milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min))"
    }
}
