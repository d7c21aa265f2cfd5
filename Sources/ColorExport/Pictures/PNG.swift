import CCairo

/// An 8-bit RGBA raster image (row-major, 4 bytes a pixel, sRGB).
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel buffer size must be width × height × 4")
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}

/// Reads PNG files (Chromium screenshots, the pictures a build wrote) into RGBA pixels, through Cairo's PNG reader
/// (libpng): every bit depth and color type; pixels with alpha are returned unpremultiplied. Huebench writes PNGs
/// with `Scene.png()`.
public enum PNG {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Errors of the reader.
    public enum DecodeError: Error, Sendable, Equatable {
        case notPNG, corrupt(String)
    }

    final class Source { let bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }

    public static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        guard bytes.count > 8, Array(bytes.prefix(8)) == signature else { throw DecodeError.notPNG }
        let source = Source(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let s = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
                let n = Int(length)
                guard s.offset + n <= s.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
                s.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + s.offset, count: n) }
                s.offset += n
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw DecodeError.corrupt(String(cString: cairo_status_to_string(status))) }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let format = cairo_image_surface_get_format(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { throw DecodeError.corrupt("no pixels") }
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                if format == CAIRO_FORMAT_A8 {
                    let v = data[y * stride + x]
                    px[i] = 0; px[i + 1] = 0; px[i + 2] = 0; px[i + 3] = v
                    continue
                }
                // ARGB32 / RGB24: one native-endian 32-bit word, premultiplied alpha.
                let v = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                let a = format == CAIRO_FORMAT_ARGB32 ? UInt32(v >> 24) : 255
                func channel(_ c: UInt32) -> UInt8 {
                    if a == 255 { return UInt8(c) }
                    return a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a))
                }
                px[i] = channel((v >> 16) & 255); px[i + 1] = channel((v >> 8) & 255); px[i + 2] = channel(v & 255); px[i + 3] = UInt8(a)
            }
        }
        return RGBAImage(width: width, height: height, pixels: px)
    }
}
