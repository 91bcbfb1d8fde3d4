import Foundation
import TesseraGeometry
import TesseraPhotos

/// The whole app minus the platform: scenes, the tab bar, input recognition, and the fixed step.
/// The SDL host (windowed or kiosk) and the headless runner both drive one of these, so a script
/// replays identically wherever it runs.
package final class Simulation {
    /// The config in force, as laid out: text sizes at its `textScale` (`applyingTextScale`).
    private(set) var config: Config
    /// The photos, as of the last scan (`rescanPhotos` takes in the folder's changes).
    private(set) var photos: PhotoLibrary
    /// What the scenes read from their `Assets/` folders at launch.
    private let assets: LoadedAssets
    /// Fixed simulation rate, steps per second.
    package let hz: Double
    package private(set) var window: Size
    package private(set) var stepCount = 0
    package private(set) var currentScene: SceneID

    private var scenes: [SceneID: any Scene] = [:] { didSet { shown = nil } }
    /// The scene last looked up: every step and draw asks for the current one, and hashing its
    /// name each time is most of what the lookup costs.
    private var shown: (id: SceneID, scene: any Scene)?
    private var recognizer: GestureRecognizer
    private var gestures: [Gesture] = []
    private var tabBar: TabBar
    private let startScene: SceneID

    /// Kiosk behaviour, off unless the host turns it on (`--kiosk`).
    package var kiosk: KioskMode?
    /// Simulated time of the last pointer, wheel or key input.
    private(set) var lastInputTime = 0.0
    /// True when announcements are spoken (`--speak`): the kiosk then warns of its idle reset before it
    /// fires (`warnOfIdleResetIfDue`).
    package var speaks = false
    /// What announcements were last worked out from, and those waiting (`Simulation+Announcements`).
    var announced: AnnouncedState?
    var pendingAnnouncements: [Announcement] = []
    /// The coming idle reset has been announced (until the next input).
    var idleWarned = false
    /// Touch exploration (`--speak`): touches read what is under them; a double tap activates.
    private(set) var explorer: TouchExploration?
    /// The element touch exploration read last.
    var lastRead: SemanticsID?
    /// The tab with the keyboard focus, nil while the focus is in the scene or nowhere
    /// (`Simulation+TabBarFocus`).
    var tabFocus: SceneID? {
        didSet { if tabFocus != oldValue { revision &+= 1 } }
    }
    /// Where confirmed selections go; nil confirms nothing.
    package var selections: SelectionStore?
    /// A problem to show on screen until it is fixed (a bad config edit; a selection that failed to save).
    private(set) var banner: Banner? {
        didSet { if banner != oldValue { revision &+= 1 } }
    }
    /// Counts changes to what a frame would show: input, resizes, reloads, banners, and every step that
    /// moved something. The run loop presents a new frame only when it differs from the last presented
    /// one's (a scene at rest presents nothing).
    private(set) var revision = 0

    /// What `--kiosk` changes in the simulation.
    package struct KioskMode: Sendable {
        /// Seconds of no input before everything resets; 0 never.
        var idleResetSeconds: Double
        /// The only scene, if locked: no tab bar, no scene keys.
        var lockedScene: SceneID?
        /// False: Tab gives no keyboard focus (a touch kiosk).
        var keyboardFocus: Bool
        package init(_ config: KioskConfig) {
            idleResetSeconds = config.idleResetSeconds
            lockedScene = config.lockScene
            keyboardFocus = config.keyboardFocus
        }
    }

    /// How wide text is in the backend's fonts (`TextMeasure`): layout asks it.
    let text: TextMeasure

    package init(
        config: Config, photos: PhotoLibrary, scene: SceneID, window: Size, hz: Double, assets: LoadedAssets = .none,
        text: TextMeasure = .estimated
    ) {
        self.text = text
        let config = config.applyingTextScale()
        self.config = config
        self.photos = photos
        self.assets = assets
        self.hz = hz
        self.window = window
        currentScene = scene
        startScene = scene
        recognizer = GestureRecognizer(slop: config.input.tapSlop)
        recognizer.doubleTapInterval = config.zoom.doubleTapInterval
        recognizer.doubleTapDistance = config.zoom.doubleTapDistance
        recognizer.zoomPerNotch = config.zoom.wheelScalePerNotch
        tabBar = TabBar(config, text: text)
        _ = self.scene(scene)
    }

    /// Seconds per step.
    var dt: Double { 1 / hz }
    /// Simulated seconds since the start.
    package var time: Double { Double(stepCount) / hz }

    var scene: any Scene { scene(currentScene) }

    /// The frame tile `id` of the current scene presents now (window points), nil for none. Only reads.
    package func presentedFrame(of id: PhotoID) -> Rect? { scene.field.tile(id)?.presented }

    private func scene(_ id: SceneID) -> any Scene {
        if let shown, shown.id == id { return shown.scene }
        if let existing = scenes[id] {
            shown = (id, existing)
            return existing
        }
        guard let description = SceneRegistry.description(of: id) else {
            preconditionFailure("Simulation: scene \(id) is not registered")
        }
        let context = SceneContext(
            config: config, photos: photos, assets: assets[id], window: window, text: text,
            confirm: { [unowned self] ids in confirm(ids) })
        let made = description.make(context)
        scenes[id] = made
        return made
    }

    /// Hands a confirmed selection (absolute paths, in dock order) to the store, which keeps it durably.
    private func confirm(_ ids: [PhotoID]) -> Bool {
        guard let selections else { return false }
        do {
            try selections.record(ids.map { photos.path(for: $0) ?? $0.rawValue })
            if case .selectionNotSaved = banner { banner = nil }
            return true
        } catch {
            banner = .selectionNotSaved("\(error)")
            return false
        }
    }

    // MARK: Input

    package func handle(_ event: InputEvent) {
        if case .resize(let size) = event {
            resize(to: size)
            return
        }
        noteInput()
        gestures.removeAll(keepingCapacity: true)
        if explorer != nil, let outcomes = explorer?.handle(event, now: time) {
            for outcome in outcomes { explore(outcome) }
            return
        }
        recognizer.handle(event, into: &gestures)
        for gesture in gestures { dispatch(gesture) }
    }

    /// Input arrived (from the window, a script or a screen reader): the frame may change, and the
    /// kiosk's idle reset starts counting again.
    func noteInput() {
        revision &+= 1
        lastInputTime = time
        idleWarned = false
    }

    /// Something a frame shows changed outside input and motion — the HUD toggled, an announcement due:
    /// the next turn of the run loop presents a frame (Flutter's `markNeedsPaint`). `revision` is the one
    /// thing the loop asks about the simulation.
    package func markNeedsFrame() { revision &+= 1 }

    var showsTabBar: Bool { kiosk?.lockedScene == nil && !scene.hidesChrome }

    private func dispatch(_ gesture: Gesture) {
        switch gesture {
        case .tap(let p):
            if showsTabBar, let target = tabBar.scene(at: p, window: window) {
                apply(.switchScene(target))
                return
            }
        case .key(let key) where key == .tab || key == .backTab:
            if kiosk?.keyboardFocus == false { return }
            if handleTabBarFocusKey(key) { return }
        case .key(let key) where tabFocus != nil && handleTabBarFocusKey(key):
            return
        case .key(let key):
            let scenes = SceneID.allCases
            if kiosk?.lockedScene == nil, let digit = key.digit, digit <= scenes.count {
                apply(.switchScene(scenes[digit - 1]))
                return
            }
        default:
            break
        }
        scene.receive(gesture, input: config.input, wheelAnimation: config.scroll.scrollAnimation)
    }

    /// Applies the simulation's command (a scene's own commands are the scene's). False when it changed
    /// nothing.
    @discardableResult
    func apply(_ command: Command) -> Bool {
        revision &+= 1
        switch command {
        case .switchScene(let id): return switchScene(to: id)
        }
    }

    /// Shows another scene; each scene keeps its state (a selection is never lost by looking elsewhere).
    @discardableResult
    func switchScene(to id: SceneID) -> Bool {
        guard id != currentScene, SceneRegistry.description(of: id) != nil else { return false }
        revision &+= 1
        gestures.removeAll(keepingCapacity: true)
        recognizer.cancel(into: &gestures)
        for gesture in gestures {
            scene.receive(gesture, input: config.input, wheelAnimation: config.scroll.scrollAnimation)
        }
        currentScene = id
        if tabFocus != nil { tabFocus = id }
        scene(id).resize(to: window)
        return true
    }

    /// The largest window the frame can be drawn at (`CanvasLimit.clamp`), points; a resize past it
    /// is clamped to it. Nil: no limit known here (a window whose scale the display decides).
    package var maximumWindow: Size?

    func resize(to size: Size) {
        var clamped = Size(max(1, size.width), max(1, size.height))
        if let most = maximumWindow {
            clamped = Size(min(clamped.width, most.width), min(clamped.height, most.height))
        }
        guard clamped != window else { return }
        revision &+= 1
        window = clamped
        for scene in scenes.values { scene.resize(to: clamped) }
    }

    // MARK: A live folder

    /// Takes in the photo folder's changes now (a script's `rescan` step, or the folder watcher in a
    /// window, which passes the scan it made off the main thread): every scene adds, removes and
    /// replaces its tiles in one relayout. Returns the changes.
    @discardableResult
    func rescanPhotos(scanned: PhotoLibrary? = nil) -> PhotoChanges {
        let changes = scanned.map { photos.adopt($0) } ?? photos.rescan()
        guard !changes.isEmpty else { return changes }
        revision &+= 1
        // A selected photo whose file went leaves the dock; the host says so, once, on stderr.
        let selected = Set(scenes.values.compactMap(\.selection).joined())
        for id in changes.removed where selected.contains(id) {
            notices.append(
                "\(FileNames.printable(id.rawValue)) was removed from the photo folder and left the selection")
        }
        for scene in scenes.values { scene.photosChanged(changes, library: photos) }
        return changes
    }

    /// What happened that the user should hear of (one line each), waiting for the host to report it.
    private var notices: [String] = []

    /// The notices so far, handed over once.
    func takeNotices() -> [String] {
        defer { notices.removeAll() }
        return notices
    }

    // MARK: Stepping, drawing, dumping

    /// Lays the current scene out if its model or the window changed (`step` does it too; hosts call
    /// this first to time layout apart from simulation).
    package func layOutIfNeeded() {
        // Every scene is unsettled while its layout is stale, and laying out may move what is drawn (tiles
        // that arrived at rest appear in their slots): such a layout asks for a frame, as motion does.
        if !scene.isSettled { revision &+= 1 }
        scene.layOutIfNeeded()
    }

    package func step() {
        resetIfIdle()
        if let outcomes = explorer?.elapse(to: time) {
            for outcome in outcomes { explore(outcome) }
        }
        if !scene.isSettled { revision &+= 1 }
        scene.step(dt)
        stepCount += 1
    }

    /// Moves time on by `steps` without running them: the run loop's way through a rest, when a step
    /// would change nothing. The kiosk's idle reset still comes due (at the next `step`).
    func advanceIdle(steps: Int) {
        guard steps > 0 else { return }
        precondition(isSettled, "Simulation: only a settled simulation may skip steps")
        stepCount += steps
        resetIfIdle()
    }

    private func resetIfIdle() {
        if speaks { warnOfIdleResetIfDue() }
        if let kiosk, kiosk.idleResetSeconds > 0, time - lastInputTime >= kiosk.idleResetSeconds, !recognizer.isPressed
        {
            resetAfterIdle()
        }
    }

    /// Seconds of simulated time until the kiosk's idle reset, nil when none is pending.
    var idleResetDue: Double? {
        guard let kiosk, kiosk.idleResetSeconds > 0 else { return nil }
        var due = lastInputTime + kiosk.idleResetSeconds
        // A speaking kiosk wakes first to say the reset is coming.
        if speaks, !idleWarned, kiosk.idleResetSeconds > Self.idleWarningSeconds { due -= Self.idleWarningSeconds }
        return max(0, due - time)
    }

    /// The kiosk's idle reset: every scene starts over (an unconfirmed selection is dropped) and the
    /// start scene shows.
    func resetAfterIdle() {
        revision &+= 1
        scenes.removeAll()
        currentScene = kiosk?.lockedScene ?? startScene
        _ = scene(currentScene)
        lastInputTime = time
        idleWarned = false
    }

    /// Live config reload: scenes that can take the new config keep their state and animate to the new
    /// layout; the others start over. Input settings apply from the next press.
    func reload(config newConfig: Config) {
        revision &+= 1
        var newConfig = newConfig
        // The desktop's preferences were read once for the run; a reloaded file does not carry them.
        newConfig.desktopPrefersDark = config.desktopPrefersDark
        newConfig.desktopReducesMotion = config.desktopReducesMotion
        if !newConfig.setsReduceMotion { newConfig.reduceMotion = config.desktopReducesMotion }
        newConfig.desktopPrefersHighContrast = config.desktopPrefersHighContrast
        if !newConfig.setsContrast { newConfig.contrast = config.desktopPrefersHighContrast ? .high : .normal }
        newConfig.desktopTextScale = config.desktopTextScale
        if !newConfig.setsTextScale { newConfig.textScale = config.desktopTextScale }
        newConfig = newConfig.applyingTextScale()
        config = newConfig
        banner = nil
        recognizer.slop = newConfig.input.tapSlop
        recognizer.doubleTapInterval = newConfig.zoom.doubleTapInterval
        recognizer.doubleTapDistance = newConfig.zoom.doubleTapDistance
        recognizer.zoomPerNotch = newConfig.zoom.wheelScalePerNotch
        tabBar = TabBar(newConfig, text: text)
        for (id, scene) in scenes where !scene.reconfigure(newConfig) {
            scenes[id] = nil
        }
        _ = scene(currentScene)
    }

    /// Shows why a config edit was refused (the old config stays in force).
    func reportConfigError(_ message: String) {
        banner = .configRefused(message)
    }

    /// Tiles of the current scene whose springs ran in the last step.
    package var animatingTileCount: Int { scene.animatingTileCount }

    package var isSettled: Bool {
        scene.isSettled && !recognizer.isPressed && !(explorer?.isWaiting ?? false)
    }

    /// Rebuilds `list` for this frame, `alpha` ∈ [0, 1] between the last two steps.
    package func draw(into list: inout DrawList, alpha: Double = 1) {
        list.removeAll()
        list.loadingShade = LoadingPulse.shade(at: time)
        // The tab bar fades with the scene's chrome and takes taps only while the scene does not cover it.
        // It is drawn first, under the scene (whose content starts below the header band): a hero flies
        // over it and a backdrop blurs it, as they do the title.
        let drawsTabBar = kiosk?.lockedScene == nil && scene.chromeOpacity > 0.001
        let tabBarAbove = scene.scrollsUnderChrome
        func drawTabBar() {
            tabBar.draw(
                current: currentScene, window: window, theme: config.theme, opacity: min(1, scene.chromeOpacity),
                backed: tabBarAbove, into: &list)
        }
        if drawsTabBar && !tabBarAbove { drawTabBar() }
        scene.draw(into: &list, alpha: alpha)
        if drawsTabBar && tabBarAbove { drawTabBar() }
        if drawsTabBar { drawTabFocusRing(into: &list) }
        if let banner {
            // The band grows with a text scale above 1, so its line is never clipped.
            let height = 36 * max(1, config.textScale)
            let frame = Rect(0, window.height - height, window.width, height)
            list.append(.fill(frame, radius: 0, color: config.theme.errorBanner, clip: nil))
            list.append(
                .text(
                    banner.text, anchor: Point(12, frame.midY), alignment: .leading,
                    style: TextStyle(size: config.scaledText(14), weight: .bold),
                    color: config.theme.errorText, clip: frame))
        }
    }

    /// The state dump of the current step. It only reads: targets reflect commands applied since the
    /// last layout once `layOutIfNeeded` has run (the run loop does so before it dumps).
    package func dump() -> StateDump {
        let d = scene.dump(window: window)
        return StateDump(
            time: time, step: stepCount, scene: currentScene.rawValue, window: window, containers: d.containers,
            tiles: d.tiles, overlay: d.overlay, position: d.position, selection: d.selection,
            chromeOpacity: min(1, max(0, scene.chromeOpacity)), title: d.title,
            focus: (scene as? any FocusableScene)?.focusedTarget?.name, semantics: semantics().root)
    }
}

extension Simulation {
    /// Turns touch exploration on (`--speak`), with the recognizer's double tap and slop.
    package func exploreByTouch() {
        explorer = TouchExploration(
            doubleTapInterval: config.zoom.doubleTapInterval, doubleTapDistance: config.zoom.doubleTapDistance,
            slop: config.input.tapSlop)
    }

    /// Does what touch exploration asks: reads the element under a point (once, until another is under
    /// the finger), activates the last one read, or hands the scrolling finger's input to the recognizer.
    private func explore(_ outcome: TouchExploration.Outcome) {
        switch outcome {
        case .read(let p):
            guard let node = semantics().root.deepestNamed(at: p), node.id != lastRead else { return }
            lastRead = node.id
            markNeedsFrame()
            pendingAnnouncements.append(Announcement(node.spoken, interrupts: true))
        case .activateLastRead:
            guard let id = lastRead else { return }
            let node = semantics().node(id)
            perform(node?.actions.first ?? .activate, on: id)
        case .forward(let event):
            recognizer.handle(event, into: &gestures)
            for gesture in gestures { dispatch(gesture) }
            gestures.removeAll(keepingCapacity: true)
        }
    }
}
