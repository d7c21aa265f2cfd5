import Foundation
import Testing
@testable import ColorIO

@Suite struct ColorIOTests {
    @Test func formatVersionIsOne() { #expect(IOFormat.version == 1) }

    /// FIPS 180-4 test vectors (Appendix B / NIST CAVS): "abc", the empty string, the 448-bit message.
    @Test func sha256KnownVectors() {
        #expect(SHA256.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// `Escape.terminal`, what stream rows, report rows and stderr show of input: ESC, CSI U+009B, DEL, other
    /// controls, line separators and bidirectional controls as `\u{…}`; other text (ASCII, `é`, `©`) as is;
    /// bytes: nil when unchanged, invalid UTF-8 (a lone 0x9B is CSI on an 8-bit terminal) as U+FFFD.
    @Test func terminalTextShowsControlsAsEscapes() {
        #expect(Escape.terminal("a\u{1B}[31mb\u{9B}2J\u{7F}\t\u{0}\u{2028}\u{202E}\u{2066}é©")
                == "a\\u{1B}[31mb\\u{9B}2J\\u{7F}\\u{9}\\u{0}\\u{2028}\\u{202E}\\u{2066}é©")
        #expect(Escape.terminal("brand-500 · ΔE") == "brand-500 · ΔE")
        func bytes(_ b: [UInt8]) -> String? { b.withUnsafeBufferPointer { Escape.terminal($0) }.map { String(decoding: $0, as: UTF8.self) } }
        #expect(bytes(Array("plain label".utf8)) == nil && bytes(Array("é©".utf8)) == nil)
        #expect(bytes(Array("x\u{1B}[2J".utf8)) == "x\\u{1B}[2J")
        #expect(bytes([0x61, 0x9B, 0x32, 0x4A]) == "a\u{FFFD}2J")
    }

    /// `Escape.csvField`: RFC 4180 quoting, and the OWASP "CSV Injection" guard — a field starting with `=`, `+`,
    /// `@`, TAB or CR, or `-` then anything beyond a name's characters, gets a leading `'`; names such as
    /// `--brand-500`, `-1`, `a-b` and numbers' text stay as they are.
    @Test func csvFieldsAreQuotedAndNeverFormulas() {
        #expect(Escape.csvField("brand.500") == "brand.500" && Escape.csvField("--brand-500") == "--brand-500")
        #expect(Escape.csvField("-1") == "-1" && Escape.csvField("a=b") == "a=b" && Escape.csvField("") == "")
        #expect(Escape.csvField("a,b") == "\"a,b\"" && Escape.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(Escape.csvField("a\nb") == "\"a\nb\"" && Escape.csvField("a\r\nb") == "\"a\r\nb\"")
        #expect(Escape.csvField("=cmd|' /C calc'!A0") == "'=cmd|' /C calc'!A0")
        #expect(Escape.csvField("+1+1") == "'+1+1" && Escape.csvField("@SUM(A1)") == "'@SUM(A1)")
        #expect(Escape.csvField("-2+3+cmd|' /C calc'!A0") == "'-2+3+cmd|' /C calc'!A0")
        #expect(Escape.csvField("\tx") == "'\tx" && Escape.csvField("\rx") == "\"'\rx\"")
        #expect(Escape.csvField("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"")
    }

    @Test func pathText() {
        #expect(PathText.parent("a") == "." && PathText.parent("a/b/c.txt") == "a/b" && PathText.parent("/c") == "/")
        #expect(PathText.parent("a/") == "." && PathText.parent("a//b") == "a")
        #expect(PathText.lastComponent("a/b/c.txt") == "c.txt" && PathText.lastComponent("a/") == "a")
        #expect(PathText.fileExtension("x/m.NPY") == "npy" && PathText.fileExtension(".bashrc") == "" && PathText.stem("a/brand.lua") == "brand")
    }

    @Test func relativePathRules() throws {
        #expect(try RelativePath("a//./b.txt").description == "a/b.txt")
        for bad in ["", "/etc/passwd", "~/x", "../x", "a/../b", ".git/config", "a/.hidden/x", ".huebench-manifest",
                    "huebench-plugins/persist.lua", "a/huebench-plugins/x.lua", "a\0b", ".", "./"] {
            #expect(throws: IOError.self, "\(bad)") { try RelativePath(bad) }
        }
    }

    @Test func atomicWriterStreamsAndNeverReplacesAFolder() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let w = try AtomicFileWriter(path: dir + "/m.bin")
        try w.write([1, 2, 3]); try w.write([4])
        #expect(IOTest.tree(dir).count == 1 && IOTest.tree(dir)[0].contains(AtomicFileWriter.tempMarker))
        try w.commit()
        #expect(FileManager.default.contents(atPath: dir + "/m.bin") == Data([1, 2, 3, 4]))
        try FileManager.default.createDirectory(atPath: dir + "/folder", withIntermediateDirectories: false)
        #expect(throws: IOError.self) { try AtomicFile.write([1], to: dir + "/folder") }
        // An abandoned writer leaves nothing.
        do { let a = try AtomicFileWriter(path: dir + "/gone.bin"); try a.write([9]) }
        #expect(IOTest.tree(dir) == ["folder/", "m.bin"])
    }

    /// A run killed while it wrote `m.npy` leaves `.m.npy.tmp-huebench-PID-N`; the next write of the same path
    /// removes it when its process is gone (or it was last written over 10 minutes ago) and no writer holds it.
    /// A live writer's temp, fresh leftovers of a live process, other names, links and folders stay.
    @Test func writingAPathRemovesTheLeftoversOfKilledRuns() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let me = getpid()
        // PIDs above 2^22 (Linux's largest pid_max) belong to no process.
        let dead = ".m.npy.tmp-huebench-99999999-1", fresh = ".m.npy.tmp-huebench-\(me)-999999"
        let stale = ".m.npy.tmp-huebench-\(me)-999998", other = ".n.npy.tmp-huebench-99999999-1"
        let odd = ".m.npy.tmp-huebench-99999999-1-2"
        for n in [dead, fresh, stale, other, odd] { IOTest.write(dir + "/" + n, "partial") }
        var old = [timespec(tv_sec: time(nil) - 3600, tv_nsec: 0), timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, dir + "/" + stale, &old, 0) == 0)
        try FileManager.default.createDirectory(atPath: dir + "/.m.npy.tmp-huebench-99999999-3", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/.m.npy.tmp-huebench-99999999-4", withDestinationPath: dir + "/" + other)
        // A writer of m.npy in progress (its temp file is held) …
        let live = try AtomicFileWriter(path: dir + "/m.npy")
        try live.write([1])
        // … another run writes m.npy: the dead process's and the stale leftovers go; the rest stay.
        try AtomicFile.write([7, 7], to: dir + "/m.npy")
        #expect(FileManager.default.contents(atPath: dir + "/m.npy") == Data([7, 7]))
        let names = IOTest.tree(dir)
        #expect(!names.contains(dead) && !names.contains(stale), "\(names)")
        for kept in [fresh, other, odd, live.tempName, ".m.npy.tmp-huebench-99999999-3/", ".m.npy.tmp-huebench-99999999-4"] {
            #expect(names.contains(kept), "\(kept) in \(names)")
        }
        try live.commit()
        #expect(FileManager.default.contents(atPath: dir + "/m.npy") == Data([1]))
    }

    @Test func stagedCommitRemovesOnlyItsOwnStaleFilesAndEmptyFolders() throws {
        let dir = IOTest.folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        IOTest.write(dir + "/user.txt", "mine")
        let first = try IOTest.staged(["a/x.txt": "1", "b/c/y.txt": "2", "keep.txt": "k"]).commit(to: dir)
        #expect(first.changed == 3 && first.removed.isEmpty)
        let again = try IOTest.staged(["a/x.txt": "1", "b/c/y.txt": "2", "keep.txt": "k"]).commit(to: dir)
        #expect(again.changed == 0)
        let second = try IOTest.staged(["a/x.txt": "1*", "keep.txt": "k"]).commit(to: dir)
        #expect(second.changed == 1 && second.removed == ["b/c/y.txt"])
        #expect(IOTest.tree(dir) == [".huebench-manifest", "a/", "a/x.txt", "keep.txt", "user.txt"])
        #expect(IOTest.read(dir + "/user.txt") == "mine")
    }
}

@Suite struct NumbersAsTextTests {
    @Test func formsAndEdges() {
        #expect(ByteText.fixed(0.5, 3) == "0.500" && ByteText.fixed(-0.0001, 2) == "0.00" && ByteText.fixed(-1.5, 1) == "-1.5")
        #expect(ByteText.trimmed(0.790, 4) == "0.79" && ByteText.trimmed(1.0, 3) == "1" && ByteText.trimmed(-0.00001, 2) == "0")
        // Half away from zero at 4 places (ColorTokensKit): 0.00005 → 0.0001, −0.00005 → −0.0001.
        #expect(ByteText.halfAwayTrimmed(0.123456, 4) == "0.1235" && ByteText.halfAwayTrimmed(2, 4) == "2")
        #expect(ByteText.halfAwayTrimmed(-0.00004, 4) == "0" && ByteText.halfAwayTrimmed(-1.25, 1) == "-1.3")
        // Values that used to trap (Int of a huge or non-finite Double) print instead.
        let huge = ByteText.halfAwayTrimmed(1e300, 4)
        #expect(huge.count == 301 && huge.hasPrefix("10000000000000000525") && !huge.contains("."))
        #expect(ByteText.halfAwayTrimmed(.infinity, 4) == "inf" && ByteText.fixed(.nan, 2) == "nan")
        #expect(ByteText.shortest(3) == "3" && ByteText.shortest(-0.0) == "0" && ByteText.shortest(0.1) == "0.1"
                && ByteText.shortest(.nan, nan: "null") == "null" && ByteText.shortest(1e20) == "1e+20")
    }
}
