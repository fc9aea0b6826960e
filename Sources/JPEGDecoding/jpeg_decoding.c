// libjpeg reports a fatal error by calling error_exit, whose default ends the process. A decoder inside a command
// must instead say what is wrong with the file and go on, which needs setjmp/longjmp — something Swift cannot do —
// so this one function is written in C around libjpeg (libjpeg's own example.c pattern).
#include "jpeg_decoding.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct studyctl_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
    size_t message_size;
};

static void studyctl_error_exit(j_common_ptr info) {
    struct studyctl_error *error = (struct studyctl_error *)info->err;
    char buffer[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, buffer);
    snprintf(error->message, error->message_size, "%s", buffer);
    longjmp(error->jump, 1);
}

static void studyctl_quiet(j_common_ptr info, int level) { (void)info; (void)level; }

int studyctl_jpeg_decode(const unsigned char *data, size_t size, unsigned char **pixels,
                         int *width, int *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct studyctl_error error;
    unsigned char *volatile output = NULL;
    *pixels = NULL;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = studyctl_error_exit;
    error.manager.emit_message = studyctl_quiet;
    error.message = message;
    error.message_size = message_size;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(output);
        return 1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    if (info.output_width == 0 || info.output_height == 0 || info.output_width > 20000 || info.output_height > 20000) {
        snprintf(message, message_size, "the image is %u x %u pixels; at most 20000 on a side", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    size_t stride = (size_t)info.output_width * 3;
    output = malloc(stride * info.output_height);
    if (output == NULL) {
        snprintf(message, message_size, "not enough memory for a %u x %u image", info.output_width, info.output_height);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = output + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_destroy_decompress(&info);
    *pixels = output;
    return 0;
}
