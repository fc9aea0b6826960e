#ifndef STUDYCTL_CCAIRO_SHIM_H
#define STUDYCTL_CCAIRO_SHIM_H
/* Linux builds read the headers without pkg-config (the library itself is loaded on first use: LazyLibraries). */
#if defined(__linux__)
#include <cairo/cairo.h>
#include <cairo/cairo-svg.h>
#include <cairo/cairo-pdf.h>
#else
#include <cairo.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#endif
#endif
