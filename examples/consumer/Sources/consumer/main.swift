import Foundation
import BrandColors

// Prints the brand color in OKLCH, a 2×2 contrast matrix and the brand ramp.
do {
    let c = try BrandColors.brandOKLCH()
    print("\(BrandColors.brandCSS) in oklch: L \(c.coords.x), C \(c.coords.y), h \(c.coords.z)")
    let ratios = try BrandColors.contrastMatrix(texts: ["black", "white"], backgrounds: ["white", BrandColors.brandCSS])
    print("contrast black/white on white/brand:", ratios.map { ($0 * 100).rounded() / 100 })
    let ramp = try BrandColors.brandRamp()
    print("ramp:", ramp.map(\.css).joined(separator: " "))
} catch {
    print("consumer: \(error)")
    exit(1)
}
