/* hdrhelper.h — a macro named like a helper of autotile's generated code. */
#define at_min(a, b) ((a) + (b))
