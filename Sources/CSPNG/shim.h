#ifndef TESSERA_CSPNG_SHIM_H
#define TESSERA_CSPNG_SHIM_H
#include <spng.h>
#endif
