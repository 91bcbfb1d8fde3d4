// Fill cost in a frame another core reads, as an X server reads a window's shared image to present it
// (BENCHMARKS.md, "Fills and non-temporal stores"). Eleven rectangles of W×H pixels a frame, at random
// places in a 1024×768 XRGB surface (rows on cache lines, as an X11 shared-memory image's are), filled
// one of three ways; then a second thread on the other core copies them out, and the next frame comes
// 0.2 ms later. Prints nanoseconds per pixel filled.
//
//   cc -O2 fill.c -o fill $(pkg-config --cflags --libs sdl2) -lpthread
//   ./fill MODE W H     MODE 0: one-texel stretch (SDL_SoftStretch), 1: SDL_FillRect,
//                       2: SDL_FillRect on the whole cache lines, the texel on the edges (OpaqueFill)
#define _GNU_SOURCE
#include <SDL2/SDL.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

enum { WIDTH = 1024, HEIGHT = 768, RECTS = 11, FRAMES = 2000, LINE = 16 };
static SDL_Surface *target;
static SDL_Rect rects[RECTS];
static uint32_t presented[WIDTH * HEIGHT];
static atomic_int frame = 0, copied = 0;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static void pin(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

static void *server(void *unused) {
    (void)unused;
    pin(0);
    for (int seen = 0;;) {
        while (atomic_load(&frame) == seen) {}
        seen = atomic_load(&frame);
        if (seen < 0) return NULL;
        for (int r = 0; r < RECTS; r++) {
            const SDL_Rect *q = &rects[r];
            for (int y = q->y; y < q->y + q->h; y++)
                memcpy(presented + y * WIDTH + q->x, (uint32_t *)target->pixels + y * WIDTH + q->x, q->w * 4);
        }
        atomic_store(&copied, seen);
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: fill MODE W H\n"); return 2; }
    int mode = atoi(argv[1]), w = atoi(argv[2]), h = atoi(argv[3]);
    if (mode < 0 || mode > 2 || w < 8 || w >= WIDTH || h < 1 || h >= HEIGHT) { fprintf(stderr, "fill: bad MODE, W or H\n"); return 2; }
    pin(1);
    target = SDL_CreateRGBSurfaceWithFormat(0, WIDTH, HEIGHT, 32, SDL_PIXELFORMAT_XRGB8888);
    SDL_Surface *texel = SDL_CreateRGBSurfaceWithFormat(0, 1, 1, 32, SDL_PIXELFORMAT_XRGB8888);
    if (!target || !texel || (uintptr_t)target->pixels % 64 || target->pitch % 64) { fprintf(stderr, "fill: no aligned surface\n"); return 1; }
    *(uint32_t *)texel->pixels = 0xEEEEEE;
    pthread_t thread;
    pthread_create(&thread, NULL, server, NULL);
    double seconds = 0, pixels = 0;
    unsigned seed = 1;
    for (int i = 1; i <= FRAMES; i++) {
        for (int r = 0; r < RECTS; r++) {
            seed = seed * 1103515245 + 12345;
            rects[r].x = (seed >> 8) % (WIDTH - w);
            seed = seed * 1103515245 + 12345;
            rects[r].y = (seed >> 8) % (HEIGHT - h);
            rects[r].w = w - (r & 7);
            rects[r].h = h;
            pixels += rects[r].w * h;
        }
        double start = now();
        for (int r = 0; r < RECTS; r++) {
            SDL_Rect q = rects[r];
            int first = (q.x + LINE - 1) / LINE * LINE, last = (q.x + q.w) / LINE * LINE;
            if (mode == 0 || (mode == 2 && last - first < LINE)) {
                SDL_SoftStretch(texel, NULL, target, &q);
            } else if (mode == 1) {
                SDL_FillRect(target, &q, 0xEEEEEE);
            } else {
                SDL_Rect lines = {first, q.y, last - first, q.h}, left = {q.x, q.y, first - q.x, q.h},
                         right = {last, q.y, q.x + q.w - last, q.h};
                SDL_FillRect(target, &lines, 0xEEEEEE);
                if (left.w > 0) SDL_SoftStretch(texel, NULL, target, &left);
                if (right.w > 0) SDL_SoftStretch(texel, NULL, target, &right);
            }
        }
        seconds += now() - start;
        atomic_store(&frame, i);
        while (atomic_load(&copied) != i) {}
        nanosleep(&(struct timespec){0, 200000}, NULL);
    }
    atomic_store(&frame, -1);
    pthread_join(thread, NULL);
    printf("mode %d, %dx%d: %.2f ns a pixel\n", mode, w, h, seconds / pixels * 1e9);
    return 0;
}
