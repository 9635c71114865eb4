// glibc's malloc tuning, which the Glibc module does not bring in: only the executable uses it
// (Sources/calorina/Memory.swift).
#ifdef __linux__
#include <malloc.h>
#endif
