/// CMYK to RGB for JPEGs saved in CMYK or YCCK (print-shop exports), which libjpeg-turbo decodes only
/// to their CMYK samples (`TJPF_CMYK`: turning ink into light needs a colour-management system, which
/// is out of a codec's scope, turbojpeg.h).
///
/// Without a printer profile the plain formula is the fair choice: each light channel is what its ink
/// and the black leave, `R = (1 − C)(1 − K)`. Adobe's applications, which write nearly every CMYK JPEG
/// (with their `APP14` "Adobe" marker), store the samples inverted (255 = no ink), so in stored values
/// `R = c·k / 255` — the convention libjpeg's own documentation notes for Adobe files (libjpeg.txt,
/// "Special color spaces") and that browsers and Pillow follow.
enum CMYKConversion {
    /// Rewrites a picture holding 4-byte C, M, Y, K samples (as `TJPF_CMYK` wrote them) as ARGB8888.
    static func convertInPlace(_ picture: PixelBuffer) {
        let width = picture.width
        let pitch = picture.pitch
        for y in 0..<picture.height {
            let row = (picture.pixels + y * pitch).assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let p = row + x * 4
                let k = UInt32(p[3])
                let r = (UInt32(p[0]) * k + 127) / 255
                let g = (UInt32(p[1]) * k + 127) / 255
                let b = (UInt32(p[2]) * k + 127) / 255
                p.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = 0xFF00_0000 | r << 16 | g << 8 | b }
            }
        }
    }
}
