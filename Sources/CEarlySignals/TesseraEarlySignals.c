// Signal handlers in force from the first moment the program's own code can run: an entry in the
// executable's `.preinit_array` (the System V ABI's DT_PREINIT_ARRAY, run once the dynamic loader has
// mapped and relocated every library and before any library's initialisers), rather than the first
// line of main.swift, which comes only after the initialisers of the two hundred libraries SDL, the
// Swift runtime and Foundation bring (about 20 ms) — in which a SIGTERM or SIGHUP would take its
// default action and kill the run without its outputs. The handlers only note the signal (an async-signal-safe store, signal-safety(7));
// `ProcessSignals.install` replaces them and carries what they noted over.
//
// Only in the `tessera` program itself: the same object linked into a test bundle must not swallow
// the Ctrl+C meant for the test runner. glibc passes preinit functions argc, argv and envp.

#include <signal.h>
#include <string.h>
#include "TesseraEarlySignals.h"

static volatile sig_atomic_t early_quit = 0;
static volatile sig_atomic_t early_reload = 0;

static void note_quit(int signal) {
    (void)signal;
    early_quit = 1;
}

static void note_reload(int signal) {
    (void)signal;
    early_reload = 1;
}

static void install(int signal, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(signal, &action, NULL);
}

static void tessera_install_early_signals(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 1 || argv == NULL || argv[0] == NULL) return;
    const char *slash = strrchr(argv[0], '/');
    const char *name = slash ? slash + 1 : argv[0];
    if (strcmp(name, "tessera") != 0) return;
    install(SIGTERM, note_quit);
    install(SIGINT, note_quit);
    install(SIGHUP, note_reload);
    signal(SIGPIPE, SIG_IGN);
    // A parent that blocked them (the mask survives execve, signal(7)) would leave the run deaf to
    // them for good; one already pending is delivered here, to the handlers above.
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

int tessera_early_quit(void) { return early_quit; }
int tessera_early_reload(void) { return early_reload; }

__attribute__((section(".preinit_array"), used)) static void (*const tessera_preinit)(int, char **, char **) =
    tessera_install_early_signals;
