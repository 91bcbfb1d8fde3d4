import Foundation
import TesseraCore
import TesseraGeometry
import TesseraPhotos

/// Decides what is decoded, for whom and in which order, frame by frame: the photos a frame shows
/// first, each at the long side it needs, longest decode first (a full-size PNG costs several times a
/// scaled JPEG of the same size, so those start first and the cores finish together), then the next
/// screenful's, which nothing waits for; requests for photos in neither are withdrawn before they
/// start (`DecodeQueue`).
final class DecodeScheduler {
    let queue: DecodeQueue
    /// The long side each photo of the current frame needs (pixels).
    private(set) var wantedSides: [PhotoID: Int] = [:]
    /// The photos of the current frame and the next screenful, whose waiting decodes stay.
    private var wantedKeys = Set<DecodeKey>()
    /// The photos a frame asks for that are not decoded yet (reused across frames).
    private var missing: [Photo] = []
    /// The last question asked, kept while its answer was "nothing to do": every photo decoded and the
    /// queue idle. The same question again, with no photo's textures changed since (`generation`),
    /// has the same answer — an animation asks it every frame.
    private var answered: Question?
    private struct Question {
        var visible: [(id: PhotoID, side: Int)] = []
        var ahead: [(id: PhotoID, side: Int)] = []
        var alsoWanted: DecodeKey?
        var generation = 0

        func isAsked(
            visible: [(id: PhotoID, side: Int)], ahead: [(id: PhotoID, side: Int)], alsoWanted: DecodeKey?,
            generation: Int
        ) -> Bool {
            func same(_ a: [(id: PhotoID, side: Int)], _ b: [(id: PhotoID, side: Int)]) -> Bool {
                a.elementsEqual(b) { $0.id == $1.id && $0.side == $1.side }
            }
            return generation == self.generation && alsoWanted == self.alsoWanted && same(visible, self.visible)
                && same(ahead, self.ahead)
        }
    }

    init(queue: DecodeQueue) { self.queue = queue }

    /// Starts decoding what a frame shows (`visible`) and then what the next screenful will (`ahead`),
    /// keeping `alsoWanted` (a zoomed photo's sharper decode); `needsDecode` says whether a photo lacks
    /// textures of a side, and `generation` changes whenever its answer may (`TextureCache`'s latest
    /// generation). When `waiting`, blocks until the visible ones are done.
    func schedule(
        visible: [(id: PhotoID, side: Int)], ahead: [(id: PhotoID, side: Int)], alsoWanted: DecodeKey?,
        photos: PhotoLibrary, waiting: Bool, generation: Int, needsDecode: (PhotoID, Int) -> Bool
    ) {
        if answered?.isAsked(visible: visible, ahead: ahead, alsoWanted: alsoWanted, generation: generation) == true {
            return
        }
        answered = nil
        wantedSides.removeAll(keepingCapacity: true)
        wantedKeys.removeAll(keepingCapacity: true)
        for (id, side) in visible { wantedSides[id] = max(wantedSides[id] ?? 0, side) }
        for (id, _) in visible { wantedKeys.insert(DecodeKey(id)) }
        for (id, _) in ahead { wantedKeys.insert(DecodeKey(id)) }
        if let alsoWanted { wantedKeys.insert(alsoWanted) }
        queue.withdraw(keeping: wantedKeys)
        missing.removeAll(keepingCapacity: true)
        for (id, side) in wantedSides where needsDecode(id, side) {
            if let photo = photos.photo(for: id) { missing.append(photo) }
        }
        if missing.count > 1 { missing.sort { Self.decodeCost($0) > Self.decodeCost($1) } }
        for photo in missing { queue.request(DecodeKey(photo.id), path: photo.path, side: wantedSides[photo.id]!) }
        var requestedAhead = false
        for (id, side) in ahead where wantedSides[id] == nil && needsDecode(id, side) {
            if let path = photos.path(for: id) {
                queue.request(DecodeKey(id), path: path, side: side, urgency: .ahead)
                requestedAhead = true
            }
        }
        if waiting { queue.wait(for: wantedSides.keys.lazy.map { DecodeKey($0) }) }
        if missing.isEmpty, !requestedAhead, queue.isIdle {
            answered = Question(visible: visible, ahead: ahead, alsoWanted: alsoWanted, generation: generation)
        }
    }

    /// Forgets the last answer: the folder changed, so a photo asked for may now exist.
    func reconsider() { answered = nil }

    /// Relative decode time: pixels, times 7 when the format cannot decode scaled (a PNG decodes whole
    /// where a JPEG decodes at 1/4: BENCHMARKS.md, "Figures behind design choices").
    static func decodeCost(_ photo: Photo) -> Double {
        let pixels = photo.pixelSize.map { $0.width * $0.height } ?? 0
        let ext = (photo.path as NSString).pathExtension.lowercased()
        return ext == "jpg" || ext == "jpeg" ? pixels : 7 * pixels
    }
}
