import CLibz
import Dispatch

/// Compresses a frame's scanlines into one zlib stream, as pieces of ``pieceSize`` bytes that
/// can be deflated at once on `threads` threads (pigz's way): each piece starts from the 32 KB
/// before it as its dictionary and ends on a byte boundary (a sync flush), so they join into one
/// stream behind zlib's header, with its checksum of the whole at the end. The bytes are the same
/// however many threads make them. Measured (level 9, the shipped pull-to-refresh's changed
/// rectangles): the band's 372 KB are 368 KB in pieces, the whole viewport's 2.87 MB are 2.91 MB.
///
/// Each thread keeps one deflate state for every piece of every frame (reset, not made anew): a
/// state at level 9 is some 270 KB, and making one a frame cost a 12-s clip 43,000 page faults.
final class ZlibCompressor {
    /// zlib's level, 0–9.
    let level: Int32
    /// One raw-deflate state a thread, at a fixed address (zlib's state points back at it).
    private let streams: [UnsafeMutablePointer<z_stream>]

    /// Input bytes a piece.
    static let pieceSize = 256 * 1024

    /// A compressor at `level` deflating pieces on `threads` threads (1: on the caller's).
    init(level: Int32, threads: Int) throws(ZlibError) {
        self.level = level
        var streams: [UnsafeMutablePointer<z_stream>] = []
        for _ in 0..<max(1, threads) {
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            let status = deflateInit2_(stream, level, Z_DEFLATED, -MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else {
                stream.deallocate()
                Self.end(streams)
                throw ZlibError(status: status)
            }
            streams.append(stream)
        }
        self.streams = streams
    }

    deinit { Self.end(streams) }

    private static func end(_ streams: [UnsafeMutablePointer<z_stream>]) {
        for stream in streams {
            deflateEnd(stream)
            stream.deallocate()
        }
    }

    /// `bytes` as one whole zlib stream.
    func compress(_ bytes: UnsafeRawBufferPointer) throws(ZlibError) -> [UInt8] {
        let count = max(1, (bytes.count + Self.pieceSize - 1) / Self.pieceSize)
        var pieces = [Result<[UInt8], ZlibError>](repeating: .success([]), count: count)
        let lanes = min(streams.count, count)
        // The buffer outlives the lanes: concurrentPerform returns when every lane has.
        nonisolated(unsafe) let deflateLane = { (lane: Int, slots: UnsafeMutableBufferPointer<Result<[UInt8], ZlibError>>) in
            // Each lane takes every lanes-th piece with its own state; each slot is written by one lane only.
            for index in stride(from: lane, to: count, by: lanes) {
                slots[index] = Result { () throws(ZlibError) in try self.deflatePiece(bytes, index: index, of: count, with: self.streams[lane]) }
            }
        }
        pieces.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            if lanes == 1 { deflateLane(0, slots) } else { DispatchQueue.concurrentPerform(iterations: lanes) { deflateLane($0, slots) } }
        }
        var out = Self.header(level: level)
        for piece in pieces { out += try piece.get() }
        let sum = UInt32(adler32(1, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
        return out + [UInt8(sum >> 24), UInt8(sum >> 16 & 0xFF), UInt8(sum >> 8 & 0xFF), UInt8(sum & 0xFF)]
    }

    /// zlib's two header bytes for a 32-KB window, as zlib itself writes them at `level` (RFC 1950:
    /// FLEVEL 0 below 2, 1 below 6, 2 at 6, 3 above; the check makes the pair a multiple of 31).
    static func header(level: Int32) -> [UInt8] {
        let flags = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3
        var pair = 0x78 << 8 | flags << 6
        pair += 31 - pair % 31
        return [UInt8(pair >> 8), UInt8(pair & 0xFF)]
    }

    /// Piece `index` of `count`, raw deflate on `stream`: the last ends the data, the others end
    /// on a byte boundary.
    private func deflatePiece(_ bytes: UnsafeRawBufferPointer, index: Int, of count: Int, with stream: UnsafeMutablePointer<z_stream>) throws(ZlibError) -> [UInt8] {
        let start = index * Self.pieceSize, length = min(Self.pieceSize, bytes.count - start)
        let base = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
        var status = deflateReset(stream)
        guard status == Z_OK else { throw ZlibError(status: status) }
        if index > 0 {
            let window = min(start, 32 * 1024)
            status = deflateSetDictionary(stream, base! + start - window, uInt(window))
            guard status == Z_OK else { throw ZlibError(status: status) }
        }
        // A sync flush ends on a byte boundary with an empty stored block: at most this much more.
        var out = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(length))) + 16)
        let last = index == count - 1
        status = out.withUnsafeMutableBufferPointer { target in
            stream.pointee.next_in = base.map { UnsafeMutablePointer(mutating: $0 + start) }
            stream.pointee.avail_in = uInt(length)
            stream.pointee.next_out = target.baseAddress
            stream.pointee.avail_out = uInt(target.count)
            return deflate(stream, last ? Z_FINISH : Z_SYNC_FLUSH)
        }
        guard status == (last ? Z_STREAM_END : Z_OK), stream.pointee.avail_in == 0 else { throw ZlibError(status: status) }
        out.removeLast(Int(stream.pointee.avail_out))
        return out
    }
}

/// The bytes a zlib stream holds, which must be exactly `count` bytes.
func inflate(_ data: ArraySlice<UInt8>, count: Int) throws(ZlibError) -> [UInt8] {
    var stream = z_stream()
    var status = inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    guard status == Z_OK else { throw ZlibError(status: status) }
    defer { inflateEnd(&stream) }
    var out = [UInt8](repeating: 0, count: count)
    status = data.withUnsafeBufferPointer { source in
        out.withUnsafeMutableBufferPointer { target in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(target.count)
            return CLibz.inflate(&stream, Z_FINISH)
        }
    }
    guard status == Z_STREAM_END, stream.avail_out == 0 else { throw ZlibError(status: status == Z_STREAM_END ? Z_DATA_ERROR : status) }
    return out
}

/// zlib's CRC-32 of `bytes` (PNG's chunk check).
func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(CLibz.crc32(0, $0.baseAddress, uInt($0.count))) }
}

/// What zlib said when it failed.
struct ZlibError: Error, CustomStringConvertible {
    /// zlib's status code.
    var status: Int32
    var description: String {
        switch status {
        case Z_MEM_ERROR: "zlib ran out of memory"
        case Z_DATA_ERROR: "zlib found the data damaged"
        default: "zlib failed (\(status))"
        }
    }
}
