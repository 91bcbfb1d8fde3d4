#ifndef TESSERA_CWAYLAND_SHIM_H
#define TESSERA_CWAYLAND_SHIM_H
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include <sys/mman.h>
#include <wayland-client.h>

/// An anonymous shared-memory file for wl_shm pools (memfd_create(2), glibc 2.27 and later).
static inline int tessera_memfd(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

/// The compositor's shared-memory global, bound at version 1 (all Tessera uses).
static inline struct wl_shm *tessera_bind_shm(struct wl_registry *registry, uint32_t name) {
    return (struct wl_shm *)wl_registry_bind(registry, name, &wl_shm_interface, 1);
}
#endif
