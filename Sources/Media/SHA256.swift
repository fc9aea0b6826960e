import Foundation
import Wording

/// SHA-256 (FIPS 180-4), fed in pieces, so a recording of gigabytes is hashed without being held in memory.
///
/// Why SHA-256 and not a faster checksum: the digest is what says a file is still the one registered, and REFI-QDA
/// exchanges and archives name files by content; a cryptographic hash makes a different file with the same digest
/// practically impossible, where CRC32 or xxHash would let a re-encoded copy pass. Written here (about a hundred
/// lines) rather than taken from swift-crypto, whose BoringSSL would be built for this alone.
public struct SHA256: Sendable {
    private var state: [UInt32] = [0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() {}

    static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Adds bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let taken = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<taken])
            offset = taken
            guard pending.count == 64 else { return }
            pending.withUnsafeBytes { buffer in
                if let base = buffer.baseAddress { compress(base, blocks: 1) }  // 64 bytes: the buffer exists
            }
            pending.removeAll(keepingCapacity: true)
        }
        let whole = (bytes.count - offset) / 64
        // whole > 0 blocks: the buffer is not empty, so it has an address.
        if whole > 0, let base = bytes.baseAddress {
            compress(base + offset, blocks: whole)
            offset += whole * 64
        }
        if offset < bytes.count { pending.append(contentsOf: bytes[offset...]) }
    }

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let array = Array(bytes)
        array.withUnsafeBytes { update($0) }
    }

    /// The digest as 64 lowercase hexadecimal digits; the hasher is spent.
    public mutating func finalize() -> String {
        let bits = length &* 8
        var tail: [UInt8] = [0x80]
        while (pending.count + tail.count) % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        let saved = length
        tail.withUnsafeBytes { update($0) }
        length = saved
        return state.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// The digest of `bytes`.
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Runs the compression function over `blocks` consecutive 64-byte blocks, the schedule on the stack (a heap array
    /// per block was most of the time a gigabyte took).
    private mutating func compress(_ start: UnsafeRawPointer, blocks: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.k.withUnsafeBufferPointer { k in
                for index in 0..<blocks {
                    let block = start + 64 * index
                    for i in 0..<16 { w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
                    for i in 16..<64 {
                        let x = w[i - 15], y = w[i - 2]
                        let s0 = rotate(x, 7) ^ rotate(x, 18) ^ (x >> 3)
                        let s1 = rotate(y, 17) ^ rotate(y, 19) ^ (y >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    for i in 0..<64 {
                        let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        h = g; g = f; f = e; e = d &+ t1; d = c; c = b; b = a; a = t1 &+ s0 &+ majority
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }
            }
        }
        state = [h0, h1, h2, h3, h4, h5, h6, h7]
    }

    @inline(__always) private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }
}

/// A file's size, content digest and modification time: what says later that it is still the file registered.
public struct FileFingerprint: Sendable, Equatable, Codable {
    public var size: Int64
    /// SHA-256 of the whole file, 64 lowercase hexadecimal digits.
    public var sha256: String
    /// Seconds since 1970 when the file was last modified, as the file system says.
    public var modified: Double

    public init(size: Int64, sha256: String, modified: Double) {
        self.size = size
        self.sha256 = sha256
        self.modified = modified
    }

    /// Size and modification time without reading the file; nil when there is no regular file at `path`.
    public static func attributes(_ path: String) -> (size: Int64, modified: Double)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if os(Linux)
        let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        #else
        let modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
        #endif
        return (Int64(info.st_size), modified)
    }

    /// Reads the whole file in 1 MiB pieces.
    public static func read(_ path: String) throws(MediaError) -> FileFingerprint {
        guard let before = attributes(path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw .cannotRead(file: path, reason: exists ? "it is not a regular file" : "no such file")
        }
        guard let file = fopen(path, "rb") else { throw .cannotRead(file: path, reason: Sentence(verbatim: String(cString: strerror(errno)))) }
        defer { fclose(file) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var size: Int64 = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 {
                buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                size += Int64(count)
            }
            if count < buffer.count {
                if ferror(file) != 0 { throw .cannotRead(file: path, reason: "a read failed") }
                break
            }
        }
        return FileFingerprint(size: size, sha256: hasher.finalize(), modified: before.modified)
    }

    /// What became of a registered file: the same, gone, or changed. The digest is read again only when the size is the
    /// same and the modification time is not (reading gigabytes at every `media list` would make it unusable).
    public enum State: Sendable, Equatable {
        case unchanged
        case missing
        case changed(size: Int64)
    }

    public func state(of path: String) -> State {
        guard let now = Self.attributes(path) else { return .missing }
        guard now.size == size else { return .changed(size: now.size) }
        if now.modified == modified { return .unchanged }
        guard let read = try? Self.read(path) else { return .missing }
        return read.sha256 == sha256 ? .unchanged : .changed(size: read.size)
    }
}
