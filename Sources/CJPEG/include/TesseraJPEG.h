#ifndef TESSERA_JPEG_H
#define TESSERA_JPEG_H

#include <stddef.h>

/* JPEG decoding through libjpeg-turbo's libjpeg API (jpeglib.h), wrapped so that Swift never sees a
 * longjmp: libjpeg reports a fatal error by calling error_exit, which must not return (libjpeg.txt,
 * "Error handling"); here it jumps back into the function that called libjpeg, which returns -1.
 *
 * Every warning is fatal too (a truncated file, corrupt entropy data: libjpeg would go on and fill the
 * rest with grey), so a damaged file costs at most one pass up to its damage. A decode is bounded in
 * time (a deadline checked by the progress monitor, libjpeg.txt "Progress monitoring"), in scans
 * (a progressive file of thousands of tiny scans, as djpeg's -maxscans), and in memory (libjpeg's
 * own max_memory_to_use: a coefficient buffer above it is refused, as there is no backing store). */

typedef struct TesseraJPEG TesseraJPEG;

typedef enum {
    TesseraJPEGGrey = 1,
    TesseraJPEGYCbCr = 3,
    TesseraJPEGRGB = 2,
    TesseraJPEGCMYK = 4,
    TesseraJPEGYCCK = 5,
    TesseraJPEGOther = 0
} TesseraJPEGColourSpace;

typedef struct {
    int width;
    int height;
    int components;
    TesseraJPEGColourSpace colourSpace;
    int progressive;
    int arithmetic;
} TesseraJPEGHeader;

/* Reads the header of the `size` bytes at `data` (which must outlive the handle). NULL only when out
 * of memory; otherwise check tessera_jpeg_failed. `deadline` is CLOCK_MONOTONIC seconds (0: none),
 * `max_memory` bytes libjpeg may allocate for itself, `max_scans` the most scans read. */
TesseraJPEG *tessera_jpeg_open(const unsigned char *data, size_t size, double deadline, long max_memory,
                               int max_scans);

/* Non-zero once anything failed; the reason (libjpeg's message) stays readable until close. */
int tessera_jpeg_failed(const TesseraJPEG *jpeg);
const char *tessera_jpeg_message(const TesseraJPEG *jpeg);

/* What the header says (valid unless failed). */
TesseraJPEGHeader tessera_jpeg_header(const TesseraJPEG *jpeg);

/* Starts decompressing at 1/`denominator` (1, 2, 4 or 8) into 4-byte pixels: B, G, R, A in memory
 * (SDL's ARGB8888 on a little-endian machine), or C, M, Y, K for CMYK and YCCK files. `fast`: the
 * thumbnail settings (JDCT_IFAST, no fancy upsampling). Writes the output size; -1 on failure. */
int tessera_jpeg_start(TesseraJPEG *jpeg, int denominator, int fast, int *width, int *height);

/* Reads every scanline into `pixels`, `pitch` bytes apart; -1 on failure. */
int tessera_jpeg_read(TesseraJPEG *jpeg, unsigned char *pixels, size_t pitch);

void tessera_jpeg_close(TesseraJPEG *jpeg);

#endif
