#include <png.h>

// Swift imports a macro only when it is a plain literal; libpng's compound formats come through as constants.
static const png_uint_32 CLibPNGFormatRGBA = PNG_FORMAT_RGBA;
