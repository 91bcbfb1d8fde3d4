import CSDL2
import Foundation
import TesseraGeometry
import TesseraPhotos
import XCTest

@testable import TesseraCore
@testable import TesseraSDL

/// What the backdrop blur costs per frame (docs/INTERNALS.md, "Blur cost"): the waterfall at 1024×768 with the
/// bundled photos on the headless canvas (SDL's software renderer), the same frame with and without
/// its backdrop. Opt-in and assertion-free (timings are not unit-test material): run it on a release
/// build with `TESSERA_MEASURE=1`, e.g.
/// `swift build -c release -Xswiftc -enable-testing --build-tests` then
/// `TESSERA_MEASURE=1 SDL_VIDEODRIVER=dummy .build/release/TesseraPackageTests.xctest TesseraSDLTests.BackdropBlurCostTests`.
final class BackdropBlurCostTests: XCTestCase {
    func testPrintsMillisecondsPerFrame() throws {
        guard ProcessInfo.processInfo.environment["TESSERA_MEASURE"] == "1" else {
            throw XCTSkip("set TESSERA_MEASURE=1 (release build) to measure the blur's cost")
        }
        let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Assets/Photos").standardizedFileURL.path
        let photos = try PhotoLibrary.scanning(folder: assets)
        let sim = Simulation(
            config: Config(), photos: photos, scene: try XCTUnwrap(SceneID(rawValue: "waterfall")),
            window: Size(1024, 768), hz: 120)
        let hero = try XCTUnwrap(sim.dump().tiles.first { $0.visible && $0.presented.maxY < 768 }?.id)
        let frame = try XCTUnwrap(sim.presentedFrame(of: hero))
        sim.handle(.pointerDown(frame.center, time: 0))
        sim.handle(.pointerUp(frame.center, time: 0))
        for _ in 0..<12 { sim.step() }  // mid-flight: backdrop half faded in, both layers drawn
        var withBlur = DrawList()
        sim.draw(into: &withBlur)
        var without = DrawList()
        for command in withBlur.commands {
            if case .backdropBlur = command { continue }
            without.append(command)
        }

        let (canvas, renderer) = try RenderFixture.renderer(width: 1024, height: 768, photos: photos)
        defer { withExtendedLifetime(canvas) {} }
        // The same frame with an invisible difference before the backdrop: the kept blur cannot be used.
        var changed = DrawList()
        changed.append(.fill(Rect(0, 0, 0, 0), radius: 0, color: Color(0, 0, 0), clip: nil))
        for command in withBlur.commands { changed.append(command) }
        var opaque = DrawList()
        for command in withBlur.commands {
            if case .backdropBlur(let region, let radius, let tint, _) = command {
                opaque.append(.backdropBlur(region: region, radius: radius, tint: tint, opacity: 1))
            } else {
                opaque.append(command)
            }
        }

        func msPerFrame(_ lists: [DrawList], frames: Int = 100) -> Double {
            for i in 0..<6 { renderer.render(lists[i % lists.count], background: Color(255, 255, 255)) }
            SDL_RenderFlush(canvas.renderer)
            let start = DispatchTime.now().uptimeNanoseconds
            for i in 0..<frames {
                renderer.render(lists[i % lists.count], background: Color(255, 255, 255))
                SDL_RenderFlush(canvas.renderer)
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames)
        }
        let base = msPerFrame([without])
        let rebuilt = msPerFrame([withBlur, changed])
        let kept = msPerFrame([withBlur])
        let open = msPerFrame([opaque])
        print(
            String(
                format: """
                    backdrop blur, software renderer, 1024x768, ms/frame: %.2f without; \
                    %.2f blurring every frame (+%.2f); %.2f with the kept blur at half opacity (+%.2f); \
                    %.2f with it opaque (%+.2f)
                    """, base, rebuilt, rebuilt - base, kept, kept - base, open, open - base))
    }
}
