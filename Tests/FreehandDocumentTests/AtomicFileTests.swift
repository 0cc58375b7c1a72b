@testable import FreehandDocument
@testable import FreehandDrawing
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

struct AtomicFileTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("freehand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func mode(of path: String) -> mode_t {
        var status = stat()
        _ = lstat(path, &status)
        return status.st_mode
    }

    @Test func aSaveKeepsThePermissionBitsOfTheFileItReplaces() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("private.json")
        try AtomicFile.write(Data("old".utf8), to: file)
        chmod(file.path, 0o600)
        try AtomicFile.write(Data("new".utf8), to: file)
        #expect(Self.mode(of: file.path) & 0o7777 == 0o600)
        chmod(file.path, 0o751)
        try AtomicFile.write(Data("newer".utf8), to: file)
        #expect(Self.mode(of: file.path) & 0o7777 == 0o751)
        #expect(try String(contentsOf: file, encoding: .utf8) == "newer")
    }

    @Test(arguments: [196, 230, 255])
    func aLongButLegalNameSaves(bytes: Int) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two-byte characters too, so that the temporary name is cut between characters.
        let name = String(repeating: "é", count: (bytes - 5) / 2) + String(repeating: "a", count: (bytes - 5) % 2) + ".json"
        #expect(name.utf8.count == bytes)
        let file = folder.appendingPathComponent(name)
        try AtomicFile.write(Data("ink".utf8), to: file)
        try AtomicFile.write(Data("ink again".utf8), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "ink again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name], "no temporary left")
        #expect(AtomicFile.temporaryName(for: name).utf8.count <= AtomicFile.longestFileName)
    }

    @Test func aSaveThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.json"), link = folder.appendingPathComponent("link.json")
        try AtomicFile.write(Data("old".utf8), to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(Self.mode(of: link.path) & S_IFMT == S_IFLNK)
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
    }

    @Test func aReadOnlyFileIsRefusedAndKept() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("signed.json")
        try AtomicFile.write(Data("evidence".utf8), to: file)
        chmod(file.path, 0o444)
        #expect(throws: InkFormatError.self) { try AtomicFile.write(Data("replaced".utf8), to: file) }
        #expect(try String(contentsOf: file, encoding: .utf8) == "evidence")
    }

    @Test func aFIFOIsWrittenDirectlyNotReplacedByAFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("pipe").path
        try #require(mkfifo(pipe, 0o600) == 0)
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try AtomicFile.write(Data("through the pipe".utf8), to: URL(fileURLWithPath: pipe))
        #expect(Self.mode(of: pipe) & S_IFMT == S_IFIFO)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { systemRead(reader, $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer.prefix(Swift.max(0, count)), as: UTF8.self) == "through the pipe")
    }

    @Test func theNextSaveRemovesTemporariesLeftByAKilledSave() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A process id that cannot be running (beyond Linux's and Darwin's pid ranges).
        let abandoned = folder.appendingPathComponent(".ink.json.freehandkit.2147483646.\(UUID().uuidString).tmp")
        let live = folder.appendingPathComponent(".ink.json.freehandkit.\(getpid()).\(UUID().uuidString).tmp")
        let unrelated = folder.appendingPathComponent(".notes.tmp")
        // Another program's files of the same shape, without the marker: never ours to remove.
        let foreign = folder.appendingPathComponent(".ink.json.2147483646.\(UUID().uuidString).tmp")
        let foreignOld = folder.appendingPathComponent(".ink.json.\(UUID().uuidString).tmp")
        for file in [abandoned, live, unrelated, foreign, foreignOld] { try Data("partial".utf8).write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: foreignOld.path)
        try AtomicFile.write(Data("new".utf8), to: folder.appendingPathComponent("other.json"))
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == Set([live, unrelated, foreign, foreignOld].map(\.lastPathComponent) + ["other.json"]))
    }

    @Test func partsAreSavedOneAfterAnotherAndAFailureInAnyLeavesTheOldFile() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("parts.json")
        let parts: [[UInt8]] = [Array("first ".utf8), [], Array(repeating: 66, count: 70_000), Array(" last".utf8)]
        try AtomicFile.write(parts: parts, to: file)
        #expect(try Data(contentsOf: file) == Data(parts.joined()))
        for limit in [3, 6, 40_000, 70_005] {
            #expect(throws: InkFormatError.self) { try AtomicFile.write([Array("new".utf8)] + parts, to: file, failingAfter: limit) }
            #expect(try Data(contentsOf: file) == Data(parts.joined()))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["parts.json"])
    }

    @Test func readingStopsAtTheLimitWhateverTheFileSays() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.json")
        try AtomicFile.write(Data(repeating: 32, count: 1000), to: file)
        #expect(try AtomicFile.read(file, limit: 1000).count == 1000)
        #expect(throws: InkFormatError.self) { try AtomicFile.read(file, limit: 999) }
        #expect(throws: InkFormatError.self) { try AtomicFile.read(folder, limit: 999) }
    }
}
