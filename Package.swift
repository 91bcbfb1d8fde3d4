// swift-tools-version:6.0
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
        // libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev): JPEGs decoded already scaled down.
        .systemLibrary(
            name: "CTurboJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]
        ),
        // zlib (Debian: zlib1g-dev): thumbnails written as PNG at deflate's fastest level.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libdeflate (Debian: libdeflate-dev): PNG image data inflated in one call, about twice as fast
        // as zlib's streaming inflate.
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
        // Xlib (Debian: libx11-dev): the X server's resource database, for the desktop's Xft.dpi (HiDPI).
        .systemLibrary(
            name: "CX11",
            pkgConfig: "x11",
            providers: [.apt(["libx11-dev"])]
        ),
        // fontconfig (Debian: libfontconfig-dev): the fallback face for characters the bundled faces lack
        // (the articles' Chinese titles), found the way every Linux desktop finds one.
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // Everything that can be reasoned about without a display: geometry, springs,
        // scrolling, layout, input → commands, scenes, scripts, state dumps, configs.
        .target(name: "TesseraCore"),
        // The SDL backend: window, renderer, textures, text, event translation.
        .target(name: "TesseraSDL", dependencies: [
                "CSDL2", "CTurboJPEG", "CZlib", "CDeflate", "CWayland", "CX11", "CFontconfig", "TesseraCore",
            ]),
        .executableTarget(name: "tessera", dependencies: ["TesseraCore", "TesseraSDL"]),
        // `make bench`: simulation steps, render overhead against bare SDL, decode throughput.
        .executableTarget(name: "tessera-bench", dependencies: ["TesseraCore", "TesseraSDL", "CSDL2", "CTurboJPEG"]),
        .testTarget(name: "TesseraCoreTests", dependencies: ["TesseraCore"]),
        .testTarget(name: "TesseraSDLTests", dependencies: ["TesseraSDL", "TesseraCore"], exclude: ["Fixtures"]),
        // Runs the built `tessera` executable as a user would: flags, exit codes, scripts, screenshots.
        .testTarget(
            name: "TesseraCLITests", dependencies: ["TesseraSDL", "TesseraCore", "CSDL2"],
            exclude: ["References"]),
    ],
    swiftLanguageModes: [.v6]
)
