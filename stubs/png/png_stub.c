/* libpng's writing API for `mpi-extract --stub png`: what a program that
 * writes PNG snapshots needs of libpng to be checked. Images are not
 * compressed: each row's bytes are read (an undersized row buffer is an
 * out-of-bounds read, as with libpng) and written to the output unchanged.
 * Misuse that libpng reports through png_error (no output set, a zero or
 * invalid IHDR, no rows) goes to the program's setjmp(png_jmpbuf(png)) as
 * libpng's default error handler does, or aborts when there is none. */
#include <png.h>
#include <stdlib.h>
#include <string.h>

struct png_struct_def {
    jmp_buf jmpbuf;
    int jmpbuf_set;
    png_FILE_p fp;
    png_voidp io_ptr;
    png_rw_ptr write_fn;
    png_flush_ptr flush_fn;
    png_error_ptr error_fn;
    png_error_ptr warn_fn;
    png_voidp error_ptr;
    int info_written;
    png_uint_32 rows_written;
    /* From png_write_info: the image's row size and height. */
    png_uint_32 rowbytes;
    png_uint_32 height;
};

struct png_info_def {
    png_uint_32 width;
    png_uint_32 height;
    int bit_depth;
    int color_type;
    int ihdr_set;
    png_bytepp rows;
};

png_structp png_create_write_struct(png_const_charp user_png_ver, png_voidp error_ptr,
                                    png_error_ptr error_fn, png_error_ptr warn_fn) {
    (void)user_png_ver;
    png_structp png = calloc(1, sizeof(struct png_struct_def));
    if (png == NULL)
        return NULL;
    png->error_ptr = error_ptr;
    png->error_fn = error_fn;
    png->warn_fn = warn_fn;
    return png;
}

png_infop png_create_info_struct(png_const_structp png_ptr) {
    if (png_ptr == NULL)
        return NULL;
    return calloc(1, sizeof(struct png_info_def));
}

void png_destroy_info_struct(png_const_structp png_ptr, png_infopp info_ptr_ptr) {
    (void)png_ptr;
    if (info_ptr_ptr != NULL) {
        free(*info_ptr_ptr);
        *info_ptr_ptr = NULL;
    }
}

void png_destroy_write_struct(png_structpp png_ptr_ptr, png_infopp info_ptr_ptr) {
    if (info_ptr_ptr != NULL) {
        free(*info_ptr_ptr);
        *info_ptr_ptr = NULL;
    }
    if (png_ptr_ptr != NULL) {
        free(*png_ptr_ptr);
        *png_ptr_ptr = NULL;
    }
}

jmp_buf *png_set_longjmp_fn(png_structp png_ptr, png_longjmp_ptr longjmp_fn,
                            size_t jmp_buf_size) {
    (void)longjmp_fn;
    (void)jmp_buf_size;
    png_ptr->jmpbuf_set = 1;
    return &png_ptr->jmpbuf;
}

void png_error(png_const_structp png_ptr, png_const_charp error_message) {
    png_structp png = (png_structp)png_ptr;
    if (png != NULL && png->error_fn != NULL)
        png->error_fn(png, error_message);
    /* png_default_error: print, then jump to the program's handler. */
    fprintf(stderr, "libpng error: %s\n", error_message);
    if (png != NULL && png->jmpbuf_set)
        longjmp(png->jmpbuf, 1);
    abort();
}

void png_warning(png_const_structp png_ptr, png_const_charp warning_message) {
    png_structp png = (png_structp)png_ptr;
    if (png != NULL && png->warn_fn != NULL) {
        png->warn_fn(png, warning_message);
        return;
    }
    fprintf(stderr, "libpng warning: %s\n", warning_message);
}

void png_init_io(png_structp png_ptr, png_FILE_p fp) {
    png_ptr->fp = fp;
    png_ptr->io_ptr = fp;
}

void png_set_write_fn(png_structp png_ptr, png_voidp io_ptr, png_rw_ptr write_data_fn,
                      png_flush_ptr output_flush_fn) {
    png_ptr->io_ptr = io_ptr;
    png_ptr->write_fn = write_data_fn;
    png_ptr->flush_fn = output_flush_fn;
    png_ptr->fp = NULL;
}

png_voidp png_get_io_ptr(png_const_structp png_ptr) {
    return png_ptr->io_ptr;
}

static void png_stub_write(png_structp png, png_const_bytep data, png_size_t length) {
    if (png->write_fn != NULL) {
        png->write_fn(png, (png_bytep)data, length);
        return;
    }
    if (png->fp == NULL)
        png_error(png, "No output set (png_init_io or png_set_write_fn)");
    if (fwrite(data, 1, length, png->fp) != length)
        png_error(png, "Write Error");
}

void png_set_IHDR(png_const_structp png_ptr, png_infop info_ptr, png_uint_32 width,
                  png_uint_32 height, int bit_depth, int color_type, int interlace_method,
                  int compression_method, int filter_method) {
    (void)interlace_method;
    (void)compression_method;
    (void)filter_method;
    /* png_check_IHDR: a warning per problem, then one error. */
    int bad = 0;
    if (width == 0) {
        png_warning(png_ptr, "Image width is zero in IHDR");
        bad = 1;
    }
    if (height == 0) {
        png_warning(png_ptr, "Image height is zero in IHDR");
        bad = 1;
    }
    if (bit_depth != 1 && bit_depth != 2 && bit_depth != 4 && bit_depth != 8 && bit_depth != 16) {
        png_warning(png_ptr, "Invalid bit depth in IHDR");
        bad = 1;
    }
    if (color_type != PNG_COLOR_TYPE_GRAY && color_type != PNG_COLOR_TYPE_RGB &&
        color_type != PNG_COLOR_TYPE_PALETTE && color_type != PNG_COLOR_TYPE_GRAY_ALPHA &&
        color_type != PNG_COLOR_TYPE_RGB_ALPHA) {
        png_warning(png_ptr, "Invalid color type in IHDR");
        bad = 1;
    }
    if (bad)
        png_error(png_ptr, "Invalid IHDR data");
    info_ptr->width = width;
    info_ptr->height = height;
    info_ptr->bit_depth = bit_depth;
    info_ptr->color_type = color_type;
    info_ptr->ihdr_set = 1;
}

void png_set_compression_level(png_structp png_ptr, int level) {
    (void)png_ptr;
    (void)level;
}

void png_set_filter(png_structp png_ptr, int method, int filters) {
    (void)png_ptr;
    (void)method;
    (void)filters;
}

void png_set_text(png_const_structp png_ptr, png_infop info_ptr, const png_text *text_ptr,
                  int num_text) {
    (void)png_ptr;
    (void)info_ptr;
    /* libpng copies the texts: reading them is what can go wrong. */
    for (int i = 0; i < num_text; i++)
        (void)strlen(text_ptr[i].key);
}

void png_set_rows(png_const_structp png_ptr, png_infop info_ptr, png_bytepp row_pointers) {
    (void)png_ptr;
    info_ptr->rows = row_pointers;
}

static int png_stub_channels(int color_type) {
    switch (color_type) {
    case PNG_COLOR_TYPE_RGB:
        return 3;
    case PNG_COLOR_TYPE_RGB_ALPHA:
        return 4;
    case PNG_COLOR_TYPE_GRAY_ALPHA:
        return 2;
    default:
        return 1;
    }
}

static png_uint_32 png_stub_rowbytes(png_const_inforp info) {
    png_uint_32 bits = info->width * (png_uint_32)png_stub_channels(info->color_type) *
                       (png_uint_32)info->bit_depth;
    return (bits + 7) / 8;
}

png_size_t png_get_rowbytes(png_const_structp png_ptr, png_const_inforp info_ptr) {
    (void)png_ptr;
    return png_stub_rowbytes(info_ptr);
}

void png_write_info(png_structp png_ptr, png_const_inforp info_ptr) {
    if (png_ptr == NULL || info_ptr == NULL)
        return;
    if (!info_ptr->ihdr_set)
        png_error(png_ptr, "Missing IHDR before writing the header");
    static const png_byte signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    png_stub_write(png_ptr, signature, 8);
    png_ptr->info_written = 1;
    png_ptr->rowbytes = png_stub_rowbytes(info_ptr);
    png_ptr->height = info_ptr->height;
}

void png_write_row(png_structp png_ptr, png_const_bytep row) {
    if (png_ptr == NULL)
        return;
    if (!png_ptr->info_written)
        png_error(png_ptr, "png_write_info was never called before png_write_row");
    png_stub_write(png_ptr, row, png_ptr->rowbytes);
    png_ptr->rows_written++;
}

void png_write_rows(png_structp png_ptr, png_bytepp row, png_uint_32 num_rows) {
    for (png_uint_32 i = 0; i < num_rows; i++)
        png_write_row(png_ptr, row[i]);
}

void png_write_image(png_structp png_ptr, png_bytepp image) {
    if (png_ptr == NULL)
        return;
    png_write_rows(png_ptr, image, png_ptr->height);
}

void png_write_end(png_structp png_ptr, png_inforp info_ptr) {
    (void)info_ptr;
    if (png_ptr == NULL)
        return;
    if (png_ptr->rows_written == 0)
        png_error(png_ptr, "No IDATs written into file");
    static const png_byte iend[12] = {0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130};
    png_stub_write(png_ptr, iend, 12);
}

void png_write_png(png_structp png_ptr, png_inforp info_ptr, int transforms, png_voidp params) {
    (void)transforms;
    (void)params;
    if (png_ptr == NULL || info_ptr == NULL)
        return;
    if (info_ptr->rows == NULL)
        png_error(png_ptr, "No rows for PNG image (png_set_rows)");
    png_write_info(png_ptr, info_ptr);
    png_write_image(png_ptr, info_ptr->rows);
    png_write_end(png_ptr, info_ptr);
}

void png_write_flush(png_structp png_ptr) {
    if (png_ptr != NULL && png_ptr->flush_fn != NULL)
        png_ptr->flush_fn(png_ptr);
}

png_voidp png_malloc(png_const_structp png_ptr, png_size_t size) {
    if (png_ptr == NULL)
        return NULL;
    png_voidp p = malloc(size);
    if (p == NULL)
        png_error(png_ptr, "Out of memory");
    return p;
}

png_voidp png_calloc(png_const_structp png_ptr, png_size_t size) {
    png_voidp p = png_malloc(png_ptr, size);
    if (p != NULL)
        memset(p, 0, size);
    return p;
}

void png_free(png_const_structp png_ptr, png_voidp ptr) {
    if (png_ptr == NULL)
        return;
    free(ptr);
}
