import CLibz

/// zlib streams for PNG's image data: one ``Deflater`` compresses every frame of a file (its
/// state reset between them, not made anew), ``inflate(_:count:)`` reads one back.
final class Deflater {
    private var stream = z_stream()

    /// A compressor at zlib `level` (0–9), the window and memory PNG decoders expect.
    init(level: Int32) throws(ZlibError) {
        let status = deflateInit2_(&stream, level, Z_DEFLATED, MAX_WBITS, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw ZlibError(status: status) }
    }

    deinit { deflateEnd(&stream) }

    /// `bytes` as one whole zlib stream.
    func compress(_ bytes: UnsafeRawBufferPointer) throws(ZlibError) -> [UInt8] {
        var status = deflateReset(&stream)
        guard status == Z_OK else { throw ZlibError(status: status) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var out = [UInt8](repeating: 0, count: bound)
        status = out.withUnsafeMutableBufferPointer { target in
            stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(bytes.count)
            stream.next_out = target.baseAddress
            stream.avail_out = uInt(target.count)
            return deflate(&stream, Z_FINISH)
        }
        // deflateBound is enough for Z_FINISH in one call: anything but the end is zlib's failure.
        guard status == Z_STREAM_END else { throw ZlibError(status: status) }
        out.removeLast(Int(stream.avail_out))
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

/// zlib's CRC-32 of `bytes` continued from `crc` (PNG's chunk check).
func crc32(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { UInt32(CLibz.crc32(uLong(crc), $0.baseAddress, uInt($0.count))) }
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
