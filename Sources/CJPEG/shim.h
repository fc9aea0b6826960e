#ifndef STUDYCTL_CJPEG_SHIM_H
#define STUDYCTL_CJPEG_SHIM_H
/* jpeglib.h uses FILE and size_t without including their headers. */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif
