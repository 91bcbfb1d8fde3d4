#ifndef TESSERA_SCALE_H
#define TESSERA_SCALE_H

#include <stdint.h>

/// Nonzero when `tessera_scale_bilinear` can run on this CPU (x86-64 with AVX2).
int tessera_scale_bilinear_available(void);

/// Scales the `src_w`×`src_h` pixels at (`src_x`, `src_y`) of `src` onto the `dst_w`×`dst_h`
/// rectangle at (`dst_x`, `dst_y`) of `dst`, bilinearly, writing only the destination pixels inside
/// [`clip_x0`, `clip_x1`) × [`clip_y0`, `clip_y1`). Pixels are 32 bits, both images in the same format;
/// each 8-bit channel is interpolated alike, so the format does not matter. The result is bit for bit
/// what SDL 2's `SDL_SoftStretchLinear` writes for the whole rectangle (the same sample positions,
/// seven-bit weights and rounding), cut by the clip without moving its samples.
///
/// The caller keeps the source rectangle inside `src` and the clip inside `dst`; the destination
/// rectangle may reach outside both. Returns 0 when done, -1 when it cannot (no AVX2, an empty or
/// inverted rectangle, or a clip or source row wider or taller than 4096 pixels): nothing is written then.
int tessera_scale_bilinear(
    const uint32_t *src, int src_pitch, int src_x, int src_y, int src_w, int src_h, uint32_t *dst, int dst_pitch,
    int dst_x, int dst_y, int dst_w, int dst_h, int clip_x0, int clip_y0, int clip_x1, int clip_y1);

#endif
