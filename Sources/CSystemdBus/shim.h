#ifndef TESSERA_CSYSTEMDBUS_SHIM_H
#define TESSERA_CSYSTEMDBUS_SHIM_H
#include <systemd/sd-bus.h>
#include <sys/eventfd.h>
#include <poll.h>
#endif
