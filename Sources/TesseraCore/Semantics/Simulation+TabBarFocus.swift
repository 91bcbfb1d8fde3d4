import TesseraGeometry

/// The tab bar in the keyboard's reach (docs/ACCESSIBILITY.md, "Focus"): Tab past a scene's last group
/// (Shift+Tab before its first) moves the focus to the tab bar's current tab, as the semantics tree
/// orders them, and on round into the scene again. There Left and Right move between the tabs, Space or
/// Return switches to the focused one (the focus stays on it), Escape lets go. A keypad or a switch —
/// how many people reach a public terminal — reaches every scene this way, not only a keyboard's digits.
extension Simulation {
    /// Takes a key for the tab bar's focus; false leaves it to the scene.
    func handleTabBarFocusKey(_ key: Key) -> Bool {
        guard showsTabBar, kiosk?.keyboardFocus != false, let focusable = scene as? any FocusableScene else {
            tabFocus = nil
            return false
        }
        if let focused = tabFocus {
            let scenes = SceneID.allCases
            let index = scenes.firstIndex(of: focused) ?? 0
            switch key {
            case .tab, .backTab:
                tabFocus = nil
                var focus = FocusModel()
                focus.tab(forward: key == .tab, groups: focusable.focusGroups)
                setSceneFocus(focus.focused)
            case .left, .right:
                tabFocus = scenes[(index + (key == .right ? 1 : scenes.count - 1)) % scenes.count]
            case .space, .return, .keypadEnter:
                apply(.switchScene(focused))
                tabFocus = focused
            case .escape:
                tabFocus = nil
            default:
                return false
            }
            return true
        }
        guard key == .tab || key == .backTab, scene.heroStage?.presented == nil else { return false }
        let groups = focusable.focusGroups.filter { !$0.isEmpty }
        guard let target = focusable.focusedTarget, let group = groups.firstIndex(where: { $0.contains(target) })
        else {
            return false
        }
        // Past the last group forward, or before the first backward: the tab bar.
        guard key == .tab ? group == groups.count - 1 : group == 0 else { return false }
        setSceneFocus(nil)
        tabFocus = currentScene
        return true
    }

    /// Gives the scene's focus to `target` (nil lets go) and brings it into view.
    private func setSceneFocus(_ target: FocusTarget?) {
        guard let focusable = scene as? any FocusableScene else { return }
        focusable.focus.focused = target
        if let target { focusable.revealFocus(target) }
    }

    /// The ring around the focused tab, drawn above the tab bar.
    func drawTabFocusRing(into list: inout DrawList) {
        guard let tab = tabFocus, showsTabBar,
            let frame = TabBar(config, text: text).segments(window: window).first(where: {
                $0.0 == tab
            })?.1
        else { return }
        let reach = FocusRing.width + FocusRing.gap
        list.append(
            .ring(
                frame.insetBy(dx: -reach, dy: -reach), radius: config.tabBar.cornerRadius + reach,
                width: FocusRing.width, color: config.theme.accent, clip: nil))
    }
}
