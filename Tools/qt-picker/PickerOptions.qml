// What picker.qml runs: the photos (photo-01.jpg … photo-24.jpg), the window, the seconds before it
// quits, when the photos are surely decoded (settle), and whether photo 3 toggles. tessera-bench writes its own copy beside a copy of picker.qml.
import QtQml 2.15

QtObject {
    readonly property string photos: "../../.build/bench-photos-24x4000x3000"
    readonly property int width: 1024
    readonly property int height: 768
    readonly property real seconds: 6
    readonly property real settle: 2
    readonly property bool toggles: true
}
