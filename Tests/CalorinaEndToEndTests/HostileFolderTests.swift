// The issue "The store under attack": a data folder someone (or something) tampered with. Links
// out of the folder, a folder opened to others by hand, temporary files of killed processes. Each
// case builds the folder with the real binary, does the damage by hand and runs the binary as a
// person would, checking the words, the exit status and the files, inside the folder and out.

import Foundation
import Glibc
import Testing

extension CorruptFilesTests {
    /// A data file that is a symbolic link, and a command that writes that file.
    struct LinkedFile: Sendable, CustomTestStringConvertible {
        /// The data file, from the data folder.
        var name: String
        /// A command that makes a good file of its kind, in a folder of its own: what the file
        /// outside holds.
        var make: [String]
        /// A command that changes the file.
        var write: [String]

        var testDescription: String { name }

        static let all: [LinkedFile] = [
            LinkedFile(name: "journal/2026-11.json", make: ["a", "banana"], write: ["an", "apple"]),
            LinkedFile(name: "profile.json", make: ["set", "age", "39"], write: ["set", "age", "40"]),
            LinkedFile(
                name: "foods.json", make: ["define", "bar", "=", "200", "kcal"],
                write: ["define", "cake", "=", "300", "kcal"]),
        ]
    }

    /// A data file that is a link to a file outside the data folder: before, the backup became a
    /// second link and making it private changed the outside file's mode from 0644 to 0600.
    @Test(arguments: LinkedFile.all)
    func aDataFileThatIsALinkOutOfTheFolderIsRefusedAndWhatItPointsAtIsLeftAlone(_ linked: LinkedFile) throws {
        try BinaryRunner.withTemporaryDirectory { folder in
            try FileManager.default.createDirectory(at: journal(folder), withIntermediateDirectories: true)
            // A file Calorina reads, so that only the link stops it.
            let scratch = folder.appendingPathComponent("scratch")
            #expect(try run(linked.make, in: scratch).status == 0)
            let contents = try Data(contentsOf: scratch.appendingPathComponent("data/" + linked.name))
            let outside = folder.appendingPathComponent("outside.json")
            try contents.write(to: outside)
            #expect(chmod(outside.path, 0o644) == 0)
            let file = folder.appendingPathComponent("data/" + linked.name)
            try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: outside.path)

            for (arguments, stdin) in [(linked.write, ""), ([], linked.write.joined(separator: " ") + "\n")] {
                let output = try run(arguments, stdin: stdin, in: folder)
                #expect(output.status == 3, "\(output)")
                #expect(output.stderr.contains(file.path + ":1:1: it is a symbolic link to '\(outside.path)'"), "\(output)")
                #expect(JournalFiles.mode(outside.path) == 0o644, "the file outside changed its mode")
                #expect(bytes(outside) == contents, "the file outside changed")
                let link = try FileManager.default.destinationOfSymbolicLink(atPath: file.path)
                #expect(link == outside.path, "the link was replaced without a word")
                let made = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
                #expect(!made.contains { $0.contains(".bak") || $0.contains(".tmp-") }, "\(made)")
            }
            let doctor = try run(["doctor"], in: folder)
            #expect(doctor.status == 3, "\(doctor)")
            #expect(doctor.stderr.contains("✗ \(linked.name)"), "\(doctor)")
            #expect(doctor.stderr.contains("it is a symbolic link to '\(outside.path)'"), "\(doctor)")
            #expect(JournalFiles.mode(outside.path) == 0o644)
        }
    }
}
