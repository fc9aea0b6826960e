#ifndef STUDYCTL_CREADSTAT_SHIM_H
#define STUDYCTL_CREADSTAT_SHIM_H
#include <readstat.h>
#endif
