#ifndef STUDYCTL_CXLSXWRITER_SHIM_H
#define STUDYCTL_CXLSXWRITER_SHIM_H
#include <xlsxwriter.h>
#endif
