#ifndef LAZY_LIBRARIES_H
#define LAZY_LIBRARIES_H

/* Nothing to call: the targets that call Cairo, libxlsxwriter, libjpeg or libxml2 depend on this one so that its
   stubs (stubs.S, lazy_libraries.c) are linked in and the libraries are loaded on first use. */

#endif
