import CSDL2
import Glibc

// How the bench records "the very same SDL draw calls" a Tessera frame makes, without touching
// the engine: this executable defines the SDL render functions Tessera's renderer calls. The
// TesseraSDL code is linked statically into it, and an ELF executable's own definition of a symbol
// wins over the shared library's, so every call Tessera makes lands here first. Each forwards to
// libSDL2's function (found with `dlsym(RTLD_NEXT, …)`, `LibSDL`), recording the call on the way
// while `activeRenderCallLog` is set. When not recording the detour is a nil check and an indirect
// call, a few nanoseconds per call, charged to Tessera's side of the ratios.
//
// The bench checks the recording is complete: replaying it must reproduce the frame pixel for pixel.
// With `swallowRenderCalls` set the interposers return at once, which leaves the engine's own CPU
// time per frame to measure.

// Both are set and read on the one thread that renders (SDL's renderer is single-threaded), so they
// need no lock; a C interposer cannot take a context argument to carry them instead.

/// The log the interposers write to; nil passes calls straight through.
nonisolated(unsafe) var activeRenderCallLog: RenderCallLog?
/// True: render calls do nothing (report success), to time the engine without SDL's work.
nonisolated(unsafe) var swallowRenderCalls = false

/// libSDL2's own render functions, past this executable's interposers.
enum LibSDL {
    static let renderClear = function("SDL_RenderClear", (@convention(c) (OpaquePointer?) -> Int32).self)
    static let setRenderDrawColor = function(
        "SDL_SetRenderDrawColor", (@convention(c) (OpaquePointer?, UInt8, UInt8, UInt8, UInt8) -> Int32).self)
    static let setRenderDrawBlendMode = function(
        "SDL_SetRenderDrawBlendMode", (@convention(c) (OpaquePointer?, SDL_BlendMode) -> Int32).self)
    static let renderSetClipRect = function(
        "SDL_RenderSetClipRect", (@convention(c) (OpaquePointer?, UnsafePointer<SDL_Rect>?) -> Int32).self)
    static let renderFillRectsF = function(
        "SDL_RenderFillRectsF", (@convention(c) (OpaquePointer?, UnsafePointer<SDL_FRect>?, Int32) -> Int32).self)
    static let renderCopyF = function(
        "SDL_RenderCopyF",
        (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<SDL_Rect>?, UnsafePointer<SDL_FRect>?) -> Int32)
            .self)
    static let renderGeometry = function(
        "SDL_RenderGeometry",
        (@convention(c) (
            OpaquePointer?, OpaquePointer?, UnsafePointer<SDL_Vertex>?, Int32, UnsafePointer<Int32>?, Int32
        ) -> Int32).self)
    static let setTextureAlphaMod = function(
        "SDL_SetTextureAlphaMod", (@convention(c) (OpaquePointer?, UInt8) -> Int32).self)
    static let setTextureBlendMode = function(
        "SDL_SetTextureBlendMode", (@convention(c) (OpaquePointer?, SDL_BlendMode) -> Int32).self)

    private static func function<F>(_ name: String, _ type: F.Type) -> F {
        // RTLD_NEXT: the next definition after this executable's, i.e. libSDL2's.
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: -1), name) else {
            fatalError("libSDL2 has no \(name)")
        }
        return unsafeBitCast(address, to: type)
    }
}

@_cdecl("SDL_RenderClear")
func interposedRenderClear(_ r: OpaquePointer?) -> Int32 {
    activeRenderCallLog?.record(.clear, on: r)
    if swallowRenderCalls { return 0 }
    return LibSDL.renderClear(r)
}

@_cdecl("SDL_SetRenderDrawColor")
func interposedSetRenderDrawColor(_ r: OpaquePointer?, _ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8)
    -> Int32
{
    activeRenderCallLog?.record(.setDrawColor(red, green, blue, alpha), on: r)
    if swallowRenderCalls { return 0 }
    return LibSDL.setRenderDrawColor(r, red, green, blue, alpha)
}

@_cdecl("SDL_SetRenderDrawBlendMode")
func interposedSetRenderDrawBlendMode(_ r: OpaquePointer?, _ mode: SDL_BlendMode) -> Int32 {
    activeRenderCallLog?.record(.setDrawBlendMode(mode), on: r)
    if swallowRenderCalls { return 0 }
    return LibSDL.setRenderDrawBlendMode(r, mode)
}

@_cdecl("SDL_RenderSetClipRect")
func interposedRenderSetClipRect(_ r: OpaquePointer?, _ rect: UnsafePointer<SDL_Rect>?) -> Int32 {
    activeRenderCallLog?.record(.setClip(rect?.pointee), on: r)
    if swallowRenderCalls { return 0 }
    return LibSDL.renderSetClipRect(r, rect)
}

@_cdecl("SDL_RenderFillRectsF")
func interposedRenderFillRectsF(_ r: OpaquePointer?, _ rects: UnsafePointer<SDL_FRect>?, _ count: Int32) -> Int32 {
    activeRenderCallLog?.recordFill(rects, count: count, on: r)
    if swallowRenderCalls { return 0 }
    return LibSDL.renderFillRectsF(r, rects, count)
}

@_cdecl("SDL_RenderCopyF")
func interposedRenderCopyF(
    _ r: OpaquePointer?, _ texture: OpaquePointer?, _ source: UnsafePointer<SDL_Rect>?,
    _ destination: UnsafePointer<SDL_FRect>?
) -> Int32 {
    activeRenderCallLog?.record(
        .copy(texture: texture, source: source?.pointee, destination: destination?.pointee), on: r)
    if swallowRenderCalls { return 0 }
    return LibSDL.renderCopyF(r, texture, source, destination)
}

@_cdecl("SDL_RenderGeometry")
func interposedRenderGeometry(
    _ r: OpaquePointer?, _ texture: OpaquePointer?, _ vertices: UnsafePointer<SDL_Vertex>?, _ vertexCount: Int32,
    _ indices: UnsafePointer<Int32>?, _ indexCount: Int32
) -> Int32 {
    activeRenderCallLog?.recordGeometry(texture, vertices, vertexCount, indices, indexCount, on: r)
    if swallowRenderCalls { return 0 }
    return LibSDL.renderGeometry(r, texture, vertices, vertexCount, indices, indexCount)
}

@_cdecl("SDL_SetTextureAlphaMod")
func interposedSetTextureAlphaMod(_ texture: OpaquePointer?, _ alpha: UInt8) -> Int32 {
    activeRenderCallLog?.record(.setTextureAlphaMod(texture, alpha))
    if swallowRenderCalls { return 0 }
    return LibSDL.setTextureAlphaMod(texture, alpha)
}

@_cdecl("SDL_SetTextureBlendMode")
func interposedSetTextureBlendMode(_ texture: OpaquePointer?, _ mode: SDL_BlendMode) -> Int32 {
    activeRenderCallLog?.record(.setTextureBlendMode(texture, mode))
    if swallowRenderCalls { return 0 }
    return LibSDL.setTextureBlendMode(texture, mode)
}
