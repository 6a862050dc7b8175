/* X11/Xutil.h for `mpi-extract --stub x11`: Xlib.h holds what is used. */
#ifndef _X11_XUTIL_H_
#define _X11_XUTIL_H_
#include <X11/Xlib.h>
#endif
