// The picker's toggle pattern in Qt Quick 5.15, to measure beside Tessera's (tessera-bench's windowed
// section, BENCHMARKS.md): a header, 24 photos in an adaptive grid (columns of at least 80 points, 8
// apart, rows 150 high) above a dock panel, and one photo toggled between grid and dock every 120 ms
// — selected it goes to the end of the dock, deselected to the end of the grid — each move animated.
// Run with Qt's software backend:
//
//   QT_QUICK_BACKEND=software qmlscene picker.qml
//
// `PickerOptions.qml` beside it says which photos, the window's size, how long and whether to toggle
// (qmlscene passes a QML file no arguments; tessera-bench writes its own copy of that file). It quits
// after `seconds` and prints `frames N` (frames swapped) on stderr, and `settled frames N` at `settle`. Photos are aspect-filled
// and decoded scaled to 256 pixels (`sourceSize`), as Tessera's thumbnails are; corners are square
// (rounding an image needs a layer effect, which the software backend does not have), so Qt draws
// less than Tessera here.
import QtQuick 2.15
import QtQuick.Window 2.15

Window {
    id: root

    readonly property PickerOptions options: PickerOptions {}
    readonly property int count: 24
    readonly property real padding: 16
    readonly property real headerBottom: 64
    readonly property real gridWidth: width - 2 * padding
    readonly property int columns: Math.max(1, Math.floor((gridWidth + 8) / (80 + 8)))
    readonly property real columnWidth: (gridWidth - (columns - 1) * 8) / columns
    readonly property real dockTop: height - padding - 132
    property var grid: []
    property var dock: []
    property int frames: 0

    width: options.width
    height: options.height
    visible: true
    color: "#FFFFFF"
    onFrameSwapped: frames += 1

    Component.onCompleted: {
        var g = []
        for (var i = 0; i < root.count; i++) g.push(i)
        grid = g
    }

    function slot(photo) {
        var g = grid.indexOf(photo)
        if (g >= 0)
            return Qt.rect(padding + (g % columns) * (columnWidth + 8), headerBottom + Math.floor(g / columns) * 158,
                           columnWidth, 150)
        var d = dock.indexOf(photo)
        return Qt.rect(2 * padding + d * 108, dockTop + padding, 100, 100)
    }

    function toggle(photo) {
        var g = grid.slice()
        var d = dock.slice()
        var at = g.indexOf(photo)
        if (at >= 0) {
            g.splice(at, 1)
            d.push(photo)
        } else {
            d.splice(d.indexOf(photo), 1)
            g.push(photo)
        }
        grid = g
        dock = d
    }

    Text {
        x: root.padding
        y: 24
        text: "Photos"
        font.pixelSize: 30
        font.bold: true
    }

    Rectangle {
        x: root.width - padding - 416
        y: 24
        width: 416
        height: 30
        radius: 8
        color: "#1F767680"
        Row {
            anchors.fill: parent
            Repeater {
                model: ["Picker", "Waterfall", "Gallery", "Destinations"]
                Text {
                    width: 104
                    height: 30
                    text: modelData
                    font.pixelSize: 13
                    font.bold: true
                    color: "#3C3C43"
                    horizontalAlignment: Text.AlignHCenter
                    verticalAlignment: Text.AlignVCenter
                }
            }
        }
    }

    Rectangle {
        x: root.padding
        y: dockTop
        width: root.width - 2 * padding
        height: 132
        radius: 8
        color: "#F2F2F7"
    }

    Repeater {
        model: root.count
        Item {
            readonly property rect target: root.slot(index)
            x: target.x
            y: target.y
            width: target.width
            height: target.height
            z: 1
            clip: true
            Behavior on x { NumberAnimation { duration: 300; easing.type: Easing.OutCubic } }
            Behavior on y { NumberAnimation { duration: 300; easing.type: Easing.OutCubic } }
            Behavior on width { NumberAnimation { duration: 300; easing.type: Easing.OutCubic } }
            Behavior on height { NumberAnimation { duration: 300; easing.type: Easing.OutCubic } }
            Image {
                anchors.fill: parent
                source: Qt.resolvedUrl(root.options.photos + "/photo-" + (index < 9 ? "0" : "") + (index + 1) + ".jpg")
                sourceSize: Qt.size(256, 256)
                fillMode: Image.PreserveAspectCrop
                asynchronous: true
            }
        }
    }

    // Photo 3 toggles every 120 ms from 0.2 s until half a second before the end, as tessera-bench's
    // script taps photo-03.
    Timer {
        interval: 120
        repeat: true
        running: root.options.toggles
        property real started: Date.now()
        onTriggered: {
            var t = (Date.now() - started) / 1000
            if (t >= 0.2 && t < root.options.seconds - 0.5) root.toggle(2)
        }
    }

    // Once the photos have decoded (Qt decodes all 24 at start, a second or more of CPU that varies from
    // run to run), the frames so far: tessera-bench measures from here to the end.
    Timer {
        interval: root.options.settle * 1000
        running: true
        onTriggered: console.warn("settled frames " + root.frames)
    }

    Timer {
        interval: root.options.seconds * 1000
        running: true
        onTriggered: {
            console.warn("frames " + root.frames)
            Qt.quit()
        }
    }
}
