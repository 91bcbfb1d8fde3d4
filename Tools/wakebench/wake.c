// What a system call and a sleep cost the process that makes them, by its own accounting
// (getrusage, as `--profile-json`'s cpuSeconds and the benches read it), on the machine it runs on
// (BENCHMARKS.md, "Tried and not kept"). A frame of Tessera's makes about eight system calls and
// sleeps twice: until the next frame, and in SDL's XSync after each present.
//
//   cc -O2 wake.c -o wake && ./wake
#include <poll.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>

static double cpu(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return r.ru_utime.tv_sec + r.ru_stime.tv_sec + (r.ru_utime.tv_usec + r.ru_stime.tv_usec) * 1e-6;
}

int main(void) {
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0) return 1;
    struct pollfd p = {sv[0], POLLIN, 0};
    char buffer[64];
    int n = 200000;
    double c = cpu();
    for (int i = 0; i < n; i++) poll(&p, 1, 0);
    printf("poll, nothing to read: %6.2f us of CPU a call\n", (cpu() - c) / n * 1e6);
    c = cpu();
    for (int i = 0; i < n; i++) recv(sv[0], buffer, sizeof buffer, MSG_DONTWAIT);
    printf("recv, nothing to read: %6.2f us of CPU a call\n", (cpu() - c) / n * 1e6);
    c = cpu();
    for (int i = 0; i < 2000; i++) {
        struct timespec t = {0, 100000};
        nanosleep(&t, 0);
    }
    printf("sleep 0.1 ms:          %6.2f us of CPU a sleep\n", (cpu() - c) / 2000 * 1e6);
    for (int ms = 1; ms <= 16; ms *= 2) {
        int sleeps = 1000 / ms;
        c = cpu();
        for (int i = 0; i < sleeps; i++) poll(&p, 1, ms);
        printf("poll sleeping %2d ms:   %6.2f us of CPU a sleep\n", ms, (cpu() - c) / sleeps * 1e6);
    }
    return 0;
}
