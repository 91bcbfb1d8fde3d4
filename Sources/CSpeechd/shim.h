#ifndef TESSERA_CSPEECHD_SHIM_H
#define TESSERA_CSPEECHD_SHIM_H
#include <speech-dispatcher/libspeechd.h>
#endif
