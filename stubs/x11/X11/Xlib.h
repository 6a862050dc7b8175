/* X11/Xlib.h: the drawing part of Xlib that MPI codes use to show their
 * state, for `mpi-extract --stub x11` (stubs/x11/x11_stub.c defines it as
 * no-ops). Not Xlib: a minimal header with its names and types. */
#ifndef _X11_XLIB_H_
#define _X11_XLIB_H_

typedef unsigned long XID;
typedef XID Window;
typedef XID Drawable;
typedef XID Pixmap;
typedef XID Colormap;
typedef XID Cursor;
typedef XID Font;
typedef unsigned long Atom;
typedef unsigned long Time;
typedef int Bool;
typedef int Status;
typedef struct _XDisplay Display;
typedef struct _XGC *GC;
typedef struct { int dummy; } Visual;
typedef struct { int dummy; } Screen;

#define True 1
#define False 0
#define None 0L

typedef struct {
    unsigned long pixel;
    unsigned short red, green, blue;
    char flags;
    char pad;
} XColor;

typedef struct {
    short x, y;
} XPoint;

typedef struct {
    short x, y;
    unsigned short width, height;
} XRectangle;

typedef struct {
    unsigned long foreground;
    unsigned long background;
    int line_width;
    int function;
} XGCValues;

#define KeyPress 2
#define KeyRelease 3
#define ButtonPress 4
#define ButtonRelease 5
#define Expose 12
#define ClientMessage 33

#define NoEventMask 0L
#define KeyPressMask (1L << 0)
#define ButtonPressMask (1L << 2)
#define ExposureMask (1L << 15)
#define StructureNotifyMask (1L << 17)

#define CoordModeOrigin 0
#define GCForeground (1L << 2)
#define GCBackground (1L << 3)
#define DoRed (1 << 0)
#define DoGreen (1 << 1)
#define DoBlue (1 << 2)

typedef struct {
    int type;
    unsigned long serial;
    Bool send_event;
    Display *display;
    Window window;
} XAnyEvent;

typedef struct {
    int type;
    unsigned long serial;
    Bool send_event;
    Display *display;
    Window window;
    int x, y, width, height, count;
} XExposeEvent;

typedef struct {
    int type;
    unsigned long serial;
    Bool send_event;
    Display *display;
    Window window;
    unsigned int keycode;
} XKeyEvent;

typedef struct {
    int type;
    unsigned long serial;
    Bool send_event;
    Display *display;
    Window window;
    unsigned int button;
} XButtonEvent;

typedef union _XEvent {
    int type;
    XAnyEvent xany;
    XExposeEvent xexpose;
    XKeyEvent xkey;
    XButtonEvent xbutton;
    long pad[24];
} XEvent;

Display *XOpenDisplay(const char *display_name);
int XCloseDisplay(Display *display);
int XDefaultScreen(Display *display);
Window XRootWindow(Display *display, int screen_number);
Window XDefaultRootWindow(Display *display);
unsigned long XBlackPixel(Display *display, int screen_number);
unsigned long XWhitePixel(Display *display, int screen_number);
Colormap XDefaultColormap(Display *display, int screen_number);
int XDefaultDepth(Display *display, int screen_number);
Visual *XDefaultVisual(Display *display, int screen_number);
GC XDefaultGC(Display *display, int screen_number);
int XDisplayWidth(Display *display, int screen_number);
int XDisplayHeight(Display *display, int screen_number);
Window XCreateSimpleWindow(Display *display, Window parent, int x, int y, unsigned int width,
                           unsigned int height, unsigned int border_width, unsigned long border,
                           unsigned long background);
int XDestroyWindow(Display *display, Window w);
int XMapWindow(Display *display, Window w);
int XMapRaised(Display *display, Window w);
int XUnmapWindow(Display *display, Window w);
int XStoreName(Display *display, Window w, const char *window_name);
int XSelectInput(Display *display, Window w, long event_mask);
GC XCreateGC(Display *display, Drawable d, unsigned long valuemask, XGCValues *values);
int XFreeGC(Display *display, GC gc);
int XSetForeground(Display *display, GC gc, unsigned long foreground);
int XSetBackground(Display *display, GC gc, unsigned long background);
int XSetLineAttributes(Display *display, GC gc, unsigned int line_width, int line_style,
                       int cap_style, int join_style);
Status XAllocColor(Display *display, Colormap colormap, XColor *screen_in_out);
Status XParseColor(Display *display, Colormap colormap, const char *spec, XColor *exact_def_return);
Status XAllocNamedColor(Display *display, Colormap colormap, const char *color_name,
                        XColor *screen_def_return, XColor *exact_def_return);
int XDrawPoint(Display *display, Drawable d, GC gc, int x, int y);
int XDrawPoints(Display *display, Drawable d, GC gc, XPoint *points, int npoints, int mode);
int XDrawLine(Display *display, Drawable d, GC gc, int x1, int y1, int x2, int y2);
int XDrawRectangle(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
                   unsigned int height);
int XFillRectangle(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
                   unsigned int height);
int XFillRectangles(Display *display, Drawable d, GC gc, XRectangle *rectangles, int n);
int XDrawArc(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
             unsigned int height, int angle1, int angle2);
int XFillArc(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
             unsigned int height, int angle1, int angle2);
int XDrawString(Display *display, Drawable d, GC gc, int x, int y, const char *string, int length);
int XClearWindow(Display *display, Window w);
int XFlush(Display *display);
int XSync(Display *display, Bool discard);
int XPending(Display *display);
int XNextEvent(Display *display, XEvent *event_return);

#define DefaultScreen(dpy) XDefaultScreen(dpy)
#define RootWindow(dpy, scr) XRootWindow(dpy, scr)
#define DefaultRootWindow(dpy) XDefaultRootWindow(dpy)
#define BlackPixel(dpy, scr) XBlackPixel(dpy, scr)
#define WhitePixel(dpy, scr) XWhitePixel(dpy, scr)
#define DefaultColormap(dpy, scr) XDefaultColormap(dpy, scr)
#define DefaultDepth(dpy, scr) XDefaultDepth(dpy, scr)
#define DefaultVisual(dpy, scr) XDefaultVisual(dpy, scr)
#define DefaultGC(dpy, scr) XDefaultGC(dpy, scr)
#define DisplayWidth(dpy, scr) XDisplayWidth(dpy, scr)
#define DisplayHeight(dpy, scr) XDisplayHeight(dpy, scr)

#endif
