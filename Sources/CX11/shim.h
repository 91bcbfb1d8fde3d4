#ifndef TESSERA_CX11_SHIM_H
#define TESSERA_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/Xlib-xcb.h>
#include <xcb/shm.h>
#include <sys/ipc.h>
#include <sys/shm.h>

/// `XDestroyImage` is a macro (the image's own destroy function); Swift sees this instead.
static inline void tessera_destroy_image(XImage *image) { XDestroyImage(image); }

/// A new private SysV segment of `bytes`, readable and writable by this user only (the X server is
/// let in by its credentials check of the client), or -1.
static inline int tessera_shm_create(size_t bytes) { return shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600); }
#endif
