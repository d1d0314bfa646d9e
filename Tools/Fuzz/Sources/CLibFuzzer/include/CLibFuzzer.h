#ifndef HUMBLE_CLIBFUZZER_H
#define HUMBLE_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver, for programs that have a main of their own (linked in by -sanitize=fuzzer).
/// Only referenced when the fuzz targets are built with -DFUZZING.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
