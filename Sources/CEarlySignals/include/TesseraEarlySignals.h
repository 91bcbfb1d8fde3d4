#ifndef TESSERA_EARLY_SIGNALS_H
#define TESSERA_EARLY_SIGNALS_H

/// Whether a SIGTERM or SIGINT (quit) or a SIGHUP (reload) arrived between the process's start and
/// `ProcessSignals.install`, caught by the handlers this target installs before Swift's `main` runs.
int tessera_early_quit(void);
int tessera_early_reload(void);

#endif
