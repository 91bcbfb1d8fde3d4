import TesseraCore
import TesseraGeometry
import TesseraPhotos

/// What must be redrawn to turn the last presented frame into the next one, found by comparing their
/// draw lists: the bounds of every command that appeared or disappeared, the old place and the new
/// one of anything that moved. Pixels outside the damage are right when the commands kept in both
/// frames keep their order: then every pixel there is composited from the same commands in the same
/// order. The same idea as Qt Quick's software renderer, which repaints and
/// flushes only dirty regions.
///
/// A photo command can stay the same while its pixels change — its file replaced and decoded again,
/// its sharper decode for a zoom arriving — so the textures' generation (`TextureCache.generation`) is
/// compared too: a photo whose textures changed since the last frame is damage where it is drawn.
///
/// A frame is redrawn whole when a partial redraw could not be trusted to give the same pixels: the
/// first frame, a backdrop blur (it shows everything under it), commands whose order changed (what is
/// on top would change without any command changing), or damage over most of the window (one full
/// pass is cheaper than many partial ones). The region is also told in up to `maxParts` rectangles
/// (`Scratch.parts`), and "most of the window" is what they cover: a tile flying from the top of a
/// screen to its bottom is two small rectangles, not one tall one.
enum FrameDamage: Equatable {
    /// Nothing to redraw.
    case none
    /// Redraw everything.
    case whole
    /// Redraw what lies in this rectangle (window points), and present only it.
    case region(Rect)

    /// Past this share of the window, a partial redraw costs about as much as a whole one.
    static let wholeShare = 0.5

    /// The damage from `old` to `new` in a `window`; `textureGeneration` says which textures each
    /// photo id draws with now, numbered from a counter that only grows and is at `latestGeneration`
    /// (`TextureCache.generation(of:)`); `measure` sizes a line of text (points). `scratch` holds the
    /// working storage and the generation the last frame was compared at, kept from frame to frame so
    /// a warm window allocates nothing here.
    static func between(
        _ old: [DrawCommand], _ new: [DrawCommand], window: Size, scratch: inout Scratch,
        textureGeneration: (PhotoID) -> Int = { _ in 0 }, latestGeneration: Int = 0,
        measure: (String, TextStyle) -> Size
    ) -> FrameDamage {
        scratch.parts.removeAll(keepingCapacity: true)
        // Generations come from one counter that only grows: a photo's textures changed since the last
        // compare exactly when its generation is past the latest one then.
        let since = scratch.comparedGeneration
        scratch.comparedGeneration = latestGeneration
        let texturesChanged = latestGeneration > since
        // The commands both frames begin and end with are kept, in the same order, whatever lies
        // between: only the middles are matched (most of a frame is its unchanged prefix and suffix).
        // Each command is compared once: the prefix also tells an unchanged frame.
        let (prefix, suffix) = DrawCommand.sharedEnds(old, new)
        if prefix == old.count && prefix == new.count && !texturesChanged { return .none }
        if old.isEmpty || old.contains(where: isBackdrop) || new.contains(where: isBackdrop) { return .whole }
        // Taken out while the matching below (which holds the scratch) adds to them.
        var parts: [Rect] = []
        swap(&parts, &scratch.parts)
        parts.removeAll(keepingCapacity: true)
        defer { swap(&parts, &scratch.parts) }
        func add(_ command: DrawCommand) {
            guard let b = bounds(of: command, measure: measure), !b.isEmpty else { return }
            Scratch.insert(b, into: &parts)
        }
        let oldMiddle = old[prefix..<(old.count - suffix)]
        let newMiddle = new[prefix..<(new.count - suffix)]
        // What is in one middle and not the other is damage; what is in both must keep its order.
        let keptInOrder = scratch.keepsOrder(old: oldMiddle, new: newMiddle, otherwise: add)
        guard keptInOrder else {
            parts.removeAll(keepingCapacity: true)
            return .whole
        }
        // A photo drawn the same way with other textures.
        if texturesChanged {
            for command in new {
                if case .photo(let id, _, _, _, _) = command, textureGeneration(id) > since { add(command) }
            }
        }
        let windowRect = Rect(0, 0, window.width, window.height)
        var union: Rect?
        var area = 0.0
        var kept = 0
        for part in parts {
            let visible = part.intersection(windowRect)
            guard !visible.isEmpty else { continue }
            parts[kept] = visible
            kept += 1
            union = union.map { $0.union(visible) } ?? visible
            area += visible.width * visible.height
        }
        parts.removeLast(parts.count - kept)
        guard let union else { return .none }
        if area > wholeShare * window.width * window.height {
            parts.removeAll(keepingCapacity: true)
            return .whole
        }
        return .region(union)
    }

    /// Most rectangles a region is told in (`Scratch.parts`).
    static let maxParts = 4

    /// Working storage for `between`, reused across frames, and the parts of the last region it found.
    struct Scratch {
        /// What both middles hold (`keepsOrder`).
        private var matching = Matching()
        /// The latest texture generation when the last frame was compared.
        fileprivate(set) var comparedGeneration = 0

        /// The last `.region` as up to `maxParts` rectangles (window points) whose bounding box it is:
        /// what changed, in separate places (a photo flying to the dock while the grid reflows above)
        /// kept apart, so each is drawn and sent alone. They do not overlap (`insert`). Empty after `.none`
        /// and `.whole`.
        fileprivate(set) var parts: [Rect] = []

        /// Adds `rect` to the parts, which stay apart: merged into one it overlaps (or whose union is no
        /// larger than the two), kept apart while there is room, else merged where the union grows least.
        /// Apart, every change lies wholly inside one part and no other part's pass touches it: a photo
        /// cut by a pass's clip would be scaled from a cut source, one rounding off (`TileBodies`).
        fileprivate static func insert(_ rect: Rect, into parts: inout [Rect]) {
            var b = rect
            while true {
                var best = -1
                var growth = Double.infinity
                for (k, p) in parts.enumerated() {
                    if p.intersects(b) {
                        best = k
                        growth = 0
                        break
                    }
                    let u = p.union(b)
                    let g = u.width * u.height - p.width * p.height - b.width * b.height
                    if g < growth {
                        growth = g
                        best = k
                    }
                }
                if best < 0 || (growth > 0 && parts.count < FrameDamage.maxParts) {
                    parts.append(b)
                    return
                }
                b = parts.remove(at: best).union(b)
            }
        }

        /// Passes what only one of the middles holds to `otherwise` (the old middle's first, each in
        /// order); true when what both hold comes in the same order in each.
        ///
        /// A command is kept as many times as both middles hold it: the first occurrences in each, in
        /// order. Matching goes by fingerprint first — both middles sorted by it, walked side by side —
        /// and equal fingerprints are compared in full: nothing is hashed, and nothing allocated once
        /// warm. Counting every command in a dictionary, as this did before, cost a third more of an
        /// animated picker frame (BENCHMARKS.md#the-floor-of-a-picker-frame).
        fileprivate mutating func keepsOrder(
            old: ArraySlice<DrawCommand>, new: ArraySlice<DrawCommand>, otherwise: (DrawCommand) -> Void
        ) -> Bool {
            matching.match(old, new)
            for k in 0..<old.count where !matching.oldKept[k] { otherwise(old[old.startIndex + k]) }
            for k in 0..<new.count where !matching.newKept[k] { otherwise(new[new.startIndex + k]) }
            return matching.keptInOneOrder(old, new)
        }
    }

    /// The commands two middles both hold, paired (reused from frame to frame).
    private struct Matching {
        /// Each command's fingerprint (`DrawCommand.fingerprint`), and the positions sorted by it:
        /// equal commands lie next to each other.
        private var oldKeys: [UInt64] = []
        private var newKeys: [UInt64] = []
        private var oldOrder: [Int] = []
        private var newOrder: [Int] = []
        /// Which positions (0..<count) of each middle are paired with one in the other.
        private(set) var oldKept: [Bool] = []
        private(set) var newKept: [Bool] = []

        /// Sets `oldKept` and `newKept` (positions 0..<count of each middle): every old command paired
        /// with the first unpaired equal new one, old ones taken in order.
        mutating func match(_ old: ArraySlice<DrawCommand>, _ new: ArraySlice<DrawCommand>) {
            Self.prepare(old, keys: &oldKeys, order: &oldOrder, kept: &oldKept)
            Self.prepare(new, keys: &newKeys, order: &newOrder, kept: &newKept)
            var i = 0
            var j = 0
            while i < oldOrder.count, j < newOrder.count {
                let key = oldKeys[oldOrder[i]]
                let other = newKeys[newOrder[j]]
                if key < other {
                    i += 1
                } else if key > other {
                    j += 1
                } else {
                    var iEnd = i
                    while iEnd < oldOrder.count, oldKeys[oldOrder[iEnd]] == key { iEnd += 1 }
                    var jEnd = j
                    while jEnd < newOrder.count, newKeys[newOrder[jEnd]] == key { jEnd += 1 }
                    // Positions within a run are in order (the sort breaks ties by position).
                    for a in i..<iEnd {
                        let o = oldOrder[a]
                        for b in j..<jEnd where !newKept[newOrder[b]] {
                            let n = newOrder[b]
                            if old[old.startIndex + o] == new[new.startIndex + n] {
                                oldKept[o] = true
                                newKept[n] = true
                                break
                            }
                        }
                    }
                    i = iEnd
                    j = jEnd
                }
            }
        }

        /// True when the paired commands come in the same order in both middles: the k-th kept of the
        /// old one equals the k-th kept of the new one (as many are kept in each).
        func keptInOneOrder(_ old: ArraySlice<DrawCommand>, _ new: ArraySlice<DrawCommand>) -> Bool {
            var j = 0
            for i in 0..<old.count where oldKept[i] {
                while !newKept[j] { j += 1 }
                guard old[old.startIndex + i] == new[new.startIndex + j] else { return false }
                j += 1
            }
            return true
        }

        private static func prepare(
            _ middle: ArraySlice<DrawCommand>, keys: inout [UInt64], order: inout [Int], kept: inout [Bool]
        ) {
            keys.removeAll(keepingCapacity: true)
            for command in middle { keys.append(command.fingerprint) }
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: 0..<middle.count)
            let k = keys
            order.sort { k[$0] != k[$1] ? k[$0] < k[$1] : $0 < $1 }
            kept.removeAll(keepingCapacity: true)
            kept.append(contentsOf: repeatElement(false, count: middle.count))
        }
    }

    private static func isBackdrop(_ command: DrawCommand) -> Bool {
        if case .backdropBlur = command { return true }
        return false
    }

    /// Every point a command may touch, a point of margin all round (feathered edges, rounding to pixels),
    /// inside its clip.
    static func bounds(of command: DrawCommand, measure: (String, TextStyle) -> Size) -> Rect? {
        let margin = 1.0
        func clipped(_ r: Rect, _ clip: Rect?) -> Rect {
            let grown = r.insetBy(dx: -margin, dy: -margin)
            return clip.map { grown.intersection($0.insetBy(dx: -margin, dy: -margin)) } ?? grown
        }
        switch command {
        case .fill(let rect, _, _, let clip):
            return clipped(rect, clip)
        case .photo(_, let frame, _, _, let clip):
            return clipped(frame, clip)
        case .text(let string, let anchor, let alignment, let style, _, let clip):
            let size = measure(string, style)
            let x: Double
            switch alignment {
            case .leading: x = anchor.x
            case .center: x = anchor.x - size.width / 2
            case .trailing: x = anchor.x - size.width
            }
            return clipped(Rect(x, anchor.y - size.height / 2, size.width, size.height), clip)
        case .shadow(let frame, _, let radius, _, let clip):
            // The blur spreads about 1.5 radii (three standard deviations of radius / 2).
            let spread = 1.5 * radius + 1
            return clipped(frame.insetBy(dx: -spread, dy: -spread), clip)
        case .backdropBlur(let region, _, _, _):
            return region
        case .paragraph(_, let frame, _, _, let clip):
            return clipped(frame, clip)
        case .cross(let center, let size, let lineWidth, _, let clip):
            let half = size / 2 + lineWidth
            return clipped(Rect(center.x - half, center.y - half, 2 * half, 2 * half), clip)
        case .ring(let frame, _, _, _, let clip):
            // Its feathered rim reaches half a pixel past the frame.
            return clipped(frame.insetBy(dx: -1, dy: -1), clip)
        }
    }
}

extension DrawCommand {
    /// What a command is and where it draws (its kind, frame or anchor, and opacity), mixed into 64
    /// bits: equal commands have equal fingerprints whenever their coordinates have the same bits. A
    /// -0 and a 0 do not: such a pair is taken for a change and redrawn, never for the same command.
    fileprivate var fingerprint: UInt64 {
        func kind(_ tag: UInt64) -> UInt64 { tag &* 0x9E37_79B9_7F4A_7C15 }
        func mix(_ h: UInt64, _ v: Double) -> UInt64 {
            let m = (h ^ v.bitPattern) &* 0xBF58_476D_1CE4_E5B9
            return m ^ m >> 31
        }
        func mix(_ h: UInt64, _ r: Rect) -> UInt64 { mix(mix(mix(mix(h, r.x), r.y), r.width), r.height) }
        switch self {
        case .fill(let r, _, _, _): return mix(kind(1), r)
        case .photo(_, let r, _, let opacity, _): return mix(mix(kind(2), r), opacity)
        case .text(_, let anchor, _, _, _, _): return mix(mix(kind(3), anchor.x), anchor.y)
        case .shadow(let r, _, _, _, _): return mix(kind(4), r)
        case .backdropBlur(let r, _, _, let opacity): return mix(mix(kind(5), r), opacity)
        case .paragraph(_, let r, _, _, _): return mix(kind(6), r)
        case .cross(let center, _, _, _, _): return mix(mix(kind(7), center.x), center.y)
        case .ring(let r, _, _, _, _): return mix(kind(8), r)
        }
    }
}
