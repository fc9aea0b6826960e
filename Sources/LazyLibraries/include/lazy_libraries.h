#ifndef LAZY_LIBRARIES_H
#define LAZY_LIBRARIES_H

/// The libraries of symbols.h that this process has loaded so far, one bit each in the order they are listed
/// (0 in a command that drew nothing, wrote no workbook and read no XML). Always 0 where the libraries are linked
/// as usual (macOS, and Linux off x86_64).
unsigned lazy_libraries_loaded(void);

#endif
