import CZlib

/// An 8-bit RGBA raster image (row-major, 4 bytes a pixel, sRGB).
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    /// A new image filled with one opaque color.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8) = (255, 255, 255)) {
        precondition(width > 0 && height > 0, "an image needs at least one pixel")
        self.width = width; self.height = height
        var row = [UInt8](); row.reserveCapacity(width * 4)
        for _ in 0..<width { row += [fill.0, fill.1, fill.2, 255] }
        pixels = [UInt8](); pixels.reserveCapacity(width * height * 4)
        for _ in 0..<height { pixels += row }
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer size must be width × height × 4")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Fills a rectangle (clipped to the image) with an opaque color.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, _ c: (UInt8, UInt8, UInt8)) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        for yy in y0..<y1 {
            var i = (yy * width + x0) * 4
            for _ in x0..<x1 {
                pixels[i] = c.0; pixels[i + 1] = c.1; pixels[i + 2] = c.2; pixels[i + 3] = 255
                i += 4
            }
        }
    }
}

/// A small PNG codec on zlib: 8-bit RGB/RGBA, no interlacing (https://www.w3.org/TR/png-3/).
///
/// The encoder writes RGBA with filter type 0 on every row and zlib level 9: the same pixels always give the
/// same bytes (no time or text chunks). The decoder reads what this encoder and common browsers write:
/// bit depth 8, color types 0 (gray), 2 (RGB), 4 (gray+alpha) and 6 (RGBA), the five filter types.
public enum PNG {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Errors of the decoder.
    public enum DecodeError: Error, Sendable, Equatable {
        case notPNG, truncated, unsupported(String), corrupt(String)
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        var crc = crc32(0, nil, 0)
        crc = (t + data).withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        return be32(UInt32(data.count)) + t + data + be32(UInt32(crc))
    }

    /// Encodes an image as PNG bytes.
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        let rowBytes = image.width * 4
        var raw = [UInt8](); raw.reserveCapacity((rowBytes + 1) * image.height)
        for y in 0..<image.height {
            raw.append(0)
            raw += image.pixels[(y * rowBytes)..<((y + 1) * rowBytes)]
        }
        var destLen = compressBound(uLong(raw.count))
        var dest = [UInt8](repeating: 0, count: Int(destLen))
        let status = dest.withUnsafeMutableBufferPointer { d in
            raw.withUnsafeBufferPointer { s in compress2(d.baseAddress, &destLen, s.baseAddress, uLong(raw.count), 9) }
        }
        precondition(status == Z_OK, "zlib compress2 failed with status \(status)")
        dest.removeSubrange(Int(destLen)...)
        let ihdr = be32(UInt32(image.width)) + be32(UInt32(image.height)) + [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", dest) + chunk("IEND", [])
    }

    /// Decodes PNG bytes into RGBA.
    public static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw DecodeError.notPNG }
        var pos = 8
        var width = 0, height = 0, colorType = 0
        var idat = [UInt8]()
        func u32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while pos + 8 <= bytes.count {
            let len = u32(pos)
            let type = String(decoding: bytes[(pos + 4)..<(pos + 8)], as: UTF8.self)
            guard pos + 12 + len <= bytes.count else { throw DecodeError.truncated }
            let data = bytes[(pos + 8)..<(pos + 8 + len)]
            switch type {
            case "IHDR":
                width = u32(pos + 8); height = u32(pos + 12)
                let depth = bytes[pos + 16]; colorType = Int(bytes[pos + 17])
                guard depth == 8 else { throw DecodeError.unsupported("bit depth \(depth)") }
                guard [0, 2, 4, 6].contains(colorType) else { throw DecodeError.unsupported("color type \(colorType)") }
                guard bytes[pos + 20] == 0 else { throw DecodeError.unsupported("interlaced") }
            case "IDAT": idat += data
            default: break
            }
            pos += 12 + len
            if type == "IEND" { break }
        }
        guard width > 0, height > 0 else { throw DecodeError.corrupt("no IHDR") }
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][colorType]!
        let stride = width * channels
        var rawLen = uLong((stride + 1) * height)
        var raw = [UInt8](repeating: 0, count: Int(rawLen))
        let status = raw.withUnsafeMutableBufferPointer { d in
            idat.withUnsafeBufferPointer { s in uncompress(d.baseAddress, &rawLen, s.baseAddress, uLong(idat.count)) }
        }
        guard status == Z_OK, Int(rawLen) == raw.count else { throw DecodeError.corrupt("zlib status \(status)") }
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let src = y * (stride + 1) + 1, dst = y * stride
            for i in 0..<stride {
                let x = Int(raw[src + i])
                let a = i >= channels ? Int(out[dst + i - channels]) : 0
                let b = y > 0 ? Int(out[dst - stride + i]) : 0
                let c = (i >= channels && y > 0) ? Int(out[dst - stride + i - channels]) : 0
                let v: Int
                switch filter {
                case 0: v = x
                case 1: v = x + a
                case 2: v = x + b
                case 3: v = x + (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    v = x + ((pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c))
                default: throw DecodeError.corrupt("filter type \(filter)")
                }
                out[dst + i] = UInt8(v & 255)
            }
        }
        var rgba = [UInt8](); rgba.reserveCapacity(width * height * 4)
        for p in 0..<(width * height) {
            let i = p * channels
            switch channels {
            case 1: rgba += [out[i], out[i], out[i], 255]
            case 2: rgba += [out[i], out[i], out[i], out[i + 1]]
            case 3: rgba += [out[i], out[i + 1], out[i + 2], 255]
            default: rgba += [out[i], out[i + 1], out[i + 2], out[i + 3]]
            }
        }
        return RGBAImage(width: width, height: height, pixels: rgba)
    }
}
