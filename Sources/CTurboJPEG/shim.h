#ifndef TESSERA_CTURBOJPEG_SHIM_H
#define TESSERA_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
