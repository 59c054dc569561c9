/* hdrnames.h — names that tests/errors/hdrnames.c's generated code would
 * otherwise take: c1 and c2 (iterators), t_1 (a renamed local). */
static double c1 = 0.5;
#define SCALE (c1 * 2)
#define c2 0
#define t_1 1.0
