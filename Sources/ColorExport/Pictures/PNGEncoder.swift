import CZlib

/// Writes 8-bit RGB PNG files (https://www.w3.org/TR/png/): IHDR, one IDAT, IEND; every scanline with filter
/// type 0 (none) and the image data deflated by zlib at level 3.
///
/// Pictures are flat fills, thin anti-aliased lines and text on a plain background: unfiltered rows deflate
/// about as small as with the per-row adaptive filters of a general PNG writer, without its five-way trial
/// filtering of every row. No time or text chunks: the same pixels give the same bytes.
enum PNGEncoder {
    /// zlib's compression level: 3 makes files about the size libpng's defaults make (level 6, adaptive
    /// filters) in about half the time of level 6 on the same rows.
    static let level: Int32 = 3

    /// PNG bytes of an opaque raster in Cairo's RGB24 layout: one native-endian 32-bit word a pixel,
    /// 0x00RRGGBB, `stride` bytes a row.
    /// - Complexity: O(width × height) to gather the rows, plus zlib's deflate.
    static func encode(width: Int, height: Int, stride: Int, rgb24 pixels: UnsafeRawPointer) -> [UInt8] {
        precondition(width > 0 && height > 0 && stride >= 4 * width, "PNGEncoder: a \(width)×\(height) raster with stride \(stride)")
        let rowBytes = 1 + 3 * width
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { rb in
            for y in 0..<height {
                let src = pixels + y * stride
                let dst = rb.baseAddress! + y * rowBytes + 1  // the row's filter byte stays 0 (none)
                for x in 0..<width {
                    let v = src.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                    dst[3 * x] = UInt8(truncatingIfNeeded: v >> 16)
                    dst[3 * x + 1] = UInt8(truncatingIfNeeded: v >> 8)
                    dst[3 * x + 2] = UInt8(truncatingIfNeeded: v)
                }
            }
        }
        var deflated = [UInt8](repeating: 0, count: Int(compressBound(uLong(raw.count))))
        var length = uLong(deflated.count)
        let status = deflated.withUnsafeMutableBufferPointer { d in
            raw.withUnsafeBufferPointer { r in compress2(d.baseAddress, &length, r.baseAddress, uLong(r.count), level) }
        }
        precondition(status == Z_OK, "zlib could not deflate a \(width)×\(height) picture (status \(status))")
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        out.reserveCapacity(Int(length) + 64)
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header); appendBigEndian(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // 8 bits, truecolor (RGB), deflate, adaptive filtering (method 0), no interlace
        chunk("IHDR", header[...], into: &out)
        chunk("IDAT", deflated[0..<Int(length)], into: &out)
        chunk("IEND", [][...], into: &out)
        return out
    }

    static func appendBigEndian(_ v: UInt32, to out: inout [UInt8]) {
        out += [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
    }

    /// Appends one chunk: length, type, data, CRC-32 of type and data.
    static func chunk(_ type: StaticString, _ data: ArraySlice<UInt8>, into out: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &out)
        let start = out.count
        out += UnsafeBufferPointer(start: type.utf8Start, count: 4)
        out += data
        let crc = out.withUnsafeBufferPointer { b in crc32(0, b.baseAddress! + start, uInt(b.count - start)) }
        appendBigEndian(UInt32(truncatingIfNeeded: crc), to: &out)
    }
}
