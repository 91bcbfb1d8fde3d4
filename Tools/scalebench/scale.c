// Bilinear scaling of a photo in flight: SDL 2's SDL_SoftStretchLinear (what the software renderer
// does for a scaled opaque copy) against libyuv's ARGBScaleClip with kFilterBilinear (Debian:
// libyuv-dev), the same source into the same 1024×768 ARGB target, sizes varied a little each call as a
// flight's are (BENCHMARKS.md, "Tried and not kept" and "Cold after every sleep"). Prints the best of
// five rounds. Calls follow one another (2,000 a round), or with SLEEP_US given, each comes after a
// sleep of that long, as each frame of an animation does (300 a round; only the calls are timed).
//
//   cc -O2 scale.c -o scale $(pkg-config --cflags --libs sdl2) -lyuv
//   ./scale SRC_W SRC_H DST_W DST_H [SLEEP_US]     e.g. ./scale 256 341 83 150 7000
#include <SDL2/SDL.h>
#include <libyuv/scale_argb.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 6) {
        fprintf(stderr, "usage: %s SRC_W SRC_H DST_W DST_H [SLEEP_US]\n", argv[0]);
        return 2;
    }
    int sw = atoi(argv[1]), sh = atoi(argv[2]), dw = atoi(argv[3]), dh = atoi(argv[4]);
    int sleepUs = argc == 6 ? atoi(argv[5]) : 0;
    // Checked before anything is allocated: the source at most 4096 on a side, the target's rectangle
    // (shrunk by up to 3 each call) inside it, the sleep at most 0.1 s.
    if (sw < 1 || sh < 1 || sw > 4096 || sh > 4096 || dw < 4 || dh < 4 || dw + 8 > 924 || dh > 668 ||
        sleepUs < 0 || sleepUs > 100000) {
        fprintf(stderr, "%s: sizes or sleep out of range\n", argv[0]);
        return 2;
    }
    SDL_Surface *src = SDL_CreateRGBSurfaceWithFormat(0, sw, sh, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *dst = SDL_CreateRGBSurfaceWithFormat(0, 1024, 768, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!src || !dst) {
        fprintf(stderr, "%s: %s\n", argv[0], SDL_GetError());
        return 1;
    }
    Uint32 *p = src->pixels;
    for (int i = 0; i < sw * sh; i++) p[i] = 0xff000000u | ((unsigned)i * 2654435761u >> 8);
    const int n = sleepUs ? 300 : 2000;
    double sdl = 1e9, yuv = 1e9;
    for (int round = 0; round < 5; round++) {
        double busy = 0;
        for (int i = 0; i < n; i++) {
            if (sleepUs) usleep(sleepUs);
            SDL_Rect s = {0, 0, sw, sh}, d = {100 + (i & 7), 100, dw - (i & 3), dh - (i & 3)};
            double t = now();
            SDL_SoftStretchLinear(src, &s, dst, &d);
            busy += now() - t;
        }
        if (busy / n < sdl) sdl = busy / n;
        busy = 0;
        for (int i = 0; i < n; i++) {
            if (sleepUs) usleep(sleepUs);
            int w = dw - (i & 3), h = dh - (i & 3);
            uint8_t *at = (uint8_t *)dst->pixels + 100 * dst->pitch + (100 + (i & 7)) * 4;
            double t = now();
            ARGBScaleClip(src->pixels, src->pitch, sw, sh, at, dst->pitch, w, h, 0, 0, w, h, kFilterBilinear);
            busy += now() - t;
        }
        if (busy / n < yuv) yuv = busy / n;
    }
    double px = (double)dw * dh;
    printf("%dx%d -> %dx%d, %d us between calls: SDL %.1f us (%.2f ns/px), libyuv %.1f us (%.2f ns/px)\n", sw, sh,
           dw, dh, sleepUs, sdl * 1e6, sdl * 1e9 / px, yuv * 1e6, yuv * 1e9 / px);
    return 0;
}
