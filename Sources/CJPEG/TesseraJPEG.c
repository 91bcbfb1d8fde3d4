#include "TesseraJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jpeglib.h>

struct TesseraJPEG {
    struct jpeg_decompress_struct info;
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf escape;
    double deadline;
    int max_scans;
    int failed;
    int started;
    char message[JMSG_LENGTH_MAX];
};

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void fail(j_common_ptr common, const char *reason) {
    TesseraJPEG *jpeg = (TesseraJPEG *)common->client_data;
    if (!jpeg->failed) {
        jpeg->failed = 1;
        if (reason)
            snprintf(jpeg->message, sizeof jpeg->message, "%s", reason);
        else
            (*common->err->format_message)(common, jpeg->message);
    }
    longjmp(jpeg->escape, 1);
}

static void error_exit(j_common_ptr common) { fail(common, NULL); }

/* msg_level < 0 is a warning (libjpeg.txt, "Error handling"): corrupt data that libjpeg would paper
 * over. Trace messages (0 and up) are dropped. */
static void emit_message(j_common_ptr common, int msg_level) {
    if (msg_level < 0) fail(common, NULL);
}

static void output_message(j_common_ptr common) { (void)common; }

static void progress(j_common_ptr common) {
    TesseraJPEG *jpeg = (TesseraJPEG *)common->client_data;
    j_decompress_ptr info = (j_decompress_ptr)common;
    if (jpeg->max_scans > 0 && info->input_scan_number > jpeg->max_scans) fail(common, "too many scans");
    if (jpeg->deadline > 0 && now() > jpeg->deadline) fail(common, "took too long to decode");
}

TesseraJPEG *tessera_jpeg_open(const unsigned char *data, size_t size, double deadline, long max_memory,
                               int max_scans) {
    TesseraJPEG *jpeg = calloc(1, sizeof *jpeg);
    if (!jpeg) return NULL;
    jpeg->deadline = deadline;
    jpeg->max_scans = max_scans;
    jpeg->info.err = jpeg_std_error(&jpeg->errors);
    jpeg->errors.error_exit = error_exit;
    jpeg->errors.emit_message = emit_message;
    jpeg->errors.output_message = output_message;
    jpeg->info.client_data = jpeg;
    if (setjmp(jpeg->escape)) return jpeg;
    jpeg_create_decompress(&jpeg->info);
    jpeg->info.client_data = jpeg;
    if (max_memory > 0) jpeg->info.mem->max_memory_to_use = max_memory;
    jpeg->progress.progress_monitor = progress;
    jpeg->info.progress = &jpeg->progress;
    jpeg_mem_src(&jpeg->info, data, (unsigned long)size);
    jpeg_read_header(&jpeg->info, TRUE);
    return jpeg;
}

int tessera_jpeg_failed(const TesseraJPEG *jpeg) { return jpeg->failed; }

const char *tessera_jpeg_message(const TesseraJPEG *jpeg) { return jpeg->message; }

TesseraJPEGHeader tessera_jpeg_header(const TesseraJPEG *jpeg) {
    TesseraJPEGHeader header = {0};
    const struct jpeg_decompress_struct *info = &jpeg->info;
    header.width = (int)info->image_width;
    header.height = (int)info->image_height;
    header.components = info->num_components;
    switch (info->jpeg_color_space) {
    case JCS_GRAYSCALE: header.colourSpace = TesseraJPEGGrey; break;
    case JCS_YCbCr: header.colourSpace = TesseraJPEGYCbCr; break;
    case JCS_RGB: header.colourSpace = TesseraJPEGRGB; break;
    case JCS_CMYK: header.colourSpace = TesseraJPEGCMYK; break;
    case JCS_YCCK: header.colourSpace = TesseraJPEGYCCK; break;
    default: header.colourSpace = TesseraJPEGOther; break;
    }
    header.progressive = info->progressive_mode ? 1 : 0;
    header.arithmetic = info->arith_code ? 1 : 0;
    return header;
}

int tessera_jpeg_start(TesseraJPEG *jpeg, int denominator, int fast, int *width, int *height) {
    if (jpeg->failed) return -1;
    if (setjmp(jpeg->escape)) return -1;
    struct jpeg_decompress_struct *info = &jpeg->info;
    int cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
    if (!cmyk && info->jpeg_color_space == JCS_UNKNOWN) fail((j_common_ptr)info, "unknown colour space");
    info->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRA;
    info->scale_num = 1;
    info->scale_denom = (unsigned int)denominator;
    info->dct_method = fast ? JDCT_IFAST : JDCT_ISLOW;
    info->do_fancy_upsampling = fast ? FALSE : TRUE;
    jpeg_start_decompress(info);
    jpeg->started = 1;
    *width = (int)info->output_width;
    *height = (int)info->output_height;
    return 0;
}

int tessera_jpeg_read(TesseraJPEG *jpeg, unsigned char *pixels, size_t pitch) {
    if (jpeg->failed || !jpeg->started) return -1;
    if (setjmp(jpeg->escape)) return -1;
    struct jpeg_decompress_struct *info = &jpeg->info;
    while (info->output_scanline < info->output_height) {
        JSAMPROW row = pixels + (size_t)info->output_scanline * pitch;
        jpeg_read_scanlines(info, &row, 1);
    }
    jpeg_finish_decompress(info);
    jpeg->started = 0;
    return 0;
}

void tessera_jpeg_close(TesseraJPEG *jpeg) {
    if (!jpeg) return;
    jpeg_destroy_decompress(&jpeg->info);
    free(jpeg);
}
