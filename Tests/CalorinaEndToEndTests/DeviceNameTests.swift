// Issue 27: a device's name is made on first use and kept outside the data folder; Calorinas
// started at once on a new machine agree on one name, so no device folder is written under a
// name nothing uses again.

import Foundation
import Testing

@Suite struct DeviceNameTests {
    @Test func calorinasStartedAtOnceOnANewMachineTakeOneName() throws {
        let calorina = try BinaryRunner.productURL("calorina")
        try BinaryRunner.withTemporaryDirectory { folder in
            var environment = BinaryRunner.environment(
                home: folder,
                [
                    "CALORINA_NOW": "2026-11-22T08:30:00", "CALORINA_HOME": folder.appendingPathComponent("data").path,
                    "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                ])
            environment["CALORINA_DEVICE"] = nil
            let shared = environment
            let group = DispatchGroup()
            let statuses = NSLock()
            nonisolated(unsafe) var failed: [String] = []
            for index in 0..<6 {
                DispatchQueue.global().async(group: group) {
                    let output = try? BinaryRunner.run(
                        calorina, arguments: ["\(index + 1) apples"], environment: shared, timeout: .seconds(60))
                    statuses.lock()
                    if output?.status != 0 { failed.append("\(index): \(String(describing: output))") }
                    statuses.unlock()
                }
            }
            group.wait()
            #expect(failed.isEmpty, "\(failed)")
            let devices = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("data/devices").path)
            let kept = try String(
                contentsOf: folder.appendingPathComponent("state/calorina/device"), encoding: .utf8)
            #expect(devices == [kept.trimmingCharacters(in: .whitespacesAndNewlines)], "\(devices), kept \(kept)")
            let today = try BinaryRunner.run(calorina, arguments: ["--json", "today"], environment: environment)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
            #expect((object["entries"] as? [Any])?.count == 6, "\(today)")
        }
    }
}
