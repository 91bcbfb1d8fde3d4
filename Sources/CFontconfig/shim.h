#ifndef TESSERA_CFONTCONFIG_SHIM_H
#define TESSERA_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>
#endif
