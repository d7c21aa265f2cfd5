import CCairo
import Foundation

/// Draws a `Scene` with Cairo (https://www.cairographics.org/manual/): anti-aliased shapes, text set in DejaVu
/// Sans through fontconfig with hinting off (glyph positions are the font's own metrics, the same in every
/// size); PNG bytes by `PNGEncoder` (RGB, no time chunk: the same scene gives the same bytes on one machine).
enum CairoRenderer {
    /// The longest side and the most pixels a raster gets; a larger scene is drawn scaled down to fit.
    static let maxSide = 16_384, maxPixels = 1 << 26

    /// The raster size and scale factor of a scene.
    static func rasterSize(_ scene: Scene) -> (width: Int, height: Int, scale: Double) {
        let w = Double(scene.width), h = Double(scene.height)
        let f = min(1, Double(maxSide) / w, Double(maxSide) / h, (Double(maxPixels) / (w * h)).squareRoot())
        if f >= 1 { return (scene.width, scene.height, 1) }
        return (max(1, Int((w * f).rounded(.down))), max(1, Int((h * f).rounded(.down))), f)
    }

    /// Draws the scene into a new RGB24 image surface; the caller destroys it.
    static func surface(_ scene: Scene) -> OpaquePointer {
        let size = rasterSize(scene)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size.width), Int32(size.height))!
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        if size.scale < 1 { cairo_scale(cr, size.scale, size.scale) }
        setFontOptions(cr)
        set(cr, scene.background, 1)
        cairo_paint(cr)
        for item in scene.items {
            switch item {
            case let .rect(x, y, w, h, c):
                guard w > 0, h > 0 else { continue }
                set(cr, c, 1)
                cairo_rectangle(cr, Double(x), Double(y), Double(w), Double(h))
                cairo_fill(cr)
            case let .polyline(p):
                guard p.points.count > 1, p.width > 0 else { continue }
                set(cr, p.color, p.opacity)
                path(cr, p.points)
                if p.closed { cairo_close_path(cr) }
                cairo_set_line_width(cr, p.width)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                if p.dash.isEmpty {
                    cairo_set_dash(cr, nil, 0, 0)
                } else {
                    p.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
                }
                cairo_stroke(cr)
            case let .polygon(pts, c, opacity):
                guard pts.count > 2 else { continue }
                set(cr, c, opacity)
                path(cr, pts)
                cairo_close_path(cr)
                cairo_fill(cr)
            case let .circle(x, y, r, c):
                set(cr, c, 1)
                cairo_new_path(cr)
                cairo_arc(cr, x, y, r, 0, 2 * Double.pi)
                cairo_fill(cr)
            case let .text(t):
                selectFont(cr, t.font, t.weight, t.size)
                var ext = cairo_text_extents_t()
                cairo_text_extents(cr, t.text, &ext)
                let dx = t.anchor == .start ? 0 : t.anchor == .middle ? -ext.x_advance / 2 : -ext.x_advance
                cairo_save(cr)
                cairo_translate(cr, t.x, t.y)
                if t.rotation != 0 { cairo_rotate(cr, t.rotation * Double.pi / 180) }
                cairo_move_to(cr, dx, 0)
                set(cr, t.color, 1)
                cairo_show_text(cr, t.text)
                cairo_new_path(cr)
                cairo_restore(cr)
            }
        }
        cairo_surface_flush(surface)
        return surface
    }

    static func set(_ cr: OpaquePointer, _ c: Scene.RGB, _ alpha: Double) {
        let r = Double(c.0) / 255, g = Double(c.1) / 255, b = Double(c.2) / 255
        if alpha >= 1 { cairo_set_source_rgb(cr, r, g, b) } else { cairo_set_source_rgba(cr, r, g, b, alpha) }
    }

    static func path(_ cr: OpaquePointer, _ pts: [Scene.Point]) {
        cairo_new_path(cr)
        cairo_move_to(cr, pts[0].x, pts[0].y)
        for p in pts.dropFirst() { cairo_line_to(cr, p.x, p.y) }
    }

    /// Gray anti-aliasing, no hinting, unhinted metrics: positions do not depend on the pixel grid.
    static func setFontOptions(_ cr: OpaquePointer) {
        let o = cairo_font_options_create()
        cairo_font_options_set_antialias(o, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(o, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(o, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, o)
        cairo_font_options_destroy(o)
    }

    static func selectFont(_ cr: OpaquePointer, _ f: Scene.FontFamily, _ w: Scene.FontWeight, _ size: Double) {
        cairo_select_font_face(cr, f.cairoFamily, CAIRO_FONT_SLANT_NORMAL, w == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    static func textWidth(_ s: String, size: Double, weight: Scene.FontWeight, font: Scene.FontFamily) -> Double {
        guard !s.isEmpty, size.isFinite, size > 0 else { return 0 }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)!
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        setFontOptions(cr)
        selectFont(cr, font, weight, size)
        var ext = cairo_text_extents_t()
        cairo_text_extents(cr, s, &ext)
        return ext.x_advance
    }

    /// The rasterized scene (opaque RGBA bytes).
    static func image(_ scene: Scene) -> RGBAImage {
        let surface = surface(scene)
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            preconditionFailure("Cairo could not make a \(width)×\(height) picture (out of memory)")
        }
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                // RGB24: one native-endian 32-bit word a pixel, 0x00RRGGBB.
                let v = UnsafeRawPointer(row + x * 4).loadUnaligned(as: UInt32.self)
                let i = (y * width + x) * 4
                px[i] = UInt8((v >> 16) & 255); px[i + 1] = UInt8((v >> 8) & 255); px[i + 2] = UInt8(v & 255)
            }
        }
        return RGBAImage(width: width, height: height, pixels: px)
    }

    /// PNG bytes of the scene: Cairo's raster, encoded by `PNGEncoder` (RGB, unfiltered rows, zlib level 3).
    static func png(_ scene: Scene) -> [UInt8] {
        let surface = surface(scene)
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard let data = cairo_image_surface_get_data(surface) else {
            preconditionFailure("Cairo could not make a \(width)×\(height) picture (out of memory)")
        }
        return PNGEncoder.encode(width: width, height: height, stride: stride, rgb24: UnsafeRawPointer(data))
    }
}
