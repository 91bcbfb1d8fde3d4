#ifndef TESSERA_CEXIF_SHIM_H
#define TESSERA_CEXIF_SHIM_H
#include <libexif/exif-data.h>
#endif
