#ifndef TESSERA_CZLIB_SHIM_H
#define TESSERA_CZLIB_SHIM_H
#include <zlib.h>
#endif
