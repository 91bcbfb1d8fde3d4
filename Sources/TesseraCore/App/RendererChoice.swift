/// Which SDL renderer a window draws with (`--renderer`).
///
/// Without a GPU, SDL's OpenGL renderer runs on Mesa's llvmpipe, which rasterises on the CPU: every
/// frame is uploaded as a texture and drawn again by a software GL. SDL's own software renderer drawing
/// into shared memory (MIT-SHM on X11, wl_shm on Wayland) does the same job with less work, and can
/// present only the rectangles that changed. `auto` keeps a real GPU's renderer and takes the software
/// path otherwise.
package enum RendererChoice: String, CaseIterable, Sendable {
    case auto, software, accelerated
}
