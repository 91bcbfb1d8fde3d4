import TesseraPhotos

/// What a person who cannot see the screen should hear of besides focus (docs/ACCESSIBILITY.md): what a
/// tap, a key or a screen reader's action changed, a scene switch, and the kiosk's idle reset before it
/// fires. Worked out by comparing what the scene shows now with what it showed when last asked, so every
/// scene is covered by what it already tells the dump (its selection and its overlay) and no scene keeps
/// a list of its own.
extension Simulation {
    /// What was last announced about: the scene, its selection and the photo its overlay presents.
    struct AnnouncedState: Equatable {
        var scene: SceneID
        var selection: [PhotoID]?
        var presented: PhotoID?
    }

    /// The announcements since the last call. The first call only takes note of the state.
    package func takeAnnouncements() -> [Announcement] {
        let now = AnnouncedState(
            scene: currentScene, selection: scene.selection, presented: scene.heroStage?.presented?.id)
        defer {
            announced = now
            pendingAnnouncements.removeAll()
        }
        guard let before = announced else { return pendingAnnouncements }
        var said = pendingAnnouncements
        if now.scene != before.scene {
            said.append(Announcement(sceneAnnouncement(now.scene)))
            return said
        }
        if let old = before.selection, let new = now.selection, old != new {
            let kept = Set(new)
            let added = new.filter { !old.contains($0) }
            let removed = old.filter { !kept.contains($0) }
            if new.isEmpty && removed.count > 1 {
                said.append(Announcement("\(removed.count) photos confirmed"))
            } else {
                for id in added {
                    said.append(Announcement("\(photos.name(of: id)), added to the dock, \(new.count) selected"))
                }
                for id in removed {
                    said.append(Announcement("\(photos.name(of: id)), removed from the dock, \(new.count) selected"))
                }
            }
        }
        if now.presented != before.presented {
            if let id = now.presented {
                let place = scene.field.position(of: id).map { ", photo \($0.index + 1) of \($0.count)" } ?? ""
                said.append(
                    Announcement("\(photos.name(of: id))\(place)" + (before.presented == nil ? ", opened" : "")))
            } else if let id = before.presented {
                said.append(Announcement("\(photos.name(of: id)), closed"))
            }
        }
        return said
    }

    /// "Gallery, tab 3 of 4".
    private func sceneAnnouncement(_ id: SceneID) -> String {
        let all = SceneID.allCases
        guard kiosk?.lockedScene == nil, let index = all.firstIndex(of: id) else { return id.title }
        return "\(id.title), tab \(index + 1) of \(all.count)"
    }

    /// Seconds before a kiosk's idle reset at which it is announced (EN 301 549 asks that a timeout be
    /// told and extendable; any touch extends it).
    static let idleWarningSeconds = 10.0

    /// Announces the coming idle reset once, when it is `idleWarningSeconds` away. True when it did now.
    func warnOfIdleResetIfDue() {
        guard let kiosk, kiosk.idleResetSeconds > Self.idleWarningSeconds, !idleWarned else { return }
        guard time - lastInputTime >= kiosk.idleResetSeconds - Self.idleWarningSeconds else { return }
        idleWarned = true
        markNeedsFrame()
        pendingAnnouncements.append(
            Announcement(
                "Starting over in \(Int(Self.idleWarningSeconds)) seconds without a touch. Touch the screen to stay."))
    }
}
