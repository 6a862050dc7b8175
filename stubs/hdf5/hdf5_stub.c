/* HDF5's file-writing subset for `mpi-extract --stub hdf5`. Nothing is
 * written: each call checks its identifiers as HDF5 does (an identifier
 * that was closed, or of the wrong kind, makes the call fail with a
 * negative result) and H5Dwrite/H5Awrite read the whole buffer the
 * selection describes, so an undersized buffer is an out-of-bounds read,
 * as with HDF5. */
#include <hdf5.h>
#include <stdlib.h>
#include <string.h>

enum h5_kind { H5_FREE, H5_FILE, H5_SPACE, H5_PLIST, H5_DSET, H5_GROUP, H5_ATTR };

struct h5_object {
    enum h5_kind kind;
    /* Dataspaces: the points selected; datasets and attributes: those of
     * their dataspace when created, and their datatype. */
    hssize_t npoints;
    hid_t type;
    int rank;
};

#define H5_MAX_OBJECTS 256
static struct h5_object h5_objects[H5_MAX_OBJECTS];
/* Identifiers start above the constants' range, as HDF5's do. */
#define H5_ID_BASE ((hid_t)0x1000)

static hid_t h5_new(enum h5_kind kind, hssize_t npoints, hid_t type) {
    for (int i = 0; i < H5_MAX_OBJECTS; i++) {
        if (h5_objects[i].kind == H5_FREE) {
            h5_objects[i].kind = kind;
            h5_objects[i].npoints = npoints;
            h5_objects[i].type = type;
            return H5_ID_BASE + i;
        }
    }
    return -1;
}

static struct h5_object *h5_get(hid_t id, enum h5_kind kind) {
    if (id < H5_ID_BASE || id >= H5_ID_BASE + H5_MAX_OBJECTS)
        return NULL;
    struct h5_object *o = &h5_objects[id - H5_ID_BASE];
    return o->kind == kind ? o : NULL;
}

static herr_t h5_close(hid_t id, enum h5_kind kind) {
    struct h5_object *o = h5_get(id, kind);
    if (o == NULL)
        return -1;
    o->kind = H5_FREE;
    return 0;
}

/* The size of one element of a predefined datatype (its low byte). */
static size_t h5_type_size(hid_t type) {
    if ((type >> 60) != 5)
        return 0;
    return (size_t)(type & 0xff);
}

static int h5_is_location(hid_t id) {
    return h5_get(id, H5_FILE) != NULL || h5_get(id, H5_GROUP) != NULL;
}

herr_t H5open(void) { return 0; }
herr_t H5close(void) { return 0; }

hid_t H5Fcreate(const char *filename, unsigned flags, hid_t fcpl_id, hid_t fapl_id) {
    (void)flags;
    (void)fcpl_id;
    (void)fapl_id;
    if (filename == NULL || strlen(filename) == 0)
        return -1;
    return h5_new(H5_FILE, 0, 0);
}

hid_t H5Fopen(const char *filename, unsigned flags, hid_t fapl_id) {
    return H5Fcreate(filename, flags, H5P_DEFAULT, fapl_id);
}

herr_t H5Fflush(hid_t object_id, int scope) {
    (void)scope;
    return h5_is_location(object_id) || h5_get(object_id, H5_DSET) ? 0 : -1;
}

herr_t H5Fclose(hid_t file_id) { return h5_close(file_id, H5_FILE); }

hid_t H5Screate_simple(int rank, const hsize_t dims[], const hsize_t maxdims[]) {
    if (rank < 0 || (rank > 0 && dims == NULL))
        return -1;
    hssize_t n = 1;
    for (int i = 0; i < rank; i++) {
        if (maxdims != NULL && maxdims[i] != H5S_UNLIMITED && maxdims[i] < dims[i])
            return -1;
        n *= (hssize_t)dims[i];
    }
    hid_t id = h5_new(H5_SPACE, n, 0);
    if (id >= 0)
        h5_objects[id - H5_ID_BASE].rank = rank;
    return id;
}

/* A hyperslab selects count x block points in each dimension (SET), or
 * that many more (OR: the blocks are taken as disjoint). */
herr_t H5Sselect_hyperslab(hid_t space_id, H5S_seloper_t op, const hsize_t start[],
                           const hsize_t stride[], const hsize_t count[], const hsize_t block[]) {
    (void)stride;
    struct h5_object *s = h5_get(space_id, H5_SPACE);
    if (s == NULL || start == NULL || count == NULL)
        return -1;
    hssize_t n = 1;
    for (int i = 0; i < s->rank; i++) {
        (void)start[i];
        n *= (hssize_t)count[i] * (hssize_t)(block != NULL ? block[i] : 1);
    }
    s->npoints = op == H5S_SELECT_OR ? s->npoints + n : n;
    return 0;
}

hssize_t H5Sget_simple_extent_npoints(hid_t space_id) {
    struct h5_object *s = h5_get(space_id, H5_SPACE);
    return s == NULL ? -1 : s->npoints;
}

herr_t H5Sclose(hid_t space_id) { return h5_close(space_id, H5_SPACE); }

hid_t H5Pcreate(hid_t cls_id) {
    if ((cls_id >> 60) != 6)
        return -1;
    return h5_new(H5_PLIST, 0, cls_id);
}

herr_t H5Pset_chunk(hid_t plist_id, int ndims, const hsize_t dim[]) {
    if (h5_get(plist_id, H5_PLIST) == NULL || ndims <= 0 || dim == NULL)
        return -1;
    for (int i = 0; i < ndims; i++)
        if (dim[i] == 0)
            return -1;
    return 0;
}

herr_t H5Pset_fapl_mpio(hid_t fapl_id, MPI_Comm comm, MPI_Info info) {
    (void)comm;
    (void)info;
    return h5_get(fapl_id, H5_PLIST) == NULL ? -1 : 0;
}

herr_t H5Pset_dxpl_mpio(hid_t dxpl_id, H5FD_mpio_xfer_t xfer_mode) {
    (void)xfer_mode;
    return h5_get(dxpl_id, H5_PLIST) == NULL ? -1 : 0;
}

herr_t H5Pclose(hid_t plist_id) { return h5_close(plist_id, H5_PLIST); }

hid_t H5Dcreate2(hid_t loc_id, const char *name, hid_t type_id, hid_t space_id, hid_t lcpl_id,
                 hid_t dcpl_id, hid_t dapl_id) {
    (void)lcpl_id;
    (void)dcpl_id;
    (void)dapl_id;
    struct h5_object *s = h5_get(space_id, H5_SPACE);
    if (!h5_is_location(loc_id) || name == NULL || s == NULL || h5_type_size(type_id) == 0)
        return -1;
    (void)strlen(name);
    return h5_new(H5_DSET, s->npoints, type_id);
}

/* Reads the `n` elements of `size` bytes at `buf`, as HDF5 does. */
static herr_t h5_read_buffer(const void *buf, hssize_t n, size_t size) {
    if (n > 0 && buf == NULL)
        return -1;
    const unsigned char *bytes = buf;
    unsigned char sum = 0;
    for (hssize_t i = 0; i < n * (hssize_t)size; i++)
        sum ^= bytes[i];
    (void)sum;
    return 0;
}

herr_t H5Dwrite(hid_t dset_id, hid_t mem_type_id, hid_t mem_space_id, hid_t file_space_id,
                hid_t dxpl_id, const void *buf) {
    (void)file_space_id;
    (void)dxpl_id;
    struct h5_object *d = h5_get(dset_id, H5_DSET);
    size_t size = h5_type_size(mem_type_id);
    if (d == NULL || size == 0)
        return -1;
    hssize_t n = d->npoints;
    if (mem_space_id != H5S_ALL) {
        struct h5_object *m = h5_get(mem_space_id, H5_SPACE);
        if (m == NULL)
            return -1;
        n = m->npoints;
    }
    return h5_read_buffer(buf, n, size);
}

hid_t H5Dget_space(hid_t dset_id) {
    struct h5_object *d = h5_get(dset_id, H5_DSET);
    return d == NULL ? -1 : h5_new(H5_SPACE, d->npoints, 0);
}

herr_t H5Dclose(hid_t dset_id) { return h5_close(dset_id, H5_DSET); }

hid_t H5Gcreate2(hid_t loc_id, const char *name, hid_t lcpl_id, hid_t gcpl_id, hid_t gapl_id) {
    (void)lcpl_id;
    (void)gcpl_id;
    (void)gapl_id;
    if (!h5_is_location(loc_id) || name == NULL)
        return -1;
    (void)strlen(name);
    return h5_new(H5_GROUP, 0, 0);
}

herr_t H5Gclose(hid_t group_id) { return h5_close(group_id, H5_GROUP); }

hid_t H5Acreate2(hid_t loc_id, const char *attr_name, hid_t type_id, hid_t space_id,
                 hid_t acpl_id, hid_t aapl_id) {
    (void)acpl_id;
    (void)aapl_id;
    struct h5_object *s = h5_get(space_id, H5_SPACE);
    if ((!h5_is_location(loc_id) && h5_get(loc_id, H5_DSET) == NULL) || attr_name == NULL ||
        s == NULL || h5_type_size(type_id) == 0)
        return -1;
    (void)strlen(attr_name);
    return h5_new(H5_ATTR, s->npoints, type_id);
}

herr_t H5Awrite(hid_t attr_id, hid_t type_id, const void *buf) {
    struct h5_object *a = h5_get(attr_id, H5_ATTR);
    size_t size = h5_type_size(type_id);
    if (a == NULL || size == 0)
        return -1;
    return h5_read_buffer(buf, a->npoints, size);
}

herr_t H5Aclose(hid_t attr_id) { return h5_close(attr_id, H5_ATTR); }
