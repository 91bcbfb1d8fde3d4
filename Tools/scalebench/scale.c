// Bilinear scaling of a photo in flight: SDL 2's SDL_SoftStretchLinear (what the software renderer
// does for a scaled opaque copy) against libyuv's ARGBScaleClip with kFilterBilinear (Debian:
// libyuv-dev), the same source into the same 1024×768 ARGB target, sizes varied a little each call as a
// flight's are (BENCHMARKS.md, "Tried and not kept"). Prints the best of five rounds of 2,000 calls.
//
//   cc -O2 scale.c -o scale $(pkg-config --cflags --libs sdl2) -lyuv
//   ./scale SRC_W SRC_H DST_W DST_H        e.g. ./scale 256 341 83 150
#include <SDL2/SDL.h>
#include <libyuv/scale_argb.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s SRC_W SRC_H DST_W DST_H\n", argv[0]);
        return 2;
    }
    int sw = atoi(argv[1]), sh = atoi(argv[2]), dw = atoi(argv[3]), dh = atoi(argv[4]);
    SDL_Surface *src = SDL_CreateRGBSurfaceWithFormat(0, sw, sh, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *dst = SDL_CreateRGBSurfaceWithFormat(0, 1024, 768, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!src || !dst || dw + 8 > 924 || dh > 668) {
        fprintf(stderr, "%s: sizes out of range\n", argv[0]);
        return 2;
    }
    Uint32 *p = src->pixels;
    for (int i = 0; i < sw * sh; i++) p[i] = 0xff000000u | ((unsigned)i * 2654435761u >> 8);
    const int n = 2000;
    double sdl = 1e9, yuv = 1e9;
    for (int round = 0; round < 5; round++) {
        double t = now();
        for (int i = 0; i < n; i++) {
            SDL_Rect s = {0, 0, sw, sh}, d = {100 + (i & 7), 100, dw - (i & 3), dh - (i & 3)};
            SDL_SoftStretchLinear(src, &s, dst, &d);
        }
        double a = (now() - t) / n;
        if (a < sdl) sdl = a;
        t = now();
        for (int i = 0; i < n; i++) {
            int w = dw - (i & 3), h = dh - (i & 3);
            uint8_t *at = (uint8_t *)dst->pixels + 100 * dst->pitch + (100 + (i & 7)) * 4;
            ARGBScaleClip(src->pixels, src->pitch, sw, sh, at, dst->pitch, w, h, 0, 0, w, h, kFilterBilinear);
        }
        a = (now() - t) / n;
        if (a < yuv) yuv = a;
    }
    double px = (double)dw * dh;
    printf("%dx%d -> %dx%d: SDL %.1f us (%.2f ns/px), libyuv %.1f us (%.2f ns/px)\n", sw, sh, dw, dh, sdl * 1e6,
           sdl * 1e9 / px, yuv * 1e6, yuv * 1e9 / px);
    return 0;
}
