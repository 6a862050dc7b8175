/* png.h: the part of libpng's API (1.6) that MPI codes use to write
 * images, for `mpi-extract --stub png` (stubs/png/png_stub.c defines it).
 * Not libpng: a minimal header with its names, types and constants. */
#ifndef PNG_H
#define PNG_H

#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>

#define PNG_LIBPNG_VER_STRING "1.6.37"
#define PNG_LIBPNG_VER 10637

typedef unsigned char png_byte;
typedef unsigned short png_uint_16;
typedef unsigned int png_uint_32;
typedef int png_int_32;
typedef size_t png_size_t;
typedef png_byte *png_bytep;
typedef const png_byte *png_const_bytep;
typedef png_byte **png_bytepp;
typedef const char *png_const_charp;
typedef char *png_charp;
typedef void *png_voidp;
typedef FILE *png_FILE_p;

typedef struct png_struct_def png_struct;
typedef png_struct *png_structp;
typedef png_struct **png_structpp;
typedef const png_struct *png_const_structp;
typedef png_struct *png_structrp;
typedef struct png_info_def png_info;
typedef png_info *png_infop;
typedef png_info **png_infopp;
typedef png_info *png_inforp;
typedef const png_info *png_const_inforp;

typedef struct png_text_struct {
    int compression;
    png_charp key;
    png_charp text;
    png_size_t text_length;
} png_text;
typedef png_text *png_textp;

typedef void (*png_error_ptr)(png_structp, png_const_charp);
typedef void (*png_rw_ptr)(png_structp, png_bytep, png_size_t);
typedef void (*png_flush_ptr)(png_structp);
typedef void (*png_longjmp_ptr)(jmp_buf, int);

#define PNG_COLOR_MASK_PALETTE 1
#define PNG_COLOR_MASK_COLOR 2
#define PNG_COLOR_MASK_ALPHA 4
#define PNG_COLOR_TYPE_GRAY 0
#define PNG_COLOR_TYPE_PALETTE (PNG_COLOR_MASK_COLOR | PNG_COLOR_MASK_PALETTE)
#define PNG_COLOR_TYPE_RGB (PNG_COLOR_MASK_COLOR)
#define PNG_COLOR_TYPE_RGB_ALPHA (PNG_COLOR_MASK_COLOR | PNG_COLOR_MASK_ALPHA)
#define PNG_COLOR_TYPE_GRAY_ALPHA (PNG_COLOR_MASK_ALPHA)
#define PNG_COLOR_TYPE_RGBA PNG_COLOR_TYPE_RGB_ALPHA
#define PNG_COLOR_TYPE_GA PNG_COLOR_TYPE_GRAY_ALPHA
#define PNG_INTERLACE_NONE 0
#define PNG_INTERLACE_ADAM7 1
#define PNG_COMPRESSION_TYPE_BASE 0
#define PNG_COMPRESSION_TYPE_DEFAULT PNG_COMPRESSION_TYPE_BASE
#define PNG_FILTER_TYPE_BASE 0
#define PNG_FILTER_TYPE_DEFAULT PNG_FILTER_TYPE_BASE
#define PNG_NO_FILTERS 0x00
#define PNG_ALL_FILTERS 0xf8
#define PNG_TEXT_COMPRESSION_NONE (-1)
#define PNG_TRANSFORM_IDENTITY 0x0000

png_structp png_create_write_struct(png_const_charp user_png_ver, png_voidp error_ptr,
                                    png_error_ptr error_fn, png_error_ptr warn_fn);
png_infop png_create_info_struct(png_const_structp png_ptr);
void png_destroy_write_struct(png_structpp png_ptr_ptr, png_infopp info_ptr_ptr);
void png_destroy_info_struct(png_const_structp png_ptr, png_infopp info_ptr_ptr);
void png_init_io(png_structp png_ptr, png_FILE_p fp);
void png_set_write_fn(png_structp png_ptr, png_voidp io_ptr, png_rw_ptr write_data_fn,
                      png_flush_ptr output_flush_fn);
png_voidp png_get_io_ptr(png_const_structp png_ptr);
void png_set_IHDR(png_const_structp png_ptr, png_infop info_ptr, png_uint_32 width,
                  png_uint_32 height, int bit_depth, int color_type, int interlace_method,
                  int compression_method, int filter_method);
void png_set_compression_level(png_structp png_ptr, int level);
void png_set_filter(png_structp png_ptr, int method, int filters);
void png_set_text(png_const_structp png_ptr, png_infop info_ptr, const png_text *text_ptr,
                  int num_text);
void png_set_rows(png_const_structp png_ptr, png_infop info_ptr, png_bytepp row_pointers);
void png_write_info(png_structp png_ptr, png_const_inforp info_ptr);
void png_write_row(png_structp png_ptr, png_const_bytep row);
void png_write_rows(png_structp png_ptr, png_bytepp row, png_uint_32 num_rows);
void png_write_image(png_structp png_ptr, png_bytepp image);
void png_write_end(png_structp png_ptr, png_inforp info_ptr);
void png_write_png(png_structp png_ptr, png_inforp info_ptr, int transforms, png_voidp params);
void png_write_flush(png_structp png_ptr);
png_voidp png_malloc(png_const_structp png_ptr, png_size_t size);
png_voidp png_calloc(png_const_structp png_ptr, png_size_t size);
void png_free(png_const_structp png_ptr, png_voidp ptr);
void png_error(png_const_structp png_ptr, png_const_charp error_message);
void png_warning(png_const_structp png_ptr, png_const_charp warning_message);
jmp_buf *png_set_longjmp_fn(png_structp png_ptr, png_longjmp_ptr longjmp_fn,
                            size_t jmp_buf_size);
png_size_t png_get_rowbytes(png_const_structp png_ptr, png_const_inforp info_ptr);

/* The jump buffer of png_ptr, for setjmp. libpng passes longjmp as the
 * function png_error calls; png_error here calls longjmp itself. */
#define png_jmpbuf(png_ptr) (*png_set_longjmp_fn((png_ptr), NULL, (sizeof(jmp_buf))))

#endif
