#ifndef STUDYCTL_JPEG_DECODING_H
#define STUDYCTL_JPEG_DECODING_H
#include <stddef.h>

/// Decodes a baseline or progressive JPEG held in memory into 8-bit RGB rows (width × 3 bytes each).
/// Returns 0 on success, with *pixels owned by the caller (free()); otherwise non-zero and `message`
/// (of `message_size` bytes) says what libjpeg found wrong. Never exits the process.
int studyctl_jpeg_decode(const unsigned char *data, size_t size, unsigned char **pixels,
                         int *width, int *height, char *message, size_t message_size);
#endif
