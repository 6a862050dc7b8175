/* RUN: -n 2
 * EXTRACT: --stub x11
 * EXPECT: verified
 * Rank 0 draws the ranks' values in an X11 window (XOpenDisplay,
 * XCreateSimpleWindow, XCreateGC, XFillRectangle, XDrawString, XFlush)
 * and waits for a key before closing. The bundled stub (--stub x11) draws
 * nothing, opens a display that works and delivers an Expose then a
 * KeyPress, so the event loop ends; the values come with MPI_Gather (MPI
 * 3.1 §5.5).
 */
#include <X11/Xlib.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int value = 10 * (rank + 1), values[16];
    MPI_Gather(&value, 1, MPI_INT, values, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        Display *dpy = XOpenDisplay(NULL);
        if (dpy == NULL)
            MPI_Abort(MPI_COMM_WORLD, 1);
        int screen = DefaultScreen(dpy);
        Window win = XCreateSimpleWindow(dpy, RootWindow(dpy, screen), 0, 0, 200, 100, 1,
                                         BlackPixel(dpy, screen), WhitePixel(dpy, screen));
        XSelectInput(dpy, win, ExposureMask | KeyPressMask);
        XMapWindow(dpy, win);
        GC gc = XCreateGC(dpy, win, 0, NULL);
        XEvent ev;
        for (;;) {
            XNextEvent(dpy, &ev);
            if (ev.type == Expose) {
                char label[32];
                for (int r = 0; r < size; r++) {
                    XFillRectangle(dpy, win, gc, 20 * r, 100 - values[r], 15, values[r]);
                    int n = snprintf(label, sizeof label, "%d", values[r]);
                    XDrawString(dpy, win, gc, 20 * r, 10, label, n);
                }
                XFlush(dpy);
            }
            if (ev.type == KeyPress)
                break;
        }
        XFreeGC(dpy, gc);
        XDestroyWindow(dpy, win);
        XCloseDisplay(dpy);
    }
    MPI_Finalize();
    return 0;
}
