/// How much of each pixel of a rounded corner's r×r square lies inside the arc (0…255): the share of
/// 8×8 samples a pixel within radius r of the square's inner corner. One table, for the top-left
/// corner, mirrored for the others.
package struct CornerCoverage: Sendable {
    package let radius: Int
    @usableFromInline let table: [UInt8]

    package init(radius r: Int) {
        radius = r
        let n = 8
        let rr = Double(r) * Double(r)
        var table = [UInt8](repeating: 0, count: r * r)
        for y in 0..<r {
            for x in 0..<r {
                var inside = 0
                for j in 0..<n {
                    let dy = Double(r) - (Double(y) + (Double(j) + 0.5) / Double(n))
                    for i in 0..<n {
                        let dx = Double(r) - (Double(x) + (Double(i) + 0.5) / Double(n))
                        if dx * dx + dy * dy <= rr { inside += 1 }
                    }
                }
                table[y * r + x] = UInt8((Double(inside) * 255 / Double(n * n)).rounded())
            }
        }
        self.table = table
    }

    /// The coverage of pixel (x, y) of corner `index`'s square (0 TL, 1 TR, 2 BR, 3 BL), 0 ≤ x, y < r.
    @inlinable
    package func at(_ index: Int, _ x: Int, _ y: Int) -> UInt8 {
        let cx = index == 1 || index == 2 ? radius - 1 - x : x
        let cy = index >= 2 ? radius - 1 - y : y
        return table[cy * radius + cx]
    }

    /// Sets the alpha of a 2r×2r corner atlas (`pixels`, row-major; corner `index` at
    /// `CornerSquares.slot(index, radius: r)`) to the arc's coverage, keeping each pixel's colour: a
    /// photo's corners baked as they are drawn directly (`CornerAtlas` in TesseraSDL).
    package func cutAtlas(_ pixels: inout [UInt32]) {
        let r = radius
        let side = 2 * r
        for index in 0..<4 {
            let slot = CornerSquares.slot(index, radius: r)
            for y in 0..<r {
                for x in 0..<r {
                    let i = (slot.y + y) * side + slot.x + x
                    pixels[i] = pixels[i] & 0x00FF_FFFF | UInt32(at(index, x, y)) << 24
                }
            }
        }
    }
}
