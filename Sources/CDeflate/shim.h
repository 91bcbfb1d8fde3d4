#ifndef TESSERA_CDEFLATE_SHIM_H
#define TESSERA_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
