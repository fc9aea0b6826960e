// Loading the drawing, workbook, statistics-file (ReadStat), JPEG and XML libraries on first use.
//
// Linked as usual, these libraries and theirs (X11, xcb, fontconfig, freetype, ICU, libcrypto, ...: 27 shared
// objects) are mapped and relocated before main in every command, a third of `studyctl --version`'s time; most
// commands never call them. On Linux x86_64 the executable instead defines each function it calls (symbols.h) as a
// small stub (stubs.S): the first call loads the library with dlopen, finds the function with dlsym, keeps its
// address in a slot and jumps there; later calls jump through the slot. The linker, run with --as-needed, then
// leaves the libraries out of the executable's needed list. GNU ld has no lazy loading of its own (Solaris's
// -z lazyload), hence this file.
#include "lazy_libraries.h"

#if defined(__linux__) && defined(__x86_64__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum {
#define LAZY_LIBRARY(id, soname, development, purpose) LAZY_##id,
#define LAZY_FUNCTION(library, name)
#include "symbols.h"
#undef LAZY_LIBRARY
#undef LAZY_FUNCTION
    LAZY_LIBRARY_COUNT
};

struct lazy_library { const char *soname; const char *development; const char *purpose; };
static const struct lazy_library libraries[] = {
#define LAZY_LIBRARY(id, soname, development, purpose) { soname, development, purpose },
#define LAZY_FUNCTION(library, name)
#include "symbols.h"
#undef LAZY_LIBRARY
#undef LAZY_FUNCTION
};

struct lazy_function { int library; const char *name; };
static const struct lazy_function functions[] = {
#define LAZY_LIBRARY(id, soname, development, purpose)
#define LAZY_FUNCTION(library, name) { LAZY_##library, #name },
#include "symbols.h"
#undef LAZY_LIBRARY
#undef LAZY_FUNCTION
};

/// Where each function's stub jumps once the function is found (stubs.S reads it; zero until then).
__attribute__((visibility("hidden"))) void *lazy_slots[sizeof functions / sizeof functions[0]];

static void *handles[LAZY_LIBRARY_COUNT];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void (*failure_handler)(const char *, const char *);

/// Says why a library or one of its functions cannot be had, in the tool's words when studyctl gave a handler
/// (which ends the process), else in English, and ends the process: the command cannot go on without it.
static void fail(int index, const char *detail) {
    if (failure_handler) failure_handler(libraries[index].soname, detail);
    fprintf(stderr, "studyctl: %s (%s) cannot be loaded: %s\n", libraries[index].soname, libraries[index].purpose, detail);
    exit(70);
}

static void *library(int index) {
    void *handle = __atomic_load_n(&handles[index], __ATOMIC_ACQUIRE);
    if (handle) return handle;
    pthread_mutex_lock(&lock);
    handle = handles[index];
    if (!handle) {
        const struct lazy_library *wanted = &libraries[index];
        handle = dlopen(wanted->soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) handle = dlopen(wanted->development, RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *error = dlerror();
            pthread_mutex_unlock(&lock);
            fail(index, error ? error : "not found");
        }
        __atomic_store_n(&handles[index], handle, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&lock);
    return handle;
}

/// Called by a stub the first time its function is called: the function's address, kept in its slot.
__attribute__((visibility("hidden"))) void *lazy_resolve(unsigned long index) {
    const struct lazy_function *wanted = &functions[index];
    void *address = dlsym(library(wanted->library), wanted->name);
    if (!address) {
        char detail[160];
        snprintf(detail, sizeof detail, "no function %s", wanted->name);
        fail(wanted->library, detail);
    }
    __atomic_store_n(&lazy_slots[index], address, __ATOMIC_RELEASE);
    return address;
}

/// libxml2's one variable that FoundationXML reads: the function that frees what libxml2 allocated. libxml2's own
/// value is used, so memory goes back the way it came.
static void lazy_xml_free(void *memory) {
    void (**real)(void *) = dlsym(library(LAZY_XML), "xmlFree");
    if (!real) fail(LAZY_XML, "no variable xmlFree");
    (*real)(memory);
}
void (*xmlFree)(void *) = lazy_xml_free;

void lazy_libraries_on_failure(void (*handler)(const char *soname, const char *detail)) { failure_handler = handler; }

#else

void lazy_libraries_on_failure(void (*handler)(const char *soname, const char *detail)) { (void)handler; }

#endif
