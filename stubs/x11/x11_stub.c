/* X11 drawing for `mpi-extract --stub x11`: no window appears. A display
 * opens (a fresh object: the check runs as if $DISPLAY worked), windows
 * and graphics contexts are numbers, drawing does nothing, and the event
 * queue holds one Expose then one KeyPress per window, so that a program
 * waiting for a key to quit gets it. Strings given are read. */
#include <X11/Xlib.h>
#include <stdlib.h>
#include <string.h>

struct _XDisplay {
    int screen;
    unsigned long next_id;
    int events_sent;
};

struct _XGC {
    unsigned long foreground;
    unsigned long background;
};

static Visual x11_visual;

Display *XOpenDisplay(const char *display_name) {
    if (display_name != NULL)
        (void)strlen(display_name);
    Display *d = calloc(1, sizeof(struct _XDisplay));
    if (d != NULL)
        d->next_id = 0x200000;
    return d;
}

int XCloseDisplay(Display *display) {
    free(display);
    return 0;
}

int XDefaultScreen(Display *display) { return display->screen; }
Window XRootWindow(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return 0x100;
}
Window XDefaultRootWindow(Display *display) { return XRootWindow(display, 0); }
unsigned long XBlackPixel(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return 0;
}
unsigned long XWhitePixel(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return 0xffffff;
}
Colormap XDefaultColormap(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return 0x20;
}
int XDefaultDepth(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return 24;
}
Visual *XDefaultVisual(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return &x11_visual;
}
int XDisplayWidth(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return 1920;
}
int XDisplayHeight(Display *display, int screen_number) {
    (void)display;
    (void)screen_number;
    return 1080;
}

Window XCreateSimpleWindow(Display *display, Window parent, int x, int y, unsigned int width,
                           unsigned int height, unsigned int border_width, unsigned long border,
                           unsigned long background) {
    (void)parent, (void)x, (void)y, (void)width, (void)height;
    (void)border_width, (void)border, (void)background;
    return display->next_id++;
}

int XDestroyWindow(Display *display, Window w) { (void)display, (void)w; return 1; }
int XMapWindow(Display *display, Window w) { (void)display, (void)w; return 1; }
int XMapRaised(Display *display, Window w) { (void)display, (void)w; return 1; }
int XUnmapWindow(Display *display, Window w) { (void)display, (void)w; return 1; }
int XStoreName(Display *display, Window w, const char *window_name) {
    (void)display, (void)w;
    (void)strlen(window_name);
    return 1;
}
int XSelectInput(Display *display, Window w, long event_mask) {
    (void)display, (void)w, (void)event_mask;
    return 1;
}

GC XCreateGC(Display *display, Drawable d, unsigned long valuemask, XGCValues *values) {
    (void)display, (void)d;
    GC gc = calloc(1, sizeof(struct _XGC));
    if (gc != NULL && values != NULL) {
        if (valuemask & GCForeground)
            gc->foreground = values->foreground;
        if (valuemask & GCBackground)
            gc->background = values->background;
    }
    return gc;
}

/* Each display's default graphics context, made when first asked for. */
GC XDefaultGC(Display *display, int screen_number) {
    (void)screen_number;
    static GC gc;
    if (gc == NULL)
        gc = XCreateGC(display, 0, 0, NULL);
    return gc;
}

int XFreeGC(Display *display, GC gc) {
    (void)display;
    free(gc);
    return 1;
}
int XSetForeground(Display *display, GC gc, unsigned long foreground) {
    (void)display;
    gc->foreground = foreground;
    return 1;
}
int XSetBackground(Display *display, GC gc, unsigned long background) {
    (void)display;
    gc->background = background;
    return 1;
}
int XSetLineAttributes(Display *display, GC gc, unsigned int line_width, int line_style,
                       int cap_style, int join_style) {
    (void)display, (void)gc, (void)line_width, (void)line_style, (void)cap_style, (void)join_style;
    return 1;
}

Status XAllocColor(Display *display, Colormap colormap, XColor *screen_in_out) {
    (void)display, (void)colormap;
    screen_in_out->pixel = ((unsigned long)(screen_in_out->red >> 8) << 16) |
                           ((unsigned long)(screen_in_out->green >> 8) << 8) |
                           (unsigned long)(screen_in_out->blue >> 8);
    return 1;
}
Status XParseColor(Display *display, Colormap colormap, const char *spec, XColor *exact_def_return) {
    (void)display, (void)colormap;
    (void)strlen(spec);
    memset(exact_def_return, 0, sizeof *exact_def_return);
    return 1;
}
Status XAllocNamedColor(Display *display, Colormap colormap, const char *color_name,
                        XColor *screen_def_return, XColor *exact_def_return) {
    XParseColor(display, colormap, color_name, exact_def_return);
    *screen_def_return = *exact_def_return;
    return 1;
}

int XDrawPoint(Display *display, Drawable d, GC gc, int x, int y) {
    (void)display, (void)d, (void)gc, (void)x, (void)y;
    return 1;
}
int XDrawPoints(Display *display, Drawable d, GC gc, XPoint *points, int npoints, int mode) {
    (void)display, (void)d, (void)gc, (void)mode;
    for (int i = 0; i < npoints; i++)
        (void)points[i].x;
    return 1;
}
int XDrawLine(Display *display, Drawable d, GC gc, int x1, int y1, int x2, int y2) {
    (void)display, (void)d, (void)gc, (void)x1, (void)y1, (void)x2, (void)y2;
    return 1;
}
int XDrawRectangle(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
                   unsigned int height) {
    (void)display, (void)d, (void)gc, (void)x, (void)y, (void)width, (void)height;
    return 1;
}
int XFillRectangle(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
                   unsigned int height) {
    (void)display, (void)d, (void)gc, (void)x, (void)y, (void)width, (void)height;
    return 1;
}
int XFillRectangles(Display *display, Drawable d, GC gc, XRectangle *rectangles, int n) {
    (void)display, (void)d, (void)gc;
    for (int i = 0; i < n; i++)
        (void)rectangles[i].x;
    return 1;
}
int XDrawArc(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
             unsigned int height, int angle1, int angle2) {
    (void)display, (void)d, (void)gc, (void)x, (void)y, (void)width, (void)height;
    (void)angle1, (void)angle2;
    return 1;
}
int XFillArc(Display *display, Drawable d, GC gc, int x, int y, unsigned int width,
             unsigned int height, int angle1, int angle2) {
    (void)display, (void)d, (void)gc, (void)x, (void)y, (void)width, (void)height;
    (void)angle1, (void)angle2;
    return 1;
}
int XDrawString(Display *display, Drawable d, GC gc, int x, int y, const char *string, int length) {
    (void)display, (void)d, (void)gc, (void)x, (void)y;
    for (int i = 0; i < length; i++)
        (void)string[i];
    return 1;
}
int XClearWindow(Display *display, Window w) { (void)display, (void)w; return 1; }
int XFlush(Display *display) { (void)display; return 1; }
int XSync(Display *display, Bool discard) { (void)display, (void)discard; return 1; }

int XPending(Display *display) { return display->events_sent < 2 ? 2 - display->events_sent : 0; }

int XNextEvent(Display *display, XEvent *event_return) {
    memset(event_return, 0, sizeof *event_return);
    event_return->type = display->events_sent == 0 ? Expose : KeyPress;
    event_return->xany.display = display;
    event_return->xany.window = display->next_id - 1;
    display->events_sent++;
    return 0;
}
