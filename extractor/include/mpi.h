/*
 * mpi.h -- MPI 3.1 C interface as seen by the MPI program verifier.
 *
 * This header is part of the verifier, not of an MPI library.  It declares
 * the C API of the MPI 3.1 standard (the MPI_T tool interface is omitted)
 * so that programs that build against MPICH build unchanged here.
 * Handle types are `int` and all constant values equal MPICH's, so a value
 * seen in a lifted program means the same thing it means under MPICH.
 * runtime-model/src/handles.rs carries the same values for the checker;
 * keep the two files in sync.
 *
 * Nothing here is ever linked: mpi-extract compiles the program and lifts
 * calls to the MPI_ functions declared below into the model.
 */
#ifndef MPIV_MPI_H_INCLUDED
#define MPIV_MPI_H_INCLUDED

/* MPICH's mpi.h makes <stdint.h> available in C99 and later; some
 * programs rely on that, so do the same. */
#if defined(__cplusplus)
#  if __cplusplus >= 201103L
#    include <cstdint>
#  endif
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 199901L
#  include <stdint.h>
#endif
/* Open MPI's mpi.h includes <stddef.h>, and programs written against it use
 * NULL and size_t with only <mpi.h> included; offering both costs nothing. */
#include <stddef.h>

#if defined(__cplusplus)
extern "C" {
#endif

/* ---------------------------------------------------------------------
 * Version (MPI 3.1, 8.1.1)
 * ------------------------------------------------------------------- */
#define MPI_VERSION    3
#define MPI_SUBVERSION 1

/* ---------------------------------------------------------------------
 * Basic types (MPI 3.1, 2.5 and A.1.2)
 * ------------------------------------------------------------------- */
/* All three are 64-bit on LP64.  (MPICH's x86_64 build spells MPI_Offset
 * and MPI_Count as `long`; the verifier uses `long long`.)  __extension__
 * keeps -pedantic quiet in C89 and C++98. */
#if defined(__GNUC__)
#  define MPIV_EXTENSION __extension__
#else
#  define MPIV_EXTENSION
#endif
typedef long MPI_Aint;
MPIV_EXTENSION typedef long long MPI_Offset;
MPIV_EXTENSION typedef long long MPI_Count;
typedef int MPI_Fint;

/* Handles are plain ints, as in MPICH. */
typedef int MPI_Comm;
typedef int MPI_Group;
typedef int MPI_Datatype;
typedef int MPI_Op;
typedef int MPI_Request;
typedef int MPI_Message;
typedef int MPI_Errhandler;
typedef int MPI_Info;
typedef int MPI_Win;

/* MPICH represents file handles as pointers to an opaque struct. */
struct MPIV_File_opaque;
typedef struct MPIV_File_opaque *MPI_File;

/* Status object: same field order and size (20 bytes) as MPICH. */
typedef struct MPI_Status {
    int count_lo;
    int count_hi_and_cancelled;
    int MPI_SOURCE;
    int MPI_TAG;
    int MPI_ERROR;
} MPI_Status;

/* ---------------------------------------------------------------------
 * Null handles (A.1.1 "Null Handles")
 * ------------------------------------------------------------------- */
#define MPI_COMM_NULL        ((MPI_Comm)0x04000000)
#define MPI_GROUP_NULL       ((MPI_Group)0x08000000)
#define MPI_DATATYPE_NULL    ((MPI_Datatype)0x0c000000)
#define MPI_ERRHANDLER_NULL  ((MPI_Errhandler)0x14000000)
#define MPI_OP_NULL          ((MPI_Op)0x18000000)
#define MPI_INFO_NULL        ((MPI_Info)0x1c000000)
#define MPI_WIN_NULL         ((MPI_Win)0x20000000)
#define MPI_REQUEST_NULL     ((MPI_Request)0x2c000000)
#define MPI_MESSAGE_NULL     ((MPI_Message)0x2c000000)
#define MPI_MESSAGE_NO_PROC  ((MPI_Message)0x6c000000)
#define MPI_FILE_NULL        ((MPI_File)0)

/* ---------------------------------------------------------------------
 * Predefined communicators and groups (6.4, 6.2)
 * ------------------------------------------------------------------- */
#define MPI_COMM_WORLD   ((MPI_Comm)0x44000000)
#define MPI_COMM_SELF    ((MPI_Comm)0x44000001)
#define MPI_GROUP_EMPTY  ((MPI_Group)0x48000000)

/* Info object holding the startup environment (9) */
#define MPI_INFO_ENV     ((MPI_Info)0x5c000001)

/* ---------------------------------------------------------------------
 * Predefined datatypes (3.2.2, 5.9.4, 17.2)
 * ------------------------------------------------------------------- */
/* C types */
#define MPI_CHAR                ((MPI_Datatype)0x4c000101)
#define MPI_SHORT               ((MPI_Datatype)0x4c000203)
#define MPI_INT                 ((MPI_Datatype)0x4c000405)
#define MPI_LONG                ((MPI_Datatype)0x4c000807)
#define MPI_LONG_LONG_INT       ((MPI_Datatype)0x4c000809)
#define MPI_LONG_LONG           MPI_LONG_LONG_INT
#define MPI_SIGNED_CHAR         ((MPI_Datatype)0x4c000118)
#define MPI_UNSIGNED_CHAR       ((MPI_Datatype)0x4c000102)
#define MPI_UNSIGNED_SHORT      ((MPI_Datatype)0x4c000204)
#define MPI_UNSIGNED            ((MPI_Datatype)0x4c000406)
#define MPI_UNSIGNED_LONG       ((MPI_Datatype)0x4c000808)
#define MPI_UNSIGNED_LONG_LONG  ((MPI_Datatype)0x4c000819)
#define MPI_FLOAT               ((MPI_Datatype)0x4c00040a)
#define MPI_DOUBLE              ((MPI_Datatype)0x4c00080b)
#define MPI_LONG_DOUBLE         ((MPI_Datatype)0x4c00100c)
#define MPI_WCHAR               ((MPI_Datatype)0x4c00040e)
#define MPI_BYTE                ((MPI_Datatype)0x4c00010d)
#define MPI_PACKED              ((MPI_Datatype)0x4c00010f)

/* C99 types */
#define MPI_C_BOOL                  ((MPI_Datatype)0x4c00013f)
#define MPI_INT8_T                  ((MPI_Datatype)0x4c000137)
#define MPI_INT16_T                 ((MPI_Datatype)0x4c000238)
#define MPI_INT32_T                 ((MPI_Datatype)0x4c000439)
#define MPI_INT64_T                 ((MPI_Datatype)0x4c00083a)
#define MPI_UINT8_T                 ((MPI_Datatype)0x4c00013b)
#define MPI_UINT16_T                ((MPI_Datatype)0x4c00023c)
#define MPI_UINT32_T                ((MPI_Datatype)0x4c00043d)
#define MPI_UINT64_T                ((MPI_Datatype)0x4c00083e)
#define MPI_C_FLOAT_COMPLEX         ((MPI_Datatype)0x4c000840)
#define MPI_C_COMPLEX               MPI_C_FLOAT_COMPLEX
#define MPI_C_DOUBLE_COMPLEX        ((MPI_Datatype)0x4c001041)
#define MPI_C_LONG_DOUBLE_COMPLEX   ((MPI_Datatype)0x4c002042)

/* Address, offset and count types */
#define MPI_AINT    ((MPI_Datatype)0x4c000843)
#define MPI_OFFSET  ((MPI_Datatype)0x4c000844)
#define MPI_COUNT   ((MPI_Datatype)0x4c000845)

/* C++ types */
#define MPI_CXX_BOOL                 ((MPI_Datatype)0x4c000133)
#define MPI_CXX_FLOAT_COMPLEX        ((MPI_Datatype)0x4c000834)
#define MPI_CXX_DOUBLE_COMPLEX       ((MPI_Datatype)0x4c001035)
#define MPI_CXX_LONG_DOUBLE_COMPLEX  ((MPI_Datatype)0x4c002036)

/* Pairs for MPI_MINLOC / MPI_MAXLOC (5.9.4): struct { value; int index; } */
#define MPI_FLOAT_INT        ((MPI_Datatype)0x8c000000)
#define MPI_DOUBLE_INT       ((MPI_Datatype)0x8c000001)
#define MPI_LONG_INT         ((MPI_Datatype)0x8c000002)
#define MPI_SHORT_INT        ((MPI_Datatype)0x8c000003)
#define MPI_LONG_DOUBLE_INT  ((MPI_Datatype)0x8c000004)
#define MPI_2INT             ((MPI_Datatype)0x4c000816)

/* Fortran types (usable from C, 17.2.6) */
#define MPI_INTEGER           ((MPI_Datatype)0x4c00041b)
#define MPI_REAL              ((MPI_Datatype)0x4c00041c)
#define MPI_LOGICAL           ((MPI_Datatype)0x4c00041d)
#define MPI_COMPLEX           ((MPI_Datatype)0x4c00081e)
#define MPI_DOUBLE_PRECISION  ((MPI_Datatype)0x4c00081f)
#define MPI_2INTEGER          ((MPI_Datatype)0x4c000820)
#define MPI_2REAL             ((MPI_Datatype)0x4c000821)
#define MPI_DOUBLE_COMPLEX    ((MPI_Datatype)0x4c001022)
#define MPI_2DOUBLE_PRECISION ((MPI_Datatype)0x4c001023)
#define MPI_CHARACTER         ((MPI_Datatype)0x4c00011a)
#define MPI_REAL4             ((MPI_Datatype)0x4c000427)
#define MPI_REAL8             ((MPI_Datatype)0x4c000829)
#define MPI_REAL16            ((MPI_Datatype)0x4c00102b)
#define MPI_COMPLEX8          ((MPI_Datatype)0x4c000828)
#define MPI_COMPLEX16         ((MPI_Datatype)0x4c00102a)
#define MPI_COMPLEX32         ((MPI_Datatype)0x4c00202c)
#define MPI_INTEGER1          ((MPI_Datatype)0x4c00012d)
#define MPI_INTEGER2          ((MPI_Datatype)0x4c00022f)
#define MPI_INTEGER4          ((MPI_Datatype)0x4c000430)
#define MPI_INTEGER8          ((MPI_Datatype)0x4c000831)
/* MPICH has no 16-byte Fortran integer. */
#define MPI_INTEGER16         MPI_DATATYPE_NULL

/* Bound markers, removed in MPI 3.0 (16.1) but still defined by MPICH */
#define MPI_LB  ((MPI_Datatype)0x4c000010)
#define MPI_UB  ((MPI_Datatype)0x4c000011)

/* Type classes for MPI_Type_match_size (17.1.9) */
#define MPI_TYPECLASS_REAL     1
#define MPI_TYPECLASS_INTEGER  2
#define MPI_TYPECLASS_COMPLEX  3

/* Combiners for MPI_Type_get_envelope (4.1.13) */
#define MPI_COMBINER_NAMED             1
#define MPI_COMBINER_DUP               2
#define MPI_COMBINER_CONTIGUOUS        3
#define MPI_COMBINER_VECTOR            4
#define MPI_COMBINER_HVECTOR_INTEGER   5
#define MPI_COMBINER_HVECTOR           6
#define MPI_COMBINER_INDEXED           7
#define MPI_COMBINER_HINDEXED_INTEGER  8
#define MPI_COMBINER_HINDEXED          9
#define MPI_COMBINER_INDEXED_BLOCK     10
#define MPI_COMBINER_STRUCT_INTEGER    11
#define MPI_COMBINER_STRUCT            12
#define MPI_COMBINER_SUBARRAY          13
#define MPI_COMBINER_DARRAY            14
#define MPI_COMBINER_F90_REAL          15
#define MPI_COMBINER_F90_COMPLEX       16
#define MPI_COMBINER_F90_INTEGER       17
#define MPI_COMBINER_RESIZED           18
#define MPI_COMBINER_HINDEXED_BLOCK    19

/* Subarray / darray constructors (4.1.3, 4.1.4) */
#define MPI_ORDER_C               56
#define MPI_ORDER_FORTRAN         57
#define MPI_DISTRIBUTE_BLOCK      121
#define MPI_DISTRIBUTE_CYCLIC     122
#define MPI_DISTRIBUTE_NONE       123
#define MPI_DISTRIBUTE_DFLT_DARG  (-49767)

/* ---------------------------------------------------------------------
 * Predefined reduction operations (5.9.2)
 * ------------------------------------------------------------------- */
#define MPI_MAX      ((MPI_Op)0x58000001)
#define MPI_MIN      ((MPI_Op)0x58000002)
#define MPI_SUM      ((MPI_Op)0x58000003)
#define MPI_PROD     ((MPI_Op)0x58000004)
#define MPI_LAND     ((MPI_Op)0x58000005)
#define MPI_BAND     ((MPI_Op)0x58000006)
#define MPI_LOR      ((MPI_Op)0x58000007)
#define MPI_BOR      ((MPI_Op)0x58000008)
#define MPI_LXOR     ((MPI_Op)0x58000009)
#define MPI_BXOR     ((MPI_Op)0x5800000a)
#define MPI_MINLOC   ((MPI_Op)0x5800000b)
#define MPI_MAXLOC   ((MPI_Op)0x5800000c)
#define MPI_REPLACE  ((MPI_Op)0x5800000d)
#define MPI_NO_OP    ((MPI_Op)0x5800000e)

/* ---------------------------------------------------------------------
 * Error handlers (8.3)
 * ------------------------------------------------------------------- */
#define MPI_ERRORS_ARE_FATAL  ((MPI_Errhandler)0x54000000)
#define MPI_ERRORS_RETURN     ((MPI_Errhandler)0x54000001)
/* MPI 4.0 name, defined because MPICH defines it. */
#define MPI_ERRORS_ABORT      ((MPI_Errhandler)0x54000003)

/* ---------------------------------------------------------------------
 * Special ranks, tags and values (3.2.4, 3.11, 5.2.2, A.1.1)
 * ------------------------------------------------------------------- */
#define MPI_PROC_NULL       (-1)
#define MPI_ANY_SOURCE      (-2)
#define MPI_ROOT            (-3)
#define MPI_ANY_TAG         (-1)
#define MPI_UNDEFINED       (-32766)
#define MPI_KEYVAL_INVALID  0x24000000
#define MPI_BSEND_OVERHEAD  96

/* Special buffer and array addresses */
#define MPI_BOTTOM           ((void *)0)
#define MPI_IN_PLACE         ((void *)-1)
#define MPI_STATUS_IGNORE    ((MPI_Status *)1)
#define MPI_STATUSES_IGNORE  ((MPI_Status *)1)
#define MPI_ERRCODES_IGNORE  ((int *)0)
#define MPI_ARGV_NULL        ((char **)0)
#define MPI_ARGVS_NULL       ((char ***)0)
/* MPICH uses link-time objects for these two; the verifier uses fixed
 * non-null markers instead (see handles.rs). */
#define MPI_UNWEIGHTED       ((int *)2)
#define MPI_WEIGHTS_EMPTY    ((int *)3)

/* Fortran status sentinels (17.2.5) */
extern MPI_Fint *MPI_F_STATUS_IGNORE;
extern MPI_Fint *MPI_F_STATUSES_IGNORE;

/* ---------------------------------------------------------------------
 * Maximum string sizes (A.1.1)
 * ------------------------------------------------------------------- */
#define MPI_MAX_PROCESSOR_NAME          128
#define MPI_MAX_LIBRARY_VERSION_STRING  8192
#define MPI_MAX_ERROR_STRING            512
#define MPI_MAX_PORT_NAME               256
#define MPI_MAX_OBJECT_NAME             128
#define MPI_MAX_INFO_KEY                255
#define MPI_MAX_INFO_VAL                1024
#define MPI_MAX_DATAREP_STRING          128

/* ---------------------------------------------------------------------
 * Results of group / communicator comparison (6.3.1, 6.4.1)
 * ------------------------------------------------------------------- */
#define MPI_IDENT      0
#define MPI_CONGRUENT  1
#define MPI_SIMILAR    2
#define MPI_UNEQUAL    3

/* Topology types (7.5.5) */
#define MPI_GRAPH       1
#define MPI_CART        2
#define MPI_DIST_GRAPH  3

/* Split types for MPI_Comm_split_type (6.4.2) */
#define MPI_COMM_TYPE_SHARED  1

/* ---------------------------------------------------------------------
 * Predefined attribute keys (8.1.2, 10.5.1, 11.2.6)
 * ------------------------------------------------------------------- */
#define MPI_TAG_UB            0x64400001
#define MPI_HOST              0x64400003
#define MPI_IO                0x64400005
#define MPI_WTIME_IS_GLOBAL   0x64400007
#define MPI_UNIVERSE_SIZE     0x64400009
#define MPI_LASTUSEDCODE      0x6440000b
#define MPI_APPNUM            0x6440000d

#define MPI_WIN_BASE           0x66000001
#define MPI_WIN_SIZE           0x66000003
#define MPI_WIN_DISP_UNIT      0x66000005
#define MPI_WIN_CREATE_FLAVOR  0x66000007
#define MPI_WIN_MODEL          0x66000009

/* ---------------------------------------------------------------------
 * One-sided communication (11)
 * ------------------------------------------------------------------- */
#define MPI_WIN_FLAVOR_CREATE    1
#define MPI_WIN_FLAVOR_ALLOCATE  2
#define MPI_WIN_FLAVOR_DYNAMIC   3
#define MPI_WIN_FLAVOR_SHARED    4

#define MPI_WIN_SEPARATE  1
#define MPI_WIN_UNIFIED   2

#define MPI_LOCK_EXCLUSIVE  234
#define MPI_LOCK_SHARED     235

/* Assertions (11.5.5) */
#define MPI_MODE_NOCHECK    1024
#define MPI_MODE_NOSTORE    2048
#define MPI_MODE_NOPUT      4096
#define MPI_MODE_NOPRECEDE  8192
#define MPI_MODE_NOSUCCEED  16384

/* ---------------------------------------------------------------------
 * File I/O (13)
 * ------------------------------------------------------------------- */
#define MPI_MODE_CREATE           1
#define MPI_MODE_RDONLY           2
#define MPI_MODE_WRONLY           4
#define MPI_MODE_RDWR             8
#define MPI_MODE_DELETE_ON_CLOSE  16
#define MPI_MODE_UNIQUE_OPEN      32
#define MPI_MODE_EXCL             64
#define MPI_MODE_APPEND           128
#define MPI_MODE_SEQUENTIAL       256

#define MPI_DISPLACEMENT_CURRENT  (-54278278)

#define MPI_SEEK_SET  600
#define MPI_SEEK_CUR  602
#define MPI_SEEK_END  604

/* ---------------------------------------------------------------------
 * Thread support levels (12.4.3)
 * ------------------------------------------------------------------- */
#define MPI_THREAD_SINGLE      0
#define MPI_THREAD_FUNNELED    1
#define MPI_THREAD_SERIALIZED  2
#define MPI_THREAD_MULTIPLE    3

/* ---------------------------------------------------------------------
 * Error classes (8.4, Table 8.1 and 8.2; 14.3.10 for MPI_T)
 * ------------------------------------------------------------------- */
#define MPI_SUCCESS                    0
#define MPI_ERR_BUFFER                 1
#define MPI_ERR_COUNT                  2
#define MPI_ERR_TYPE                   3
#define MPI_ERR_TAG                    4
#define MPI_ERR_COMM                   5
#define MPI_ERR_RANK                   6
#define MPI_ERR_ROOT                   7
#define MPI_ERR_GROUP                  8
#define MPI_ERR_OP                     9
#define MPI_ERR_TOPOLOGY               10
#define MPI_ERR_DIMS                   11
#define MPI_ERR_ARG                    12
#define MPI_ERR_UNKNOWN                13
#define MPI_ERR_TRUNCATE               14
#define MPI_ERR_OTHER                  15
#define MPI_ERR_INTERN                 16
#define MPI_ERR_IN_STATUS              17
#define MPI_ERR_PENDING                18
#define MPI_ERR_REQUEST                19
#define MPI_ERR_ACCESS                 20
#define MPI_ERR_AMODE                  21
#define MPI_ERR_BAD_FILE               22
#define MPI_ERR_CONVERSION             23
#define MPI_ERR_DUP_DATAREP            24
#define MPI_ERR_FILE_EXISTS            25
#define MPI_ERR_FILE_IN_USE            26
#define MPI_ERR_FILE                   27
#define MPI_ERR_INFO                   28
#define MPI_ERR_INFO_KEY               29
#define MPI_ERR_INFO_VALUE             30
#define MPI_ERR_INFO_NOKEY             31
#define MPI_ERR_IO                     32
#define MPI_ERR_NAME                   33
#define MPI_ERR_NO_MEM                 34
#define MPI_ERR_NOT_SAME               35
#define MPI_ERR_NO_SPACE               36
#define MPI_ERR_NO_SUCH_FILE           37
#define MPI_ERR_PORT                   38
#define MPI_ERR_QUOTA                  39
#define MPI_ERR_READ_ONLY              40
#define MPI_ERR_SERVICE                41
#define MPI_ERR_SPAWN                  42
#define MPI_ERR_UNSUPPORTED_DATAREP    43
#define MPI_ERR_UNSUPPORTED_OPERATION  44
#define MPI_ERR_WIN                    45
#define MPI_ERR_BASE                   46
#define MPI_ERR_LOCKTYPE               47
#define MPI_ERR_KEYVAL                 48
#define MPI_ERR_RMA_CONFLICT           49
#define MPI_ERR_RMA_SYNC               50
#define MPI_ERR_SIZE                   51
#define MPI_ERR_DISP                   52
#define MPI_ERR_ASSERT                 53
#define MPI_ERR_RMA_RANGE              55
#define MPI_ERR_RMA_ATTACH             56
#define MPI_ERR_RMA_SHARED             57
#define MPI_ERR_RMA_FLAVOR             58
#define MPI_T_ERR_MEMORY               59
#define MPI_T_ERR_NOT_INITIALIZED      60
#define MPI_T_ERR_CANNOT_INIT          61
#define MPI_T_ERR_INVALID_INDEX        62
#define MPI_T_ERR_INVALID_ITEM         63
#define MPI_T_ERR_INVALID_HANDLE       64
#define MPI_T_ERR_OUT_OF_HANDLES       65
#define MPI_T_ERR_OUT_OF_SESSIONS      66
#define MPI_T_ERR_INVALID_SESSION      67
#define MPI_T_ERR_CVAR_SET_NOT_NOW     68
#define MPI_T_ERR_CVAR_SET_NEVER       69
#define MPI_T_ERR_PVAR_NO_STARTSTOP    70
#define MPI_T_ERR_PVAR_NO_WRITE        71
#define MPI_T_ERR_PVAR_NO_ATOMIC       72
#define MPI_T_ERR_INVALID_NAME         73
#define MPI_T_ERR_INVALID              74
#define MPI_ERR_LASTCODE               0x3fffffff

/* ---------------------------------------------------------------------
 * Callback function types (5.9.5, 6.7, 8.3, 12.2, 13.5.3, 15, 16)
 * ------------------------------------------------------------------- */
typedef void (MPI_User_function)(void *invec, void *inoutvec, int *len,
                                 MPI_Datatype *datatype);

typedef int (MPI_Comm_copy_attr_function)(MPI_Comm oldcomm, int comm_keyval,
                                          void *extra_state,
                                          void *attribute_val_in,
                                          void *attribute_val_out, int *flag);
typedef int (MPI_Comm_delete_attr_function)(MPI_Comm comm, int comm_keyval,
                                            void *attribute_val,
                                            void *extra_state);
typedef int (MPI_Win_copy_attr_function)(MPI_Win oldwin, int win_keyval,
                                         void *extra_state,
                                         void *attribute_val_in,
                                         void *attribute_val_out, int *flag);
typedef int (MPI_Win_delete_attr_function)(MPI_Win win, int win_keyval,
                                           void *attribute_val,
                                           void *extra_state);
typedef int (MPI_Type_copy_attr_function)(MPI_Datatype oldtype,
                                          int type_keyval, void *extra_state,
                                          void *attribute_val_in,
                                          void *attribute_val_out, int *flag);
typedef int (MPI_Type_delete_attr_function)(MPI_Datatype datatype,
                                            int type_keyval,
                                            void *attribute_val,
                                            void *extra_state);

typedef void (MPI_Comm_errhandler_function)(MPI_Comm *comm, int *error_code,
                                            ...);
typedef void (MPI_Win_errhandler_function)(MPI_Win *win, int *error_code,
                                           ...);
typedef void (MPI_File_errhandler_function)(MPI_File *file, int *error_code,
                                            ...);
/* Deprecated names (15.1) */
typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;
typedef MPI_Win_errhandler_function  MPI_Win_errhandler_fn;
typedef MPI_File_errhandler_function MPI_File_errhandler_fn;

typedef int (MPI_Grequest_query_function)(void *extra_state,
                                          MPI_Status *status);
typedef int (MPI_Grequest_free_function)(void *extra_state);
typedef int (MPI_Grequest_cancel_function)(void *extra_state, int complete);

typedef int (MPI_Datarep_conversion_function)(void *userbuf,
                                              MPI_Datatype datatype,
                                              int count, void *filebuf,
                                              MPI_Offset position,
                                              void *extra_state);
typedef int (MPI_Datarep_extent_function)(MPI_Datatype datatype,
                                          MPI_Aint *file_extent,
                                          void *extra_state);

/* Deprecated MPI-1 attribute callbacks (15.1) */
typedef int (MPI_Copy_function)(MPI_Comm oldcomm, int keyval,
                                void *extra_state, void *attribute_val_in,
                                void *attribute_val_out, int *flag);
typedef int (MPI_Delete_function)(MPI_Comm comm, int keyval,
                                  void *attribute_val, void *extra_state);
/* Removed in MPI 3.0 (16.2), kept for old code */
typedef void (MPI_Handler_function)(MPI_Comm *comm, int *error_code, ...);

/* Predefined callbacks: the null ones are null pointers (as in MPICH),
 * the dup ones are program functions (6.7.2: they copy the attribute value
 * and set flag = 1), which the checker runs like any copy callback. */
#define MPI_COMM_NULL_COPY_FN    ((MPI_Comm_copy_attr_function *)0)
#define MPI_COMM_NULL_DELETE_FN  ((MPI_Comm_delete_attr_function *)0)
#define MPI_WIN_NULL_COPY_FN     ((MPI_Win_copy_attr_function *)0)
#define MPI_WIN_NULL_DELETE_FN   ((MPI_Win_delete_attr_function *)0)
#define MPI_TYPE_NULL_COPY_FN    ((MPI_Type_copy_attr_function *)0)
#define MPI_TYPE_NULL_DELETE_FN  ((MPI_Type_delete_attr_function *)0)
#define MPI_NULL_COPY_FN         ((MPI_Copy_function *)0)
#define MPI_NULL_DELETE_FN       ((MPI_Delete_function *)0)
#define MPI_CONVERSION_FN_NULL   ((MPI_Datarep_conversion_function *)0)

static inline int mpiv_attr_dup_fn(int oldobj, int keyval, void *extra_state,
                                   void *attribute_val_in,
                                   void *attribute_val_out, int *flag)
{
    (void)oldobj;
    (void)keyval;
    (void)extra_state;
    *(void **)attribute_val_out = attribute_val_in;
    *flag = 1;
    return 0;
}
#define MPI_COMM_DUP_FN  ((MPI_Comm_copy_attr_function *)mpiv_attr_dup_fn)
#define MPI_WIN_DUP_FN   ((MPI_Win_copy_attr_function *)mpiv_attr_dup_fn)
#define MPI_TYPE_DUP_FN  ((MPI_Type_copy_attr_function *)mpiv_attr_dup_fn)
#define MPI_DUP_FN       ((MPI_Copy_function *)mpiv_attr_dup_fn)

/* ---------------------------------------------------------------------
 * Handle conversion to and from Fortran (17.2.4).  Handles are ints, so
 * these are casts, as in MPICH.
 * ------------------------------------------------------------------- */
#define MPI_Comm_c2f(comm)              ((MPI_Fint)(comm))
#define MPI_Comm_f2c(comm)              ((MPI_Comm)(comm))
#define MPI_Type_c2f(datatype)          ((MPI_Fint)(datatype))
#define MPI_Type_f2c(datatype)          ((MPI_Datatype)(datatype))
#define MPI_Group_c2f(group)            ((MPI_Fint)(group))
#define MPI_Group_f2c(group)            ((MPI_Group)(group))
#define MPI_Info_c2f(info)              ((MPI_Fint)(info))
#define MPI_Info_f2c(info)              ((MPI_Info)(info))
#define MPI_Request_c2f(request)        ((MPI_Fint)(request))
#define MPI_Request_f2c(request)        ((MPI_Request)(request))
#define MPI_Op_c2f(op)                  ((MPI_Fint)(op))
#define MPI_Op_f2c(op)                  ((MPI_Op)(op))
#define MPI_Errhandler_c2f(errhandler)  ((MPI_Fint)(errhandler))
#define MPI_Errhandler_f2c(errhandler)  ((MPI_Errhandler)(errhandler))
#define MPI_Win_c2f(win)                ((MPI_Fint)(win))
#define MPI_Win_f2c(win)                ((MPI_Win)(win))
#define MPI_Message_c2f(message)        ((MPI_Fint)(message))
#define MPI_Message_f2c(message)        ((MPI_Message)(message))

MPI_Fint MPI_File_c2f(MPI_File file);
MPI_File MPI_File_f2c(MPI_Fint file);
int MPI_Status_c2f(const MPI_Status *c_status, MPI_Fint *f_status);
int MPI_Status_f2c(const MPI_Fint *f_status, MPI_Status *c_status);

/* =====================================================================
 * Prototypes.  Chapter numbers refer to the MPI 3.1 standard.
 * =================================================================== */

/* ---- 3. Point-to-point communication -------------------------------- */
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest,
             int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source,
             int tag, MPI_Comm comm, MPI_Status *status);
int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype,
                  int *count);
int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm);
int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm);
int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm);
int MPI_Buffer_attach(void *buffer, int size);
int MPI_Buffer_detach(void *buffer_addr, int *size);
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest,
              int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest,
               int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source,
              int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int MPI_Request_free(MPI_Request *request);
int MPI_Waitany(int count, MPI_Request array_of_requests[], int *index,
                MPI_Status *status);
int MPI_Testany(int count, MPI_Request array_of_requests[], int *index,
                int *flag, MPI_Status *status);
int MPI_Waitall(int count, MPI_Request array_of_requests[],
                MPI_Status array_of_statuses[]);
int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                MPI_Status array_of_statuses[]);
int MPI_Waitsome(int incount, MPI_Request array_of_requests[],
                 int *outcount, int array_of_indices[],
                 MPI_Status array_of_statuses[]);
int MPI_Testsome(int incount, MPI_Request array_of_requests[],
                 int *outcount, int array_of_indices[],
                 MPI_Status array_of_statuses[]);
int MPI_Request_get_status(MPI_Request request, int *flag,
                           MPI_Status *status);
int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag,
               MPI_Status *status);
int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status);
int MPI_Improbe(int source, int tag, MPI_Comm comm, int *flag,
                MPI_Message *message, MPI_Status *status);
int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message,
               MPI_Status *status);
int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype,
              MPI_Message *message, MPI_Status *status);
int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype,
               MPI_Message *message, MPI_Request *request);
int MPI_Cancel(MPI_Request *request);
int MPI_Test_cancelled(const MPI_Status *status, int *flag);
int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype,
                  int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype,
                   int dest, int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source,
                  int tag, MPI_Comm comm, MPI_Request *request);
int MPI_Start(MPI_Request *request);
int MPI_Startall(int count, MPI_Request array_of_requests[]);
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 int dest, int sendtag, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status);
int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype,
                         int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status *status);

/* ---- 4. Datatypes --------------------------------------------------- */
int MPI_Type_contiguous(int count, MPI_Datatype oldtype,
                        MPI_Datatype *newtype);
int MPI_Type_vector(int count, int blocklength, int stride,
                    MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride,
                            MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_indexed(int count, const int array_of_blocklengths[],
                     const int array_of_displacements[],
                     MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_hindexed(int count, const int array_of_blocklengths[],
                             const MPI_Aint array_of_displacements[],
                             MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_indexed_block(int count, int blocklength,
                                  const int array_of_displacements[],
                                  MPI_Datatype oldtype,
                                  MPI_Datatype *newtype);
int MPI_Type_create_hindexed_block(int count, int blocklength,
                                   const MPI_Aint array_of_displacements[],
                                   MPI_Datatype oldtype,
                                   MPI_Datatype *newtype);
int MPI_Type_create_struct(int count, const int array_of_blocklengths[],
                           const MPI_Aint array_of_displacements[],
                           const MPI_Datatype array_of_types[],
                           MPI_Datatype *newtype);
int MPI_Type_create_subarray(int ndims, const int array_of_sizes[],
                             const int array_of_subsizes[],
                             const int array_of_starts[], int order,
                             MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_create_darray(int size, int rank, int ndims,
                           const int array_of_gsizes[],
                           const int array_of_distribs[],
                           const int array_of_dargs[],
                           const int array_of_psizes[], int order,
                           MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Get_address(const void *location, MPI_Aint *address);
MPI_Aint MPI_Aint_add(MPI_Aint base, MPI_Aint disp);
MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
int MPI_Type_size(MPI_Datatype datatype, int *size);
int MPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb,
                        MPI_Aint *extent);
int MPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb,
                          MPI_Count *extent);
int MPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb,
                            MPI_Aint extent, MPI_Datatype *newtype);
int MPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb,
                             MPI_Aint *true_extent);
int MPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb,
                               MPI_Count *true_extent);
int MPI_Type_commit(MPI_Datatype *datatype);
int MPI_Type_free(MPI_Datatype *datatype);
int MPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype,
                     int *count);
int MPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype,
                       MPI_Count *count);
int MPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers,
                          int *num_addresses, int *num_datatypes,
                          int *combiner);
int MPI_Type_get_contents(MPI_Datatype datatype, int max_integers,
                          int max_addresses, int max_datatypes,
                          int array_of_integers[],
                          MPI_Aint array_of_addresses[],
                          MPI_Datatype array_of_datatypes[]);
int MPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype,
             void *outbuf, int outsize, int *position, MPI_Comm comm);
int MPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf,
               int outcount, MPI_Datatype datatype, MPI_Comm comm);
int MPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm,
                  int *size);
int MPI_Pack_external(const char datarep[], const void *inbuf, int incount,
                      MPI_Datatype datatype, void *outbuf, MPI_Aint outsize,
                      MPI_Aint *position);
int MPI_Unpack_external(const char datarep[], const void *inbuf,
                        MPI_Aint insize, MPI_Aint *position, void *outbuf,
                        int outcount, MPI_Datatype datatype);
int MPI_Pack_external_size(const char datarep[], int incount,
                           MPI_Datatype datatype, MPI_Aint *size);

/* ---- 5. Collective communication ------------------------------------ */
int MPI_Barrier(MPI_Comm comm);
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root,
              MPI_Comm comm);
int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
               MPI_Comm comm);
int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, const int recvcounts[], const int displs[],
                MPI_Datatype recvtype, int root, MPI_Comm comm);
int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                int root, MPI_Comm comm);
int MPI_Scatterv(const void *sendbuf, const int sendcounts[],
                 const int displs[], MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root,
                 MPI_Comm comm);
int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm);
int MPI_Allgatherv(const void *sendbuf, int sendcount,
                   MPI_Datatype sendtype, void *recvbuf,
                   const int recvcounts[], const int displs[],
                   MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm);
int MPI_Alltoallv(const void *sendbuf, const int sendcounts[],
                  const int sdispls[], MPI_Datatype sendtype, void *recvbuf,
                  const int recvcounts[], const int rdispls[],
                  MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Alltoallw(const void *sendbuf, const int sendcounts[],
                  const int sdispls[], const MPI_Datatype sendtypes[],
                  void *recvbuf, const int recvcounts[], const int rdispls[],
                  const MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count,
               MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm);
int MPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
int MPI_Op_free(MPI_Op *op);
int MPI_Op_commutative(MPI_Op op, int *commute);
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                  MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count,
                     MPI_Datatype datatype, MPI_Op op);
int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf,
                             int recvcount, MPI_Datatype datatype,
                             MPI_Op op, MPI_Comm comm);
int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf,
                       const int recvcounts[], MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm);
int MPI_Scan(const void *sendbuf, void *recvbuf, int count,
             MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);
int MPI_Exscan(const void *sendbuf, void *recvbuf, int count,
               MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

/* Nonblocking collectives (5.12) */
int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request);
int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root,
               MPI_Comm comm, MPI_Request *request);
int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype,
                int root, MPI_Comm comm, MPI_Request *request);
int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, const int recvcounts[], const int displs[],
                 MPI_Datatype recvtype, int root, MPI_Comm comm,
                 MPI_Request *request);
int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 int root, MPI_Comm comm, MPI_Request *request);
int MPI_Iscatterv(const void *sendbuf, const int sendcounts[],
                  const int displs[], MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, int root,
                  MPI_Comm comm, MPI_Request *request);
int MPI_Iallgather(const void *sendbuf, int sendcount,
                   MPI_Datatype sendtype, void *recvbuf, int recvcount,
                   MPI_Datatype recvtype, MPI_Comm comm,
                   MPI_Request *request);
int MPI_Iallgatherv(const void *sendbuf, int sendcount,
                    MPI_Datatype sendtype, void *recvbuf,
                    const int recvcounts[], const int displs[],
                    MPI_Datatype recvtype, MPI_Comm comm,
                    MPI_Request *request);
int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[],
                   const int sdispls[], MPI_Datatype sendtype,
                   void *recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype,
                   MPI_Comm comm, MPI_Request *request);
int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[],
                   const int sdispls[], const MPI_Datatype sendtypes[],
                   void *recvbuf, const int recvcounts[],
                   const int rdispls[], const MPI_Datatype recvtypes[],
                   MPI_Comm comm, MPI_Request *request);
int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm,
                MPI_Request *request);
int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count,
                   MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                   MPI_Request *request);
int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf,
                              int recvcount, MPI_Datatype datatype,
                              MPI_Op op, MPI_Comm comm,
                              MPI_Request *request);
int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf,
                        const int recvcounts[], MPI_Datatype datatype,
                        MPI_Op op, MPI_Comm comm, MPI_Request *request);
int MPI_Iscan(const void *sendbuf, void *recvbuf, int count,
              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
              MPI_Request *request);
int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count,
                MPI_Datatype datatype, MPI_Op op, MPI_Comm comm,
                MPI_Request *request);

/* ---- 6. Groups, contexts, communicators and caching ----------------- */
int MPI_Group_size(MPI_Group group, int *size);
int MPI_Group_rank(MPI_Group group, int *rank);
int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[],
                              MPI_Group group2, int ranks2[]);
int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result);
int MPI_Comm_group(MPI_Comm comm, MPI_Group *group);
int MPI_Group_union(MPI_Group group1, MPI_Group group2,
                    MPI_Group *newgroup);
int MPI_Group_intersection(MPI_Group group1, MPI_Group group2,
                           MPI_Group *newgroup);
int MPI_Group_difference(MPI_Group group1, MPI_Group group2,
                         MPI_Group *newgroup);
int MPI_Group_incl(MPI_Group group, int n, const int ranks[],
                   MPI_Group *newgroup);
int MPI_Group_excl(MPI_Group group, int n, const int ranks[],
                   MPI_Group *newgroup);
int MPI_Group_range_incl(MPI_Group group, int n, int ranges[][3],
                         MPI_Group *newgroup);
int MPI_Group_range_excl(MPI_Group group, int n, int ranges[][3],
                         MPI_Group *newgroup);
int MPI_Group_free(MPI_Group *group);

int MPI_Comm_size(MPI_Comm comm, int *size);
int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result);
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm *newcomm);
int MPI_Comm_idup(MPI_Comm comm, MPI_Comm *newcomm, MPI_Request *request);
int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm);
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag,
                          MPI_Comm *newcomm);
int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key,
                        MPI_Info info, MPI_Comm *newcomm);
int MPI_Comm_free(MPI_Comm *comm);
int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info);
int MPI_Comm_get_info(MPI_Comm comm, MPI_Info *info_used);

int MPI_Comm_test_inter(MPI_Comm comm, int *flag);
int MPI_Comm_remote_size(MPI_Comm comm, int *size);
int MPI_Comm_remote_group(MPI_Comm comm, MPI_Group *group);
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader,
                         MPI_Comm peer_comm, int remote_leader, int tag,
                         MPI_Comm *newintercomm);
int MPI_Intercomm_merge(MPI_Comm intercomm, int high,
                        MPI_Comm *newintracomm);

/* Caching (6.7) */
int MPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                           MPI_Comm_delete_attr_function *comm_delete_attr_fn,
                           int *comm_keyval, void *extra_state);
int MPI_Comm_free_keyval(int *comm_keyval);
int MPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val);
int MPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val,
                      int *flag);
int MPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval);
int MPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn,
                          MPI_Win_delete_attr_function *win_delete_attr_fn,
                          int *win_keyval, void *extra_state);
int MPI_Win_free_keyval(int *win_keyval);
int MPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val);
int MPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val,
                     int *flag);
int MPI_Win_delete_attr(MPI_Win win, int win_keyval);
int MPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                           MPI_Type_delete_attr_function *type_delete_attr_fn,
                           int *type_keyval, void *extra_state);
int MPI_Type_free_keyval(int *type_keyval);
int MPI_Type_set_attr(MPI_Datatype datatype, int type_keyval,
                      void *attribute_val);
int MPI_Type_get_attr(MPI_Datatype datatype, int type_keyval,
                      void *attribute_val, int *flag);
int MPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval);

/* Naming objects (6.8) */
int MPI_Comm_set_name(MPI_Comm comm, const char *comm_name);
int MPI_Comm_get_name(MPI_Comm comm, char *comm_name, int *resultlen);
int MPI_Type_set_name(MPI_Datatype datatype, const char *type_name);
int MPI_Type_get_name(MPI_Datatype datatype, char *type_name,
                      int *resultlen);
int MPI_Win_set_name(MPI_Win win, const char *win_name);
int MPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen);

/* ---- 7. Process topologies ------------------------------------------ */
int MPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[],
                    const int periods[], int reorder, MPI_Comm *comm_cart);
int MPI_Dims_create(int nnodes, int ndims, int dims[]);
int MPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[],
                     const int edges[], int reorder, MPI_Comm *comm_graph);
int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree,
                                   const int sources[],
                                   const int sourceweights[], int outdegree,
                                   const int destinations[],
                                   const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm *comm_dist_graph);
int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[],
                          const int degrees[], const int destinations[],
                          const int weights[], MPI_Info info, int reorder,
                          MPI_Comm *comm_dist_graph);
int MPI_Topo_test(MPI_Comm comm, int *status);
int MPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges);
int MPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[],
                  int edges[]);
int MPI_Cartdim_get(MPI_Comm comm, int *ndims);
int MPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[],
                 int coords[]);
int MPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank);
int MPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[]);
int MPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors);
int MPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors,
                        int neighbors[]);
int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree,
                                   int *outdegree, int *weighted);
int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[],
                             int sourceweights[], int maxoutdegree,
                             int destinations[], int destweights[]);
int MPI_Cart_shift(MPI_Comm comm, int direction, int disp,
                   int *rank_source, int *rank_dest);
int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm);
int MPI_Cart_map(MPI_Comm comm, int ndims, const int dims[],
                 const int periods[], int *newrank);
int MPI_Graph_map(MPI_Comm comm, int nnodes, const int index[],
                  const int edges[], int *newrank);

/* Neighborhood collectives (7.6, 7.7) */
int MPI_Neighbor_allgather(const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype,
                           MPI_Comm comm);
int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            const int recvcounts[], const int displs[],
                            MPI_Datatype recvtype, MPI_Comm comm);
int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype,
                          MPI_Comm comm);
int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                           const int sdispls[], MPI_Datatype sendtype,
                           void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype,
                           MPI_Comm comm);
int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                           const MPI_Aint sdispls[],
                           const MPI_Datatype sendtypes[], void *recvbuf,
                           const int recvcounts[], const MPI_Aint rdispls[],
                           const MPI_Datatype recvtypes[], MPI_Comm comm);
int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             const int recvcounts[], const int displs[],
                             MPI_Datatype recvtype, MPI_Comm comm,
                             MPI_Request *request);
int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype,
                           MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[],
                            const int sdispls[], MPI_Datatype sendtype,
                            void *recvbuf, const int recvcounts[],
                            const int rdispls[], MPI_Datatype recvtype,
                            MPI_Comm comm, MPI_Request *request);
int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[],
                            const MPI_Aint sdispls[],
                            const MPI_Datatype sendtypes[], void *recvbuf,
                            const int recvcounts[], const MPI_Aint rdispls[],
                            const MPI_Datatype recvtypes[], MPI_Comm comm,
                            MPI_Request *request);

/* ---- 8. Environmental management ------------------------------------ */
int MPI_Get_version(int *version, int *subversion);
int MPI_Get_library_version(char *version, int *resultlen);
int MPI_Get_processor_name(char *name, int *resultlen);
int MPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr);
int MPI_Free_mem(void *base);

int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn,
                               MPI_Errhandler *errhandler);
int MPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler);
int MPI_Win_create_errhandler(MPI_Win_errhandler_function *win_errhandler_fn,
                              MPI_Errhandler *errhandler);
int MPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler);
int MPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler);
int MPI_File_create_errhandler(MPI_File_errhandler_function *file_errhandler_fn,
                               MPI_Errhandler *errhandler);
int MPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler);
int MPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler);
int MPI_Errhandler_free(MPI_Errhandler *errhandler);
int MPI_Error_string(int errorcode, char *string, int *resultlen);
int MPI_Error_class(int errorcode, int *errorclass);
int MPI_Add_error_class(int *errorclass);
int MPI_Add_error_code(int errorclass, int *errorcode);
int MPI_Add_error_string(int errorcode, const char *string);
int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode);
int MPI_Win_call_errhandler(MPI_Win win, int errorcode);
int MPI_File_call_errhandler(MPI_File fh, int errorcode);

double MPI_Wtime(void);
double MPI_Wtick(void);

int MPI_Init(int *argc, char ***argv);
int MPI_Finalize(void);
int MPI_Initialized(int *flag);
int MPI_Abort(MPI_Comm comm, int errorcode);
int MPI_Finalized(int *flag);

/* ---- 9. The Info object --------------------------------------------- */
int MPI_Info_create(MPI_Info *info);
int MPI_Info_set(MPI_Info info, const char *key, const char *value);
int MPI_Info_delete(MPI_Info info, const char *key);
int MPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value,
                 int *flag);
int MPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen,
                          int *flag);
int MPI_Info_get_nkeys(MPI_Info info, int *nkeys);
int MPI_Info_get_nthkey(MPI_Info info, int n, char *key);
int MPI_Info_dup(MPI_Info info, MPI_Info *newinfo);
int MPI_Info_free(MPI_Info *info);

/* ---- 10. Process creation and management ---------------------------- */
int MPI_Comm_spawn(const char *command, char *argv[], int maxprocs,
                   MPI_Info info, int root, MPI_Comm comm,
                   MPI_Comm *intercomm, int array_of_errcodes[]);
int MPI_Comm_get_parent(MPI_Comm *parent);
int MPI_Comm_spawn_multiple(int count, char *array_of_commands[],
                            char **array_of_argv[],
                            const int array_of_maxprocs[],
                            const MPI_Info array_of_info[], int root,
                            MPI_Comm comm, MPI_Comm *intercomm,
                            int array_of_errcodes[]);
int MPI_Open_port(MPI_Info info, char *port_name);
int MPI_Close_port(const char *port_name);
int MPI_Comm_accept(const char *port_name, MPI_Info info, int root,
                    MPI_Comm comm, MPI_Comm *newcomm);
int MPI_Comm_connect(const char *port_name, MPI_Info info, int root,
                     MPI_Comm comm, MPI_Comm *newcomm);
int MPI_Publish_name(const char *service_name, MPI_Info info,
                     const char *port_name);
int MPI_Unpublish_name(const char *service_name, MPI_Info info,
                       const char *port_name);
int MPI_Lookup_name(const char *service_name, MPI_Info info,
                    char *port_name);
int MPI_Comm_disconnect(MPI_Comm *comm);
int MPI_Comm_join(int fd, MPI_Comm *intercomm);

/* ---- 11. One-sided communication ------------------------------------ */
int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info,
                   MPI_Comm comm, MPI_Win *win);
int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info,
                     MPI_Comm comm, void *baseptr, MPI_Win *win);
int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info,
                            MPI_Comm comm, void *baseptr, MPI_Win *win);
int MPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size,
                         int *disp_unit, void *baseptr);
int MPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win);
int MPI_Win_attach(MPI_Win win, void *base, MPI_Aint size);
int MPI_Win_detach(MPI_Win win, const void *base);
int MPI_Win_free(MPI_Win *win);
int MPI_Win_get_group(MPI_Win win, MPI_Group *group);
int MPI_Win_set_info(MPI_Win win, MPI_Info info);
int MPI_Win_get_info(MPI_Win win, MPI_Info *info_used);

int MPI_Put(const void *origin_addr, int origin_count,
            MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count,
            MPI_Datatype target_datatype, MPI_Win win);
int MPI_Get(void *origin_addr, int origin_count,
            MPI_Datatype origin_datatype, int target_rank,
            MPI_Aint target_disp, int target_count,
            MPI_Datatype target_datatype, MPI_Win win);
int MPI_Accumulate(const void *origin_addr, int origin_count,
                   MPI_Datatype origin_datatype, int target_rank,
                   MPI_Aint target_disp, int target_count,
                   MPI_Datatype target_datatype, MPI_Op op, MPI_Win win);
int MPI_Get_accumulate(const void *origin_addr, int origin_count,
                       MPI_Datatype origin_datatype, void *result_addr,
                       int result_count, MPI_Datatype result_datatype,
                       int target_rank, MPI_Aint target_disp,
                       int target_count, MPI_Datatype target_datatype,
                       MPI_Op op, MPI_Win win);
int MPI_Fetch_and_op(const void *origin_addr, void *result_addr,
                     MPI_Datatype datatype, int target_rank,
                     MPI_Aint target_disp, MPI_Op op, MPI_Win win);
int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr,
                         void *result_addr, MPI_Datatype datatype,
                         int target_rank, MPI_Aint target_disp, MPI_Win win);
int MPI_Rput(const void *origin_addr, int origin_count,
             MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count,
             MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request);
int MPI_Rget(void *origin_addr, int origin_count,
             MPI_Datatype origin_datatype, int target_rank,
             MPI_Aint target_disp, int target_count,
             MPI_Datatype target_datatype, MPI_Win win,
             MPI_Request *request);
int MPI_Raccumulate(const void *origin_addr, int origin_count,
                    MPI_Datatype origin_datatype, int target_rank,
                    MPI_Aint target_disp, int target_count,
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                    MPI_Request *request);
int MPI_Rget_accumulate(const void *origin_addr, int origin_count,
                        MPI_Datatype origin_datatype, void *result_addr,
                        int result_count, MPI_Datatype result_datatype,
                        int target_rank, MPI_Aint target_disp,
                        int target_count, MPI_Datatype target_datatype,
                        MPI_Op op, MPI_Win win, MPI_Request *request);

int MPI_Win_fence(int assert, MPI_Win win);
int MPI_Win_start(MPI_Group group, int assert, MPI_Win win);
int MPI_Win_complete(MPI_Win win);
int MPI_Win_post(MPI_Group group, int assert, MPI_Win win);
int MPI_Win_wait(MPI_Win win);
int MPI_Win_test(MPI_Win win, int *flag);
int MPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win);
int MPI_Win_lock_all(int assert, MPI_Win win);
int MPI_Win_unlock(int rank, MPI_Win win);
int MPI_Win_unlock_all(MPI_Win win);
int MPI_Win_flush(int rank, MPI_Win win);
int MPI_Win_flush_all(MPI_Win win);
int MPI_Win_flush_local(int rank, MPI_Win win);
int MPI_Win_flush_local_all(MPI_Win win);
int MPI_Win_sync(MPI_Win win);

/* ---- 12. External interfaces ---------------------------------------- */
int MPI_Grequest_start(MPI_Grequest_query_function *query_fn,
                       MPI_Grequest_free_function *free_fn,
                       MPI_Grequest_cancel_function *cancel_fn,
                       void *extra_state, MPI_Request *request);
int MPI_Grequest_complete(MPI_Request request);
int MPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype,
                            int count);
int MPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype,
                              MPI_Count count);
int MPI_Status_set_cancelled(MPI_Status *status, int flag);
int MPI_Init_thread(int *argc, char ***argv, int required, int *provided);
int MPI_Query_thread(int *provided);
int MPI_Is_thread_main(int *flag);

/* ---- 13. I/O -------------------------------------------------------- */
int MPI_File_open(MPI_Comm comm, const char *filename, int amode,
                  MPI_Info info, MPI_File *fh);
int MPI_File_close(MPI_File *fh);
int MPI_File_delete(const char *filename, MPI_Info info);
int MPI_File_set_size(MPI_File fh, MPI_Offset size);
int MPI_File_preallocate(MPI_File fh, MPI_Offset size);
int MPI_File_get_size(MPI_File fh, MPI_Offset *size);
int MPI_File_get_group(MPI_File fh, MPI_Group *group);
int MPI_File_get_amode(MPI_File fh, int *amode);
int MPI_File_set_info(MPI_File fh, MPI_Info info);
int MPI_File_get_info(MPI_File fh, MPI_Info *info_used);
int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype,
                      MPI_Datatype filetype, const char *datarep,
                      MPI_Info info);
int MPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype,
                      MPI_Datatype *filetype, char *datarep);

/* Explicit offsets (13.4.2) */
int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count,
                     MPI_Datatype datatype, MPI_Status *status);
int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void *buf,
                         int count, MPI_Datatype datatype,
                         MPI_Status *status);
int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void *buf,
                      int count, MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf,
                          int count, MPI_Datatype datatype,
                          MPI_Status *status);
int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count,
                      MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf,
                       int count, MPI_Datatype datatype,
                       MPI_Request *request);
int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf,
                          int count, MPI_Datatype datatype,
                          MPI_Request *request);
int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf,
                           int count, MPI_Datatype datatype,
                           MPI_Request *request);

/* Individual file pointers (13.4.3) */
int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                  MPI_Status *status);
int MPI_File_read_all(MPI_File fh, void *buf, int count,
                      MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write(MPI_File fh, const void *buf, int count,
                   MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_all(MPI_File fh, const void *buf, int count,
                       MPI_Datatype datatype, MPI_Status *status);
int MPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype,
                   MPI_Request *request);
int MPI_File_iwrite(MPI_File fh, const void *buf, int count,
                    MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iread_all(MPI_File fh, void *buf, int count,
                       MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iwrite_all(MPI_File fh, const void *buf, int count,
                        MPI_Datatype datatype, MPI_Request *request);
int MPI_File_seek(MPI_File fh, MPI_Offset offset, int whence);
int MPI_File_get_position(MPI_File fh, MPI_Offset *offset);
int MPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset,
                             MPI_Offset *disp);

/* Shared file pointers (13.4.4) */
int MPI_File_read_shared(MPI_File fh, void *buf, int count,
                         MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_shared(MPI_File fh, const void *buf, int count,
                          MPI_Datatype datatype, MPI_Status *status);
int MPI_File_iread_shared(MPI_File fh, void *buf, int count,
                          MPI_Datatype datatype, MPI_Request *request);
int MPI_File_iwrite_shared(MPI_File fh, const void *buf, int count,
                           MPI_Datatype datatype, MPI_Request *request);
int MPI_File_read_ordered(MPI_File fh, void *buf, int count,
                          MPI_Datatype datatype, MPI_Status *status);
int MPI_File_write_ordered(MPI_File fh, const void *buf, int count,
                           MPI_Datatype datatype, MPI_Status *status);
int MPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence);
int MPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset);

/* Split collective data access (13.4.5) */
int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf,
                               int count, MPI_Datatype datatype);
int MPI_File_read_at_all_end(MPI_File fh, void *buf, MPI_Status *status);
int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset,
                                const void *buf, int count,
                                MPI_Datatype datatype);
int MPI_File_write_at_all_end(MPI_File fh, const void *buf,
                              MPI_Status *status);
int MPI_File_read_all_begin(MPI_File fh, void *buf, int count,
                            MPI_Datatype datatype);
int MPI_File_read_all_end(MPI_File fh, void *buf, MPI_Status *status);
int MPI_File_write_all_begin(MPI_File fh, const void *buf, int count,
                             MPI_Datatype datatype);
int MPI_File_write_all_end(MPI_File fh, const void *buf,
                           MPI_Status *status);
int MPI_File_read_ordered_begin(MPI_File fh, void *buf, int count,
                                MPI_Datatype datatype);
int MPI_File_read_ordered_end(MPI_File fh, void *buf, MPI_Status *status);
int MPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count,
                                 MPI_Datatype datatype);
int MPI_File_write_ordered_end(MPI_File fh, const void *buf,
                               MPI_Status *status);

/* File interoperability and consistency (13.5, 13.6) */
int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype,
                             MPI_Aint *extent);
int MPI_Register_datarep(const char *datarep,
                         MPI_Datarep_conversion_function *read_conversion_fn,
                         MPI_Datarep_conversion_function *write_conversion_fn,
                         MPI_Datarep_extent_function *dtype_file_extent_fn,
                         void *extra_state);
int MPI_File_set_atomicity(MPI_File fh, int flag);
int MPI_File_get_atomicity(MPI_File fh, int *flag);
int MPI_File_sync(MPI_File fh);

/* ---- 14. Profiling interface ---------------------------------------- */
int MPI_Pcontrol(const int level, ...);

/* ---- 17. Language bindings: Fortran support in C -------------------- */
int MPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype);
int MPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype);
int MPI_Type_create_f90_integer(int r, MPI_Datatype *newtype);
int MPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);

/* ---- 15. Deprecated (still part of MPI 3.1) ------------------------- */
int MPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val);
int MPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag);
int MPI_Attr_delete(MPI_Comm comm, int keyval);
int MPI_Keyval_create(MPI_Copy_function *copy_fn,
                      MPI_Delete_function *delete_fn, int *keyval,
                      void *extra_state);
int MPI_Keyval_free(int *keyval);

/* ---- 16. Removed in MPI 3.0; MPICH still declares them -------------- */
int MPI_Address(void *location, MPI_Aint *address);
int MPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
int MPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
int MPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
int MPI_Type_hvector(int count, int blocklength, MPI_Aint stride,
                     MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_hindexed(int count, int array_of_blocklengths[],
                      MPI_Aint array_of_displacements[],
                      MPI_Datatype oldtype, MPI_Datatype *newtype);
int MPI_Type_struct(int count, int array_of_blocklengths[],
                    MPI_Aint array_of_displacements[],
                    MPI_Datatype array_of_types[], MPI_Datatype *newtype);
int MPI_Errhandler_create(MPI_Handler_function *function,
                          MPI_Errhandler *errhandler);
int MPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler);
int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);

#if defined(__cplusplus)
}
#endif

#endif /* MPIV_MPI_H_INCLUDED */
