#ifndef LAZY_LIBRARIES_H
#define LAZY_LIBRARIES_H

/* The targets that call Cairo, libxlsxwriter, ReadStat, libjpeg or libxml2 depend on this one so that its stubs (stubs.S,
   lazy_libraries.c) are linked in and the libraries are loaded on first use. */

/* Who says that a library (by its file name) cannot be loaded, or lacks a function (`detail` says which and why):
   studyctl, in the study's language. The handler ends the process; were it to return, the message is printed in
   English and the process ends with status 70. Does nothing where the libraries are linked as usual. */
void lazy_libraries_on_failure(void (*_Nonnull handler)(const char *_Nonnull soname, const char *_Nonnull detail));

#endif
