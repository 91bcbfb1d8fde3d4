import CSDL2
import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// What changed between two draw lists, and damage-only frames against whole ones.
final class FrameDamageTests: XCTestCase {
    private let window = Size(400, 300)
    private func measure(_ text: String, _ style: TextStyle) -> Size { Size(Double(text.count) * 8, 20) }

    private func damage(_ old: [DrawCommand], _ new: [DrawCommand]) -> FrameDamage {
        var scratch = FrameDamage.Scratch()
        return FrameDamage.between(old, new, window: window, scratch: &scratch, measure: measure)
    }

    private func photo(_ id: PhotoID, _ frame: Rect, clip: Rect? = nil) -> DrawCommand {
        .photo(id: id, frame: frame, radius: 4, opacity: 1, clip: clip)
    }

    private let background = DrawCommand.fill(Rect(0, 0, 400, 40), radius: 0, color: Color(200, 200, 200), clip: nil)

    func testAnUnchangedFrameNeedsNothing() {
        let frame = [background, photo("a", Rect(10, 50, 60, 60))]
        XCTAssertEqual(damage(frame, frame), .none)
    }

    func testAMovingTileDamagesItsOldAndNewBounds() throws {
        let old = [background, photo("a", Rect(10, 50, 60, 60)), photo("b", Rect(200, 50, 60, 60))]
        let new = [background, photo("a", Rect(30, 70, 60, 60)), photo("b", Rect(200, 50, 60, 60))]
        guard case .region(let r) = damage(old, new) else { return XCTFail("a region") }
        XCTAssertTrue(r.contains(Rect(10, 50, 60, 60)), "old bounds \(r)")
        XCTAssertTrue(r.contains(Rect(30, 70, 60, 60)), "new bounds \(r)")
        XCTAssertFalse(r.intersects(Rect(200, 50, 60, 60)), "the still tile is not redrawn \(r)")
    }

    func testChangesFarApartAreSeparatePartsOfOneRegion() throws {
        var scratch = FrameDamage.Scratch()
        let still = photo("s", Rect(150, 120, 60, 60))
        let old = [background, photo("a", Rect(10, 50, 40, 40)), still, photo("b", Rect(340, 250, 40, 40))]
        let new = [background, photo("a", Rect(12, 50, 40, 40)), still, photo("b", Rect(340, 252, 40, 40))]
        let found = FrameDamage.between(old, new, window: window, scratch: &scratch, measure: measure)
        guard case .region(let union) = found else { return XCTFail("a region, not \(found)") }
        XCTAssertEqual(scratch.parts.count, 2, "\(scratch.parts)")
        XCTAssertTrue(scratch.parts.contains { $0.contains(Rect(10, 50, 42, 40)) }, "\(scratch.parts)")
        XCTAssertTrue(scratch.parts.contains { $0.contains(Rect(340, 250, 40, 42)) }, "\(scratch.parts)")
        XCTAssertFalse(scratch.parts.contains { $0.intersects(Rect(150, 120, 60, 60)) }, "the still tile between")
        XCTAssertTrue(union.contains(Rect(10, 50, 370, 242)), "the region bounds every part \(union)")
        // More changes than parts merge where the union grows least; every change stays covered.
        let many = (0..<9).map { photo("m\($0)", Rect(Double($0) * 44, Double($0 % 3) * 90 + 50, 30, 30)) }
        let moved = many.map { command -> DrawCommand in
            guard case .photo(let id, let f, _, _, _) = command else { return command }
            return photo(id, Rect(f.x + 2, f.y, f.width, f.height))
        }
        _ = FrameDamage.between(
            [background] + many, [background] + moved, window: window, scratch: &scratch, measure: measure)
        XCTAssertLessThanOrEqual(scratch.parts.count, FrameDamage.maxParts)
        for case .photo(_, let f, _, _, _) in moved {
            XCTAssertTrue(scratch.parts.contains { $0.contains(f) }, "\(f) in \(scratch.parts)")
        }
    }

    func testWhatBothFramesBeginAndEndWithIsKeptWhateverChangesBetween() throws {
        let x = photo("x", Rect(10, 50, 60, 60))
        let b = photo("b", Rect(200, 50, 60, 60))
        // `b` drawn a second time, under `x`: only its bounds change which commands draw there.
        guard case .region(let r) = damage([background, x, b], [background, b, x, b]) else {
            return XCTFail("a region")
        }
        XCTAssertTrue(r.contains(Rect(200, 50, 60, 60)), "\(r)")
        XCTAssertFalse(r.intersects(Rect(10, 50, 60, 60)), "\(r)")
    }

    func testCommandsThatDrawInTheSamePlaceAreStillToldApart() throws {
        // Matching goes by where a command draws first; what it draws there still counts.
        let a = photo("a", Rect(10, 50, 60, 60))
        let other = photo("z", Rect(10, 50, 60, 60))
        let moving = photo("m", Rect(200, 50, 60, 60))
        let moved = photo("m", Rect(210, 50, 60, 60))
        guard case .region(let r) = damage([background, a, moving], [background, other, moved]) else {
            return XCTFail("a region")
        }
        XCTAssertTrue(r.contains(Rect(10, 50, 60, 60)), "another photo in the same frame \(r)")
        // Two alike in place, swapped with a change beside them: the order changed.
        let b = photo("b", Rect(10, 50, 60, 60))
        XCTAssertEqual(damage([a, b, moving], [b, a, moved]), .whole)
    }

    func testClipsBoundTheDamage() throws {
        let clip = Rect(0, 50, 100, 100)
        let old = [photo("a", Rect(-30, 60, 60, 60), clip: clip)]
        let new = [photo("a", Rect(-40, 60, 60, 60), clip: clip)]
        guard case .region(let r) = damage(old, new) else { return XCTFail("a region") }
        XCTAssertGreaterThanOrEqual(r.minX, -1)
    }

    func testTextIsMeasured() throws {
        let old = [
            DrawCommand.text(
                "Hi", anchor: Point(200, 100), alignment: .center, style: .init(size: 17, weight: .bold),
                color: Color(0, 0, 0), clip: nil)
        ]
        let new = [
            DrawCommand.text(
                "Hello", anchor: Point(200, 100), alignment: .center, style: .init(size: 17, weight: .bold),
                color: Color(0, 0, 0), clip: nil)
        ]
        guard case .region(let r) = damage(old, new) else { return XCTFail("a region") }
        XCTAssertTrue(r.contains(Rect(180, 90, 40, 20)), "\(r)")
    }

    func testWhenAPartialRedrawCannotBeTrustedTheFrameIsWhole() {
        let a = photo("a", Rect(10, 50, 60, 60))
        let b = photo("b", Rect(40, 60, 60, 60))
        XCTAssertEqual(damage([], [a]), .whole, "the first frame")
        XCTAssertEqual(damage([a, b], [b, a]), .whole, "the same commands in another order")
        let blur = DrawCommand.backdropBlur(
            region: Rect(0, 0, 400, 300), radius: 20, tint: Color(255, 255, 255), opacity: 0.5)
        XCTAssertEqual(
            damage([a, blur], [photo("a", Rect(11, 50, 60, 60)), blur]), .whole, "a blur shows what is under it")
        XCTAssertEqual(damage([a], [photo("a", Rect(0, 0, 400, 300))]), .whole, "most of the window")
    }

    func testAPhotoWhoseTexturesChangedUnderTheSameCommandIsRedrawn() throws {
        let frame = [background, photo("a", Rect(10, 50, 60, 60)), photo("b", Rect(200, 50, 60, 60))]
        var scratch = FrameDamage.Scratch()
        var generations: [PhotoID: Int] = ["a": 1, "b": 1]
        func damage() -> FrameDamage {
            FrameDamage.between(
                frame, frame, window: window, scratch: &scratch, textureGeneration: { generations[$0] ?? 0 },
                latestGeneration: generations.values.max() ?? 0, measure: measure)
        }
        _ = damage()
        XCTAssertEqual(damage(), .none, "nothing changed")
        generations["a"] = 2  // photo a's file replaced and decoded again (the next number of one counter)
        guard case .region(let r) = damage() else { return XCTFail("a region") }
        XCTAssertTrue(r.contains(Rect(10, 50, 60, 60)), "\(r)")
        XCTAssertFalse(r.intersects(Rect(200, 50, 60, 60)), "b keeps its pixels \(r)")
        XCTAssertEqual(damage(), .none, "and once redrawn, nothing again")
    }

    /// A photo replaced in the folder, taken in by a window on the software path: the next frame's
    /// draw list is the same, and the new picture must still reach the screen.
    func testAReplacedPhotoIsDrawnAnewOnADamageOnlyCanvas() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Photos").standardizedFileURL
        let folder = try RenderFixture.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["photo-01.jpg", "photo-02.jpg"] {
            try FileManager.default.copyItem(
                atPath: assets.appendingPathComponent(name).path, toPath: folder + "/" + name)
        }
        var photos = try PhotoLibrary.scanning(folder: folder)
        let size = Size(640, 480)
        let sim = Simulation(
            config: Config(), photos: photos, scene: try XCTUnwrap(SceneID(rawValue: "picker")), window: size, hz: 60)
        let (whole, wholeRenderer) = try RenderFixture.renderer(width: 640, height: 480, photos: photos)
        let (partial, partialRenderer) = try RenderFixture.renderer(width: 640, height: 480, photos: photos)
        var scratch = FrameDamage.Scratch()
        var previous: [DrawCommand] = []
        func frame() throws -> (whole: [UInt32], partial: [UInt32]) {
            var list = DrawList()
            sim.layOutIfNeeded()
            sim.draw(into: &list)
            wholeRenderer.render(list, background: Color(255, 255, 255))
            let damage = FrameDamage.between(
                previous, list.commands, window: size, scratch: &scratch,
                textureGeneration: partialRenderer.textures.generation(of:),
                latestGeneration: partialRenderer.textures.latestGeneration
            ) { text, style in partialRenderer.measure(text, style: style) }
            switch damage {
            case .none: break
            case .region(let r): partialRenderer.render(list, background: Color(255, 255, 255), damage: r)
            case .whole: partialRenderer.render(list, background: Color(255, 255, 255))
            }
            previous = list.commands
            SDL_RenderFlush(whole.renderer)
            SDL_RenderFlush(partial.renderer)
            return (try whole.readPixels(), try partial.readPixels())
        }
        func differing(_ a: [UInt32], _ b: [UInt32]) -> Int { zip(a, b).filter { $0 != $1 }.count }
        let before = try frame()
        XCTAssertEqual(differing(before.whole, before.partial), 0)
        // Another picture under the same name, the same size (so the layout does not move).
        let replaced = folder + "/photo-01.jpg"
        try FileManager.default.removeItem(atPath: replaced)
        try FileManager.default.copyItem(atPath: assets.appendingPathComponent("photo-05.jpg").path, toPath: replaced)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(30)], ofItemAtPath: replaced)
        let changes = photos.rescan()
        XCTAssertEqual(changes.replaced.map(\.id), ["photo-01"])
        wholeRenderer.textures.takeIn(changes)
        partialRenderer.textures.takeIn(changes)
        let after = try frame()
        XCTAssertGreaterThan(differing(after.whole, before.whole), 1000, "the new picture is drawn")
        XCTAssertEqual(differing(after.partial, after.whole), 0, "the damage-only canvas shows it too")
    }

    /// Real scenes, frame by frame: a canvas drawn damage-only always equals one drawn whole.
    func testDamageOnlyFramesEqualWholeFramesPixelForPixel() throws {
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Photos").standardizedFileURL.path
        let photos = try PhotoLibrary.scanning(folder: assets)
        let size = Size(640, 480)
        let sim = Simulation(
            config: Config(), photos: photos, scene: try XCTUnwrap(SceneID(rawValue: "picker")), window: size, hz: 60)
        let (whole, wholeRenderer) = try RenderFixture.renderer(width: 640, height: 480, photos: photos)
        let (partial, partialRenderer) = try RenderFixture.renderer(width: 640, height: 480, photos: photos)
        var previous: [DrawCommand] = []
        var partialFrames = 0
        var splitFrames = 0
        var scratch = FrameDamage.Scratch()
        func frame(_ label: String) throws {
            var list = DrawList()
            sim.draw(into: &list)
            wholeRenderer.render(list, background: Color(255, 255, 255))
            let damage = FrameDamage.between(previous, list.commands, window: size, scratch: &scratch) { text, style in
                partialRenderer.measure(text, style: style)
            }
            switch damage {
            case .none: break
            case .region:
                partialFrames += 1
                if scratch.parts.count > 1 { splitFrames += 1 }
                partialRenderer.render(list, background: Color(255, 255, 255), damage: scratch.parts)
            case .whole: partialRenderer.render(list, background: Color(255, 255, 255))
            }
            previous = list.commands
            SDL_RenderFlush(whole.renderer)
            SDL_RenderFlush(partial.renderer)
            let a = try whole.readPixels()
            let b = try partial.readPixels()
            if let i = a.indices.first(where: { a[$0] != b[$0] }) {
                XCTFail(
                    "\(label): pixel (\(i % 640), \(i / 640)) differs: \(String(a[i], radix: 16)) vs \(String(b[i], radix: 16))"
                )
                throw XCTSkip("stop at the first differing frame")
            }
        }
        try frame("first")
        // Photos fly to the dock and back, the dock scrolls, the grid scrolls under a wheel.
        for (n, id) in [PhotoID("photo-03"), "photo-07", "photo-12", "photo-03"].enumerated() {
            sim.tap(id)
            for step in 0..<40 {
                sim.layOutIfNeeded()
                sim.step()
                if step % 3 == 0 { try frame("tap \(n) step \(step)") }
            }
        }
        sim.handle(.wheel(at: Point(320, 200), dx: 0, dy: -2))
        for step in 0..<30 {
            sim.step()
            if step % 2 == 0 { try frame("wheel step \(step)") }
        }
        XCTAssertGreaterThan(partialFrames, 10, "some frames were partial")
        XCTAssertGreaterThan(splitFrames, 0, "some damage came in separate parts")
    }
}

extension Simulation {
    fileprivate func tap(_ id: PhotoID) {
        guard let frame = presentedFrame(of: id) else { return XCTFail("no tile \(id)") }
        handle(.pointerDown(frame.center, time: time))
        handle(.pointerUp(frame.center, time: time))
    }
}
