import TesseraGeometry
import XCTest

@testable import TesseraCore

/// The one router (`Scene.receive`): every scene gets the same order — its controls, then the hero
/// stage, then the field — and its `handle` sees only what those did not take.
final class SceneInputTests: XCTestCase {
    /// A scene of one vertical container at (0, 100) 400×300 holding tile `a`, a control at its top-left
    /// corner and, when asked, a hero stage with `a` presented. It records what reaches `handle`.
    private final class Probe: Scene {
        let id = SceneID.allCases[0]
        let field = TileField()
        var stage: HeroStage?
        var handled: [Gesture] = []
        let control = Rect(0, 100, 40, 40)

        init() {
            field.addContainer(.column, axis: .vertical, physics: ScrollPhysics())
            field.addTile("a", to: .column)
            field.setLayout(.column, viewport: Rect(0, 100, 400, 300), contentSize: Size(400, 3000))
            field.place("a", at: Rect(100, 0, 100, 100), animation: nil)
        }

        var heroStage: HeroStage? { stage }
        func isControl(at p: Point) -> Bool { control.contains(p) }
        func handle(_ gesture: Gesture) { handled.append(gesture) }
        func resize(to window: Size) {}
        func layOutIfNeeded() {}
        func step(_ dt: Double) { field.step(dt) }
        func draw(into list: inout DrawList, alpha: Double) {}
        var isSettled: Bool { field.isSettled }

        func receive(_ gesture: Gesture) { receive(gesture, input: InputConfig(), wheelAnimation: .smooth) }
        var scroll: ScrollAxis { field.scroll(.column).scroll }
        func glide() {
            field[scroll: .column].scroll.scroll(to: 1000, animated: .smooth)
            step(1.0 / 120)
        }
    }

    func testTheFieldTakesWhatScrollsAndTheSceneGetsTheRest() {
        let scene = Probe()
        scene.receive(.press(Point(150, 150)))
        scene.receive(.tap(Point(150, 150)))
        scene.receive(.key(.escape))
        XCTAssertEqual(scene.handled, [.tap(Point(150, 150)), .key(.escape)], "the press is the field's")
        scene.handled = []
        scene.receive(.dragBegan(start: Point(150, 150), axis: .vertical))
        scene.receive(.dragChanged(delta: Point(0, -50)))
        scene.receive(.dragEnded(velocity: .zero))
        scene.receive(.wheel(at: Point(150, 150), dx: 0, dy: -1))
        XCTAssertEqual(scene.handled, [])
        XCTAssertEqual(scene.scroll.targetOffset, 50 + 48, accuracy: 1e-9)
    }

    func testATapThatCatchesAMovingScrollIsTheFields() {
        let scene = Probe()
        scene.glide()
        scene.receive(.press(Point(150, 150)))
        XCTAssertEqual(scene.scroll.phase, .dragging, "caught under the finger")
        scene.receive(.tap(Point(150, 150)))
        XCTAssertEqual(scene.handled, [], "that tap only stopped the scroll")
    }

    func testAControlAboveTheFieldTakesPressesAndTapsFirst() {
        let scene = Probe()
        scene.glide()
        scene.receive(.press(Point(10, 110)))
        scene.receive(.tap(Point(10, 110)))
        XCTAssertEqual(scene.handled, [.press(Point(10, 110)), .tap(Point(10, 110))])
        XCTAssertNotEqual(scene.scroll.phase, .dragging, "the container beneath did not catch")
        XCTAssertTrue(scene.scroll.isMoving)
    }

    func testAnOpenHeroStageCoversTheField() {
        let scene = Probe()
        var stage = HeroStage(spring: .smooth)
        let style = HeroTransition.Style(cornerRadius: 0, shadow: 0)
        stage.present("a", slotStyle: style, overlayStyle: style)
        scene.stage = stage
        let covered: [Gesture] = [
            .press(Point(150, 150)), .dragBegan(start: Point(150, 150), axis: .vertical),
            .dragChanged(delta: Point(0, -50)), .wheel(at: Point(150, 150), dx: 0, dy: -1),
        ]
        for gesture in covered { scene.receive(gesture) }
        scene.receive(.dragEnded(velocity: .zero))
        XCTAssertEqual(scene.handled, covered + [.dragEnded(velocity: .zero)], "the overlay's, not the field's")
        XCTAssertEqual(scene.scroll.targetOffset, 0, "nothing under the overlay scrolled")
    }

    /// A drag the field began before the overlay appeared still ends in the field (and flings).
    func testADragBegunBeforeTheOverlayEndsInTheField() {
        let scene = Probe()
        scene.receive(.press(Point(150, 150)))
        scene.receive(.dragBegan(start: Point(150, 150), axis: .vertical))
        scene.receive(.dragChanged(delta: Point(0, -50)))
        var stage = HeroStage(spring: .smooth)
        let style = HeroTransition.Style(cornerRadius: 0, shadow: 0)
        stage.present("a", slotStyle: style, overlayStyle: style)
        scene.stage = stage
        scene.receive(.dragEnded(velocity: Point(0, -2000)))
        XCTAssertEqual(scene.handled, [])
        XCTAssertTrue(scene.scroll.isMoving, "released into a fling")
        XCTAssertNotEqual(scene.scroll.phase, .dragging)
    }
}
