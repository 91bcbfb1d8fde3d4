/// How much of each pixel of a rounded corner's r×r square lies inside the arc (0…255): the share of
/// 8×8 samples a pixel within radius r of the square's inner corner. One table, for the top-left
/// corner, mirrored for the others.
package struct CornerCoverage: Sendable {
    package let radius: Int
    @usableFromInline let table: [UInt8]
    /// A 2r×2r corner atlas (corner `index` at `CornerSquares.slot(index, radius: r)`) whose pixels hold
    /// only an alpha, one minus the coverage: what `CornerSquares` gives the squares it saves, a word a
    /// pixel rather than a look-up and a mirror.
    package let outsideAlphas: [UInt32]

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
        var alphas = [UInt32](repeating: 0, count: 4 * r * r)
        Self.forEachAtlasPixel(radius: r) { index, x, y, i in
            alphas[i] = (255 - UInt32(table[Self.tableIndex(index, x, y, radius: r)])) << 24
        }
        outsideAlphas = alphas
    }

    /// Each pixel of a 2r×2r corner atlas: its corner, where it is in that corner's square, and its index.
    private static func forEachAtlasPixel(radius r: Int, _ body: (Int, Int, Int, Int) -> Void) {
        for index in 0..<4 {
            let slot = CornerSquares.slot(index, radius: r)
            for y in 0..<r {
                for x in 0..<r { body(index, x, y, (slot.y + y) * 2 * r + slot.x + x) }
            }
        }
    }

    /// The coverage of pixel (x, y) of corner `index`'s square (0 TL, 1 TR, 2 BR, 3 BL), 0 ≤ x, y < r.
    @inlinable
    package func at(_ index: Int, _ x: Int, _ y: Int) -> UInt8 {
        table[Self.tableIndex(index, x, y, radius: radius)]
    }

    /// Where pixel (x, y) of corner `index`'s square is in the top-left corner's table: mirrored.
    @usableFromInline
    static func tableIndex(_ index: Int, _ x: Int, _ y: Int, radius r: Int) -> Int {
        let cx = index == 1 || index == 2 ? r - 1 - x : x
        let cy = index >= 2 ? r - 1 - y : y
        return cy * r + cx
    }

    /// Sets the alpha of a 2r×2r corner atlas (`pixels`, row-major; corner `index` at
    /// `CornerSquares.slot(index, radius: r)`) to the arc's coverage, keeping each pixel's colour: a
    /// photo's corners baked as they are drawn directly (`CornerAtlas` in TesseraSDL).
    package func cutAtlas(_ pixels: inout [UInt32]) {
        Self.forEachAtlasPixel(radius: radius) { index, x, y, i in
            pixels[i] = pixels[i] & 0x00FF_FFFF | UInt32(at(index, x, y)) << 24
        }
    }
}
