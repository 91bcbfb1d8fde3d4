// The floor of an animated picker frame on the software path: what the pixels and the present of one
// frame cost with nothing else — no scene, no draw list, no damage found, no renderer — in a real X11
// window, paced as Tessera paces (BENCHMARKS.md, "The floor of a picker frame").
//
// Each frame waits for its tick reading X events (poll on the connection, as X11EventWait does),
// moves a 150×150 "photo" toward a "dock" and shrinks it to 100×100 (and back, a cosine), then does
// as much of Tessera's frame as MODE asks, into an MIT-SHM image, and sends the damaged rectangle
// (old and new place, a pixel of margin) with XShmPutImage and a completion event, as
// X11ShmPresenter does:
//   0  nothing drawn: the wake, the events and the present alone;
//   1  + the photo, bilinear-scaled from a 192×192 crop of a 256×192 level (SDL_SoftStretchLinear);
//   2  + the background where the photo was and is no more (SDL_FillRect);
//   3  + six 150×150 tile bodies copied 1:1, cut to the damage (SDL_BlitSurface).
// Prints the process's CPU (getrusage, user + system) per frame from the first frame on. On stderr it
// says "settled frames 0" as its first frame starts and "frames N" after its last, then waits a moment
// before it exits, as the bench's references do: `tessera-bench` reads its CPU and the X server's at
// those two lines (ReferenceRun), and sets it beside Slint's frame (FrameFloor).
//
//   cc -O2 floor.c -o floor $(pkg-config --cflags --libs sdl2 x11 xext) -lm
//   DISPLAY=:7 ./floor WIDTH HEIGHT FRAMES [HZ [MODE]]     e.g. ./floor 1024 768 1000 120 3
#include <SDL2/SDL.h>
#include <X11/Xlib.h>
#include <X11/extensions/XShm.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/resource.h>
#include <sys/shm.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static double cpu(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return r.ru_utime.tv_sec + r.ru_utime.tv_usec * 1e-6 + r.ru_stime.tv_sec + r.ru_stime.tv_usec * 1e-6;
}

int main(int argc, char **argv) {
    if (argc < 4 || argc > 6) {
        fprintf(stderr, "usage: %s WIDTH HEIGHT FRAMES [HZ [MODE]]\n", argv[0]);
        return 2;
    }
    int w = atoi(argv[1]), h = atoi(argv[2]), frames = atoi(argv[3]);
    double hz = argc > 4 ? atof(argv[4]) : 120;
    int mode = argc > 5 ? atoi(argv[5]) : 3;
    // Checked before anything is made: the photo's whole path (up to 760×660) inside the window.
    if (w < 800 || h < 700 || w > 8192 || h > 8192 || frames < 1 || frames > 100000 || !(hz >= 1 && hz <= 1000) ||
        mode < 0 || mode > 3) {
        fprintf(stderr, "%s: WIDTH 800-8192, HEIGHT 700-8192, FRAMES 1-100000, HZ 1-1000, MODE 0-3\n", argv[0]);
        return 2;
    }
    Display *display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "%s: cannot open display %s\n", argv[0], XDisplayName(NULL));
        return 1;
    }
    int screen = DefaultScreen(display);
    if (!XShmQueryExtension(display) || DefaultDepth(display, screen) != 24) {
        fprintf(stderr, "%s: the display has no MIT-SHM or is not 24-bit\n", argv[0]);
        return 1;
    }
    Window window = XCreateSimpleWindow(display, RootWindow(display, screen), 0, 0, w, h, 0, 0, 0);
    XMapWindow(display, window);
    XSync(display, False);
    XShmSegmentInfo segment;
    XImage *image = XShmCreateImage(display, DefaultVisual(display, screen), 24, ZPixmap, NULL, &segment, w, h);
    segment.shmid = shmget(IPC_PRIVATE, (size_t)image->bytes_per_line * h, IPC_CREAT | 0600);
    if (segment.shmid < 0) {
        perror("shmget");
        return 1;
    }
    segment.shmaddr = image->data = shmat(segment.shmid, NULL, 0);
    segment.readOnly = False;
    XShmAttach(display, &segment);
    XSync(display, False);
    shmctl(segment.shmid, IPC_RMID, NULL);
    GC gc = XCreateGC(display, window, 0, NULL);

    SDL_Surface *frame =
        SDL_CreateRGBSurfaceWithFormatFrom(image->data, w, h, 32, image->bytes_per_line, SDL_PIXELFORMAT_RGB888);
    SDL_Surface *level = SDL_CreateRGBSurfaceWithFormat(0, 256, 192, 32, SDL_PIXELFORMAT_RGB888);
    SDL_Surface *bodies[6];
    if (!frame || !level) {
        fprintf(stderr, "%s: %s\n", argv[0], SDL_GetError());
        return 1;
    }
    Uint32 *texels = level->pixels;
    for (int i = 0; i < 256 * 192; i++) texels[i] = (unsigned)i * 2654435761u >> 8;
    for (int k = 0; k < 6; k++) {
        bodies[k] = SDL_CreateRGBSurfaceWithFormat(0, 150, 150, 32, SDL_PIXELFORMAT_RGB888);
        if (!bodies[k]) {
            fprintf(stderr, "%s: %s\n", argv[0], SDL_GetError());
            return 1;
        }
        SDL_FillRect(bodies[k], NULL, 0x303030u * (k + 1));
    }
    const Uint32 background = 0xF2F2F7;
    SDL_FillRect(frame, NULL, background);
    XShmPutImage(display, window, gc, image, 0, 0, 0, 0, w, h, False);
    XSync(display, False);

    const SDL_Rect whole = {0, 0, w, h};
    SDL_Rect previous = {20, 20, 150, 150};
    fprintf(stderr, "settled frames 0\n");
    double start = now(), cpuAtStart = cpu();
    for (int f = 0; f < frames; f++) {
        double due = start + (f + 1) / hz;
        for (;;) {
            while (XPending(display)) {
                XEvent event;
                XNextEvent(display, &event);  // the completions, and nothing else
            }
            double left = due - now();
            if (left <= 0) break;
            struct pollfd fd = {ConnectionNumber(display), POLLIN, 0};
            poll(&fd, 1, (int)ceil(left * 1000));
        }
        double t = 0.5 - 0.5 * cos(f * 0.06);
        SDL_Rect photo = {(int)(20 + t * 580), (int)(20 + t * 480), (int)(150 - t * 50), (int)(150 - t * 50)};
        SDL_Rect damage;
        SDL_UnionRect(&previous, &photo, &damage);
        damage.x -= 1;
        damage.y -= 1;
        damage.w += 2;
        damage.h += 2;
        SDL_IntersectRect(&damage, &whole, &damage);
        SDL_SetClipRect(frame, &damage);
        if (mode >= 2) {
            // The damage less the photo: the strips above, below, left and right of it.
            SDL_Rect strips[4] = {
                {damage.x, damage.y, damage.w, photo.y - damage.y},
                {damage.x, photo.y + photo.h, damage.w, damage.y + damage.h - photo.y - photo.h},
                {damage.x, photo.y, photo.x - damage.x, photo.h},
                {photo.x + photo.w, photo.y, damage.x + damage.w - photo.x - photo.w, photo.h},
            };
            for (int k = 0; k < 4; k++)
                if (strips[k].w > 0 && strips[k].h > 0) SDL_FillRect(frame, &strips[k], background);
        }
        if (mode >= 3)
            for (int k = 0; k < 6; k++) {
                SDL_Rect at = {10 + (k % 3) * 160, 10 + (k / 3) * 160, 150, 150};
                SDL_BlitSurface(bodies[k], NULL, frame, &at);
            }
        SDL_SetClipRect(frame, NULL);
        if (mode >= 1) {
            SDL_Rect crop = {32, 0, 192, 192};
            SDL_SoftStretchLinear(level, &crop, frame, &photo);
        }
        XShmPutImage(display, window, gc, image, damage.x, damage.y, damage.x, damage.y, damage.w, damage.h, True);
        XFlush(display);
        previous = photo;
    }
    double used = cpu() - cpuAtStart;
    printf("%d frames at %.0f Hz, %dx%d, mode %d: %.3f ms CPU a frame\n", frames, hz, w, h, mode,
           used * 1000 / frames);
    fflush(stdout);
    fprintf(stderr, "frames %d\n", frames);
    // Still running while a reader takes its CPU at that line (an exited process's clock reads 0).
    SDL_Delay(300);
    return 0;
}
