// Bilinear scaling of 32-bit pixels with AVX2, for the software renderer's photos that change size
// every frame (a matched-geometry flight): SDL's own `SDL_SoftStretchLinear` computes each destination
// pixel from its four source pixels in one go, two pixels an iteration with SSE2; this does the same
// arithmetic in two passes, each a few instructions for several pixels, and writes the same bits.
//
// Per destination row: (1) the two source rows it falls between are blended into one row of 16-bit
// channels, `r0 × (128 − fy) + r1 × fy` (seven-bit weights, so at most 255 × 128 and no overflow in a
// signed 16-bit lane), 8 source pixels an iteration; (2) each destination pixel takes its two
// neighbours in that row, `t0 × (128 − fx) + t1 × fx`, shifted down by 14 bits: four pixels an
// iteration. SDL keeps the vertical blend unshifted and shifts once by 14 too, which is why the two
// agree to the bit. Sample positions are SDL's (`get_scaler_datas` in SDL_stretch.c: pixel centres,
// 16.16 fixed point, the edges clamped), so a destination pixel's value depends only on the whole
// rectangle, not on the clip: a clipped part is the same pixels as the whole one.

#include "TesseraScale.h"

#include <stddef.h>
#include <string.h>

enum { PRECISION = 7, ONE = 1 << PRECISION, MAX_SIDE = 4096 };

/// Source index and the weight of its next neighbour (0…128) of destination pixels `from` ..< `to`
/// along one axis of `src_n` → `dst_n` pixels, exactly as SDL computes them, edges clamped.
static void sample_positions(int src_n, int dst_n, int from, int to, int32_t *index, int32_t *weight) {
    const int step = (int)(((uint32_t)src_n << 16) / (uint32_t)dst_n);
    // SDL: the first destination centre (0.5) in source coordinates, rounded as pixman does, less 0.5.
    const int first = (int)(((int64_t)step * 0x8000 + 0x8000) >> 16) - 0x8000;
    for (int i = from; i < to; i++) {
        const int position = first + i * step;
        int k = 0, f = 0;
        if (src_n > 1 && position >= 0) {
            k = (int)((uint32_t)position >> 16);
            f = (int)(((uint32_t)position >> (16 - PRECISION)) & (ONE - 1));
            if (k > src_n - 2) {
                k = src_n - 2;
                f = ONE;
            }
        }
        index[i - from] = k;
        weight[i - from] = f;
    }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

int tessera_scale_bilinear_available(void) {
    // Asked on every call of `tessera_scale_bilinear`, a few times a frame: the CPU is asked once (in a
    // virtual machine each CPUID instruction behind `__builtin_cpu_init` can trap to the hypervisor).
    // Any thread may ask first; they all find the same answer.
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer < 0) {
        __builtin_cpu_init();
        answer = __builtin_cpu_supports("avx2") ? 1 : 0;
        __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    }
    return answer;
}

__attribute__((target("avx2"))) static void scale_rows(
    const uint8_t *src, int src_pitch, int lo, int span, const int32_t *rows, const int32_t *row_weights, int row_count,
    int src_h, const int32_t *columns, const uint32_t *column_weights, int column_count, uint8_t *dst, int dst_pitch) {
    // One row of 16-bit channels (8 bytes a pixel), one more pixel for the last one's right neighbour.
    int16_t blended[(MAX_SIDE + 8) * 4] __attribute__((aligned(32)));
    // Each destination pixel's pair of channels, [b0 b1 g0 g1 r0 r1 a0 a1], for `madd`.
    const __m256i pairs = _mm256_setr_epi8(
        0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15);
    // Pixels k, k+2 in lane 0 and k+1, k+3 in lane 1 after the packs: back in order.
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 3, 6, 7);
    for (int y = 0; y < row_count; y++) {
        const uint32_t *r0 = (const uint32_t *)(src + (size_t)rows[y] * src_pitch) + lo;
        const uint32_t *r1 = src_h > 1 ? (const uint32_t *)((const uint8_t *)r0 + src_pitch) : r0;
        const int fy = row_weights[y];
        // The next destination row's two source rows, asked for now: in a window the level's texels are
        // rarely in cache when a frame starts (the core idled for most of 16 ms), and the profile put most
        // of this function's time on the load of the second row. A row is a few hundred bytes, so its
        // lines are asked for by hand rather than left to the hardware's stride prefetcher.
        if (y + 1 < row_count) {
            const uint8_t *n0 = src + (size_t)rows[y + 1] * src_pitch + (size_t)lo * 4;
            const uint8_t *n1 = src_h > 1 ? n0 + src_pitch : n0;
            for (int b = 0; b < span * 4; b += 64) {
                _mm_prefetch((const char *)(n0 + b), _MM_HINT_T0);
                _mm_prefetch((const char *)(n1 + b), _MM_HINT_T0);
            }
        }
        int x = 0;
        if (fy != 0 && fy != ONE) {
            // Both weights below 128 fit `maddubs`' signed bytes: unsigned channel bytes of the two
            // rows side by side, times (128 − fy, fy), summed into 16 bits.
            const __m256i w = _mm256_set1_epi16((short)((ONE - fy) | (fy << 8)));
            for (; x + 8 <= span; x += 8) {
                const __m256i a = _mm256_loadu_si256((const __m256i *)(r0 + x));
                const __m256i b = _mm256_loadu_si256((const __m256i *)(r1 + x));
                const __m256i low = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, b), w);
                const __m256i high = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, b), w);
                _mm256_store_si256((__m256i *)(blended + x * 4), _mm256_permute2x128_si256(low, high, 0x20));
                _mm256_store_si256((__m256i *)(blended + x * 4 + 16), _mm256_permute2x128_si256(low, high, 0x31));
            }
        }
        const __m256i w0 = _mm256_set1_epi16((short)(ONE - fy)), w1 = _mm256_set1_epi16((short)fy);
        for (; x + 4 <= span; x += 4) {
            const __m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(r0 + x)));
            const __m256i b = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(r1 + x)));
            _mm256_store_si256(
                (__m256i *)(blended + x * 4), _mm256_add_epi16(_mm256_mullo_epi16(a, w0), _mm256_mullo_epi16(b, w1)));
        }
        for (; x < span; x++) {
            const uint8_t *a = (const uint8_t *)(r0 + x), *b = (const uint8_t *)(r1 + x);
            for (int c = 0; c < 4; c++) blended[x * 4 + c] = (int16_t)(a[c] * (ONE - fy) + b[c] * fy);
        }
        memcpy(blended + span * 4, blended + (span - 1) * 4, 8);

        const uint8_t *t = (const uint8_t *)blended;
        uint32_t *out = (uint32_t *)(dst + (size_t)y * dst_pitch);
        int k = 0;
        for (; k + 4 <= column_count; k += 4) {
            const __m256i p01 = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(t + columns[k]))),
                _mm_loadu_si128((const __m128i *)(t + columns[k + 1])), 1);
            const __m256i p23 = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(t + columns[k + 2]))),
                _mm_loadu_si128((const __m128i *)(t + columns[k + 3])), 1);
            const __m256i w01 = _mm256_load_si256((const __m256i *)(column_weights + 4 * k));
            const __m256i w23 = _mm256_load_si256((const __m256i *)(column_weights + 4 * k + 8));
            const __m256i a = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_shuffle_epi8(p01, pairs), w01), 2 * PRECISION);
            const __m256i b = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_shuffle_epi8(p23, pairs), w23), 2 * PRECISION);
            const __m256i packed = _mm256_packus_epi16(_mm256_packs_epi32(a, b), _mm256_setzero_si256());
            _mm_storeu_si128((__m128i *)(out + k), _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(packed, order)));
        }
        for (; k < column_count; k++) {
            const int16_t *p = (const int16_t *)(t + columns[k]);
            const int f1 = (int)(column_weights[4 * k] >> 16), f0 = ONE - f1;
            uint32_t value = 0;
            for (int c = 0; c < 4; c++) value |= (uint32_t)((p[c] * f0 + p[c + 4] * f1) >> (2 * PRECISION)) << (8 * c);
            out[k] = value;
        }
    }
}

int tessera_scale_bilinear(
    const uint32_t *src, int src_pitch, int src_x, int src_y, int src_w, int src_h, uint32_t *dst, int dst_pitch,
    int dst_x, int dst_y, int dst_w, int dst_h, int clip_x0, int clip_y0, int clip_x1, int clip_y1) {
    if (!tessera_scale_bilinear_available() || src_w < 1 || src_h < 1 || dst_w < 1 || dst_h < 1) return -1;
    // The destination pixels written, relative to the rectangle.
    const int x0 = (clip_x0 > dst_x ? clip_x0 : dst_x) - dst_x, x1 = (clip_x1 < dst_x + dst_w ? clip_x1 : dst_x + dst_w) - dst_x;
    const int y0 = (clip_y0 > dst_y ? clip_y0 : dst_y) - dst_y, y1 = (clip_y1 < dst_y + dst_h ? clip_y1 : dst_y + dst_h) - dst_y;
    if (x1 <= x0 || y1 <= y0) return 0;
    if (x1 - x0 > MAX_SIDE || y1 - y0 > MAX_SIDE || src_w > MAX_SIDE) return -1;
    int32_t columns[MAX_SIDE], column_fractions[MAX_SIDE], rows[MAX_SIDE], row_weights[MAX_SIDE];
    // The horizontal weights as `madd` takes them, (128 − fx, fx) in each of four 32-bit lanes.
    uint32_t column_weights[MAX_SIDE * 4] __attribute__((aligned(32)));
    const int n = x1 - x0;
    sample_positions(src_w, dst_w, x0, x1, columns, column_fractions);
    sample_positions(src_h, dst_h, y0, y1, rows, row_weights);
    // The source columns these pixels read: from the first one's left neighbour to the last one's right.
    const int lo = columns[0];
    const int hi = columns[n - 1] + 1 < src_w - 1 ? columns[n - 1] + 1 : src_w - 1;
    for (int k = 0; k < n; k++) {
        columns[k] = (columns[k] - lo) * 8;
        const uint32_t w = (uint32_t)(ONE - column_fractions[k]) | ((uint32_t)column_fractions[k] << 16);
        column_weights[4 * k] = column_weights[4 * k + 1] = column_weights[4 * k + 2] = column_weights[4 * k + 3] = w;
    }
    const uint8_t *source = (const uint8_t *)src + (size_t)src_y * src_pitch + (size_t)src_x * 4;
    uint8_t *target = (uint8_t *)dst + (ptrdiff_t)(dst_y + y0) * dst_pitch + (ptrdiff_t)(dst_x + x0) * 4;
    scale_rows(source, src_pitch, lo, hi - lo + 1, rows, row_weights, y1 - y0, src_h, columns, column_weights, n, target, dst_pitch);
    return 0;
}

#else

int tessera_scale_bilinear_available(void) { return 0; }

int tessera_scale_bilinear(
    const uint32_t *src, int src_pitch, int src_x, int src_y, int src_w, int src_h, uint32_t *dst, int dst_pitch,
    int dst_x, int dst_y, int dst_w, int dst_h, int clip_x0, int clip_y0, int clip_x1, int clip_y1) {
    (void)src, (void)src_pitch, (void)src_x, (void)src_y, (void)src_w, (void)src_h, (void)dst, (void)dst_pitch;
    (void)dst_x, (void)dst_y, (void)dst_w, (void)dst_h, (void)clip_x0, (void)clip_y0, (void)clip_x1, (void)clip_y1;
    return -1;
}

#endif
