// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "Tessera",
    products: [
        .executable(name: "tessera", targets: ["tessera"]),
        .executable(name: "tessera-bench", targets: ["tessera-bench"]),
    ],
    targets: [
        // SDL2, SDL2_image and SDL2_ttf from Debian (libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev).
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        // libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev): the tests' JPEG writer and reference
        // decode.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        // libjpeg-turbo's libjpeg API (Debian: libjpeg62-turbo-dev), behind a small C wrapper: libjpeg
        // reports errors by longjmp, which Swift must never see. It decodes every sampling layout the
        // standard allows, scaled down while decoding.
        .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // Bilinear scaling with AVX2 for photos that change size every frame in the software renderer,
        // the same bits as SDL's own scaler at about a third of its cost (BENCHMARKS.md, "Photos that
        // change size").
        .target(name: "CPixels"),
        // SIGTERM, SIGINT and SIGHUP noted from before `main` (ProcessSignals: a signal in a run's first
        // milliseconds takes its orderly exit, not the default action).
        .target(name: "CEarlySignals"),
        // libspng (Debian: libspng-dev): PNGs decoded row by row from memory, thumbnails encoded.
        .systemLibrary(
            name: "CSPNG",
            pkgConfig: "spng",
            providers: [.apt(["libspng-dev"])]
        ),
        // libexif (Debian: libexif-dev): the tests' reference for the EXIF orientation Tessera reads itself.
        .systemLibrary(
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"])]
        ),
        // zlib (Debian: zlib1g-dev): the tests' PNG writer (libspng uses it for the real ones).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libdeflate (Debian: libdeflate-dev): an RGBA PNG's image data inflated in one call, about
        // twice as fast as zlib's streaming inflate; and the project's one CRC-32.
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // libwayland-client (Debian: libwayland-dev): on Wayland without a GPU, frames go to the compositor
        // in shared memory (wl_shm) — SDL 2 has no software framebuffer there.
        .systemLibrary(
            name: "CWayland",
            pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]
        ),
        // Xlib (Debian: libx11-dev): the X server's resource database, for the desktop's Xft.dpi (HiDPI);
        // and its MIT-SHM extension (libxext-dev): frames handed to the server in shared memory, put and
        // flushed through the XCB connection under Xlib (libx11-xcb-dev, libxcb-shm0-dev).
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev", "libxext-dev", "libx11-xcb-dev", "libxcb-shm0-dev"])]
        ),
        // fontconfig (Debian: libfontconfig-dev): the fallback face for characters the bundled faces lack
        // (the articles' Chinese titles), found the way every Linux desktop finds one.
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // sd-bus from libsystemd (Debian: libsystemd-dev): the D-Bus library the AT-SPI bridge speaks through
        // to screen readers.
        .systemLibrary(
            name: "CSystemdBus",
            pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]
        ),
        // libspeechd (Debian: libspeechd-dev): the speaking kiosk's connection to speech-dispatcher.
        .systemLibrary(
            name: "CSpeechd",
            pkgConfig: "speech-dispatcher",
            providers: [.apt(["libspeechd-dev"])]
        ),
        // The value vocabulary every module speaks, as CoreGraphics is to UIKit: Point, Size, Rect,
        // Color. No dependencies.
        .target(name: "TesseraGeometry"),
        // The photo library on disk: the folder's scan and its changes, image headers and their EXIF
        // orientation, the folder followed with inotify, the freedesktop.org thumbnail cache's files.
        // The photo file I/O that the platform-free core above it does not do.
        .target(name: "TesseraPhotos", dependencies: ["TesseraGeometry"]),
        // Everything that can be reasoned about without a display: springs, scrolling, layout,
        // input → commands, scenes, scripts, state dumps, configs.
        .target(name: "TesseraCore", dependencies: ["TesseraGeometry", "TesseraPhotos"]),
        // Image I/O over a plain pixel buffer, without SDL: JPEG and PNG decoding (libjpeg-turbo, libspng,
        // the hand-written 1/8 and RGBA decoders), box shrinking, EXIF orientation, the thumbnail PNGs.
        .target(
            name: "TesseraImageIO",
            dependencies: ["CJPEG", "CSPNG", "CDeflate", "TesseraPhotos"]),
        // The software rasteriser's pixel work over plain 32-bit pixels, without SDL: pixel rects (the
        // boundary with points), opaque fills, rounded corners' coverage and cut-out, AVX2 bilinear scaling,
        // shadow masks.
        .target(name: "TesseraRaster", dependencies: ["CPixels", "TesseraGeometry"]),
        // Frames handed to the display server in shared memory without SDL: X11's MIT-SHM and Wayland's
        // wl_shm presenters, each handing out the canvas a frame is drawn into.
        .target(name: "TesseraPresent", dependencies: ["CX11", "CWayland", "TesseraRaster"]),
        // The SDL backend: window, renderer, textures, text, event translation.
        .target(
            name: "TesseraSDL",
            dependencies: [
                "CSDL2", "CWayland", "CX11", "CFontconfig", "TesseraGeometry", "TesseraPhotos", "TesseraImageIO",
                "TesseraRaster", "TesseraPresent", "TesseraCore",
            ]),
        // Screen readers (Orca) through AT-SPI 2: the semantics tree served on the accessibility bus.
        .target(name: "TesseraAccessibility", dependencies: ["CSystemdBus", "TesseraGeometry", "TesseraCore"]),
        // The platform's speech service behind the core's `SpeechOutput`: speech-dispatcher.
        .target(name: "TesseraSpeech", dependencies: ["CSpeechd", "TesseraCore"]),
        .executableTarget(
            name: "tessera",
            dependencies: [
                "TesseraGeometry", "TesseraPhotos", "TesseraCore", "TesseraSDL", "TesseraAccessibility",
                "TesseraSpeech", "CEarlySignals",
            ]),
        // `make bench`: simulation steps, render overhead against bare SDL, decode throughput.
        .executableTarget(
            name: "tessera-bench",
            dependencies: [
                "TesseraGeometry", "TesseraPhotos", "TesseraImageIO", "TesseraCore", "TesseraSDL", "CSDL2",
            ]),
        .testTarget(name: "TesseraGeometryTests", dependencies: ["TesseraGeometry"]),
        // What more than one test target uses: a header-only PNG for the live-folder tests, a private Xvfb,
        // a private speech-dispatcher (its configuration in Tests/Support/speechd); the AT-SPI tests' reader
        // (Tests/Support/atspi).
        .target(
            name: "TesseraTestSupport", dependencies: ["CDeflate", "TesseraPhotos"], path: "Tests/Support",
            exclude: ["speechd", "atspi"]),
        .testTarget(
            name: "TesseraPhotosTests",
            dependencies: ["TesseraGeometry", "TesseraPhotos", "TesseraTestSupport", "CDeflate"]),
        .testTarget(
            name: "TesseraCoreTests",
            dependencies: ["TesseraGeometry", "TesseraPhotos", "TesseraCore", "TesseraTestSupport"]),
        // Test images made to order, for the decoders' tests on both sides of SDL: JPEGs compressed by
        // TurboJPEG, PNGs written byte by byte.
        .target(
            name: "TesseraImageTestSupport", dependencies: ["CTurboJPEG", "CZlib", "CDeflate"],
            path: "Tests/ImageSupport"),
        // The image decoders against the libraries that do the same job, without a display.
        .testTarget(
            name: "TesseraImageIOTests",
            dependencies: [
                "TesseraImageIO", "TesseraPhotos", "TesseraImageTestSupport", "CJPEG", "CTurboJPEG", "CSPNG",
                "CExif",
            ],
            exclude: ["Fixtures"]),
        // The shared-memory presenters without SDL, in a private Xvfb (a window made with Xlib).
        .testTarget(
            name: "TesseraPresentTests",
            dependencies: ["TesseraPresent", "TesseraRaster", "TesseraTestSupport", "CX11"]),
        // The rasteriser's kernels over canvases of plain memory, without a display.
        .testTarget(name: "TesseraRasterTests", dependencies: ["TesseraRaster", "TesseraGeometry"]),
        .testTarget(
            name: "TesseraSDLTests",
            dependencies: [
                "TesseraSDL", "TesseraGeometry", "TesseraPhotos", "TesseraImageIO", "TesseraRaster", "TesseraCore",
                "CSDL2", "CTurboJPEG", "CJPEG", "CSPNG", "CZlib", "CDeflate", "CExif", "CX11", "TesseraTestSupport",
                "TesseraImageTestSupport",
            ],
            exclude: ["Fixtures"]),
        // speech-dispatcher, really: what the speaking kiosk sends reaches a private server, in order.
        .testTarget(name: "TesseraSpeechTests", dependencies: ["TesseraSpeech", "TesseraCore", "TesseraTestSupport"]),
        // The AT-SPI bridge's own arithmetic: the events between two trees, paths, AT-SPI's numbers.
        .testTarget(
            name: "TesseraAccessibilityTests", dependencies: ["TesseraAccessibility", "TesseraCore", "TesseraGeometry"]),
        // The command line's own code (its flags), tested in-process.
        .testTarget(name: "tesseraTests", dependencies: ["tessera", "TesseraGeometry", "TesseraCore"]),
        // The bench's own arithmetic (how rounds become ratios), tested in-process.
        .testTarget(name: "tessera-benchTests", dependencies: ["tessera-bench", "TesseraTestSupport"]),
        // Runs the built `tessera` executable as a user would: flags, exit codes, scripts, screenshots.
        .testTarget(
            name: "TesseraCLITests",
            dependencies: ["TesseraSDL", "TesseraCore", "TesseraTestSupport", "CSDL2", "CDeflate"],
            exclude: ["References"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds of the code an animated frame runs leave out the run-time exclusivity checks (a
// `swift_beginAccess`/`swift_endAccess` pair around each access to a class's stored property: about
// 2.5 % of an animated frame's CPU samples). The compiler still proves every access it can at build
// time, and debug builds (the test suite) and fuzzing builds keep the run-time checks, so a conflicting
// access still fails there. `-enforce-exclusivity=unchecked` is the compiler's documented switch for
// this ("Swift 5 Exclusivity Enforcement", swift.org blog, 2019); what it buys is in BENCHMARKS.md,
// "Exclusivity checks in release builds".
// They are also built with `-cross-module-optimization`: a module's functions and generic types become
// inlinable and specializable in the modules using them (the renderer uses the core's draw commands and
// photo library, the core the geometry), where across modules the optimizer otherwise called them
// through value witnesses and copied what they hold (BENCHMARKS.md, "Where Tessera's frame goes
// beside the floor's, and optimizing across modules").
// That reaches only `public` declarations, and the engine's are `package`: a rectangle's `width` or `==`
// called from another module stayed a call (its `==` through the generic `Equatable` witness), even where
// marked `@inlinable`. The geometry — the small types every module passes around — is built with
// `-enable-cmo-everything`, which serializes every declaration for inlining; a module of several files
// cannot be (each of its object files would define the same specializations of the standard library's
// generics, and the link fails), so the others keep `-cross-module-optimization`, and their hot types write
// out their `==` (BENCHMARKS.md, "Calls across the engine's modules").
if Context.environment["TESSERA_FUZZ"] == nil {
    let engine = [
        "TesseraGeometry", "TesseraPhotos", "TesseraImageIO", "TesseraRaster", "TesseraPresent", "TesseraCore",
        "TesseraSDL", "tessera",
    ]
    for index in package.targets.indices where engine.contains(package.targets[index].name) {
        let inlining =
            package.targets[index].name == "TesseraGeometry" ? "-enable-cmo-everything" : "-cross-module-optimization"
        package.targets[index].swiftSettings =
            (package.targets[index].swiftSettings ?? []) + [
                .unsafeFlags(
                    ["-enforce-exclusivity=unchecked", inlining, "-Xfrontend", "-function-sections"],
                    .when(configuration: .release))
            ]
    }
    // Each C function in a section of its own too (the AVX2 scaler's rows are a frame's busiest code).
    for index in package.targets.indices where ["CPixels", "CJPEG"].contains(package.targets[index].name) {
        package.targets[index].cSettings =
            (package.targets[index].cSettings ?? []) + [
                .unsafeFlags(["-ffunction-sections"], .when(configuration: .release))
            ]
    }
    // The executables' release builds link with the toolchain's lld, which lays the functions listed in
    // Tools/link-order/tessera.order (those animated frames run) side by side: the picker's frame then
    // runs code on 65 pages instead of 164, and costs about 5 % less, X server included
    // (BENCHMARKS.md, "Where the frame's code lies"). Without the list or lld it links as before.
    if LinkOrder.applies {
        for index in package.targets.indices where ["tessera", "tessera-bench"].contains(package.targets[index].name) {
            package.targets[index].linkerSettings =
                (package.targets[index].linkerSettings ?? []) + [
                    .unsafeFlags(LinkOrder.flags, .when(configuration: .release))
                ]
        }
    }
}

// `make fuzz`: one libFuzzer harness per hand-written parser of untrusted bytes, and one for the AVX2
// scaler (Tests/Fuzz), built only when asked for (`TESSERA_FUZZ=1`, with `-sanitize=fuzzer,address`):
// libFuzzer supplies `main`.
if Context.environment["TESSERA_FUZZ"] != nil {
    package.targets.append(.target(name: "FuzzDriver", path: "Tests/Fuzz/Driver"))
    for (name, folder, dependencies) in [
        ("fuzz-jpeg-eighth", "JPEGEighth", ["TesseraImageIO", "TesseraPhotos"]),
        ("fuzz-png", "PNG", ["TesseraImageIO"]),
        ("fuzz-image-header", "ImageHeader", ["TesseraPhotos"]),
        ("fuzz-header-index", "HeaderIndex", ["TesseraPhotos"]),
        ("fuzz-bilinear-scale", "BilinearScale", ["CPixels", "CSDL2"]),
    ] {
        package.targets.append(
            .executableTarget(
                name: name, dependencies: (dependencies + ["FuzzDriver"]).map { .target(name: $0) },
                path: "Tests/Fuzz/\(folder)"))
    }
}

// `make test-core`: the display-free suite alone (geometry, photos, core and their tests), without SDL
// and the modules above the core, so it builds and runs in a fraction of `make test`'s time.
if Context.environment["TESSERA_CORE_ONLY"] != nil {
    let kept: Set<String> = [
        "TesseraGeometry", "TesseraPhotos", "TesseraCore", "CDeflate", "TesseraTestSupport",
        "TesseraGeometryTests", "TesseraPhotosTests", "TesseraCoreTests",
    ]
    package.targets.removeAll { !kept.contains($0.name) }
    package.products.removeAll()
}

/// The release link's function order (`Tools/link-order`, `make link-order`).
enum LinkOrder {
    static let file = Context.packageDirectory + "/Tools/link-order/tessera.order"
    static let flags = [
        "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(file)",
        // A function renamed or gone since the list was written is skipped, not an error.
        "-Xlinker", "--no-warn-symbol-ordering",
    ]
    /// The list is there, and the toolchain ships `ld.lld` beside `swift` (on PATH, as the build runs it).
    static var applies: Bool {
        let path = Context.environment["PATH"] ?? ""
        return FileManager.default.fileExists(atPath: file)
            && path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/ld.lld") }
    }
}
