//! The wait-for graph of a deadlock drawn as inline SVG, without Graphviz:
//! boxes evenly on an ellipse (side by side for two), an arrow from each
//! waiting process to the one it waits for, labeled with what it needs.
//!
//! Text widths are estimated from the character count in a monospace font
//! (the SVG asks for one), so the layout is the same on every machine and
//! the drawing of a graph is always the same text.

use super::escape;
use crate::diag::waitfor::{NodeKind, WaitEdge, WaitGraph, WaitNode};
use std::collections::HashMap;
use std::f64::consts::PI;
use std::fmt::Write as _;

/// Font size of node labels and of edge labels, in px.
const NODE_FONT: f64 = 13.0;
const EDGE_FONT: f64 = 12.0;
/// Width of a monospace character, as a fraction of the font size (0.6 in
/// DejaVu Sans Mono, Menlo and Consolas; a little more for safety).
const CHAR: f64 = 0.62;
/// Height of a line of a node's label, and the padding inside its box.
const LINE: f64 = 18.0;
const PAD: f64 = 10.0;
/// Room kept between two boxes across and down, and along an edge
/// besides its label.
const ROOM_X: f64 = 40.0;
const ROOM_Y: f64 = 16.0;
const ROOM_EDGE: f64 = 40.0;
/// Height of the ellipse the boxes sit on, as a fraction of its width:
/// boxes are wide and short, so they can be closer up and down.
const FLAT: f64 = 0.55;
/// The ellipse grows by this factor until the boxes fit, at most
/// `GROWTH_STEPS` times.
const GROWTH: f64 = 1.08;
const GROWTH_STEPS: usize = 200;
/// How far apart the middles of two edges between the same nodes are.
const SPREAD: f64 = 34.0;
/// Length and half width of an arrowhead.
const HEAD: f64 = 10.0;
const HEAD_HALF: f64 = 4.5;
/// Empty space around the drawing.
const MARGIN: f64 = 12.0;

#[derive(Clone, Copy, Debug, PartialEq)]
struct Point {
    x: f64,
    y: f64,
}

impl Point {
    fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    fn plus(self, o: Point, k: f64) -> Point {
        Point::new(self.x + o.x * k, self.y + o.y * k)
    }

    fn minus(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }

    /// The unit vector along `self` (zero stays zero).
    fn unit(self) -> Point {
        let len = self.x.hypot(self.y);
        if len < 1e-9 {
            Point::new(0.0, 0.0)
        } else {
            Point::new(self.x / len, self.y / len)
        }
    }

    /// `self` turned a quarter to the left.
    fn normal(self) -> Point {
        Point::new(-self.y, self.x)
    }
}

/// A node's box: center and half sizes.
#[derive(Clone, Copy, Debug)]
struct Placed {
    center: Point,
    half_w: f64,
    half_h: f64,
}

impl Placed {
    /// Where the ray from the center toward `toward` leaves the box, a few
    /// pixels out so that an arrowhead is not hidden by the border.
    fn border(&self, toward: Point) -> Point {
        let d = toward.minus(self.center).unit();
        let tx = if d.x.abs() < 1e-9 {
            f64::INFINITY
        } else {
            self.half_w / d.x.abs()
        };
        let ty = if d.y.abs() < 1e-9 {
            f64::INFINITY
        } else {
            self.half_h / d.y.abs()
        };
        let t = tx.min(ty);
        if t.is_finite() {
            self.center.plus(d, t + 3.0)
        } else {
            self.center
        }
    }
}

/// A routed edge: the curve (`from`, control point, `to`), the side its
/// label prefers (`out`: where the curve bends to), and the center of its
/// label.
struct Route {
    from: Point,
    control: Point,
    to: Point,
    out: Point,
    label: Point,
}

impl Route {
    /// The point of the curve at `t` (0 at `from`, 1 at `to`).
    fn at(&self, t: f64) -> Point {
        let (a, b, c) = ((1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t);
        Point::new(
            a * self.from.x + b * self.control.x + c * self.to.x,
            a * self.from.y + b * self.control.y + c * self.to.y,
        )
    }

    /// The direction of the curve at `t`.
    fn along(&self, t: f64) -> Point {
        let (a, b) = (self.control.minus(self.from), self.to.minus(self.control));
        Point::new((1.0 - t) * a.x + t * b.x, (1.0 - t) * a.y + t * b.y)
    }
}

/// Half the height of an edge label's box.
const LABEL_HALF_H: f64 = EDGE_FONT / 2.0 + 2.0;

/// Bounds of what is drawn, grown as things are placed.
struct Bounds {
    min: Point,
    max: Point,
}

impl Bounds {
    fn new() -> Bounds {
        Bounds {
            min: Point::new(f64::INFINITY, f64::INFINITY),
            max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        }
    }

    /// Includes the rectangle of half sizes `hw`, `hh` around `c`.
    fn add(&mut self, c: Point, hw: f64, hh: f64) {
        self.min = Point::new(self.min.x.min(c.x - hw), self.min.y.min(c.y - hh));
        self.max = Point::new(self.max.x.max(c.x + hw), self.max.y.max(c.y + hh));
    }
}

/// The graph as an `<svg>` element: a `<g class="node">` (a `<rect>` and a
/// `<text>` per line of its label) per process, a `<g class="note">` per
/// need no process meets, a `<g class="edge">` (the curve, its arrowhead
/// and label) per edge, dashed when any one of the waiter's edges would do.
pub(super) fn render(graph: &WaitGraph) -> String {
    let lines: Vec<Vec<String>> = graph.nodes.iter().map(shown_lines).collect();
    let boxes = layout(graph, &lines);
    let (routes, _) = route(graph, &boxes);
    let mut bounds = Bounds::new();
    for b in &boxes {
        bounds.add(b.center, b.half_w, b.half_h);
    }
    for (e, r) in graph.edges.iter().zip(&routes) {
        bounds.add(r.label, text_width(&e.label, EDGE_FONT) / 2.0, LABEL_HALF_H);
        // The curve goes toward its control point, not through it.
        bounds.add(r.at(0.5), 1.0, 1.0);
    }
    if boxes.is_empty() {
        bounds.add(Point::new(0.0, 0.0), 1.0, 1.0);
    }
    let (x, y) = (bounds.min.x - MARGIN, bounds.min.y - MARGIN);
    let (w, h) = (
        bounds.max.x - bounds.min.x + 2.0 * MARGIN,
        bounds.max.y - bounds.min.y + 2.0 * MARGIN,
    );
    let mut out = String::new();
    // Inline SVG in HTML needs no namespace (and the page names no URL).
    // Writing to a String cannot fail, here and below.
    let _ = writeln!(
        out,
        "<svg class=\"waitfor\" role=\"img\" \
         aria-label=\"wait-for graph\" width=\"{w:.0}\" height=\"{h:.0}\" \
         viewBox=\"{x:.1} {y:.1} {w:.1} {h:.1}\" \
         font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">"
    );
    // Edges first, so that boxes cover their ends.
    for (e, r) in graph.edges.iter().zip(&routes) {
        edge(&mut out, &e.label, e.any, r);
    }
    for ((n, lines), b) in graph.nodes.iter().zip(&lines).zip(&boxes) {
        node(&mut out, n.kind, lines, b);
    }
    out.push_str("</svg>\n");
    out
}

/// Estimated width of `text` at font size `font`.
fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * font * CHAR
}

/// A node's label as drawn: a process that is not blocked says so (it
/// finished, or stopped at an error), so that the boxes a chain ends in
/// read as such without the message.
fn shown_lines(node: &WaitNode) -> Vec<String> {
    let mut lines = node.lines.clone();
    if node.kind == NodeKind::Process {
        lines.push("not blocked".into());
    }
    lines
}

/// Each node's box, centered: one alone at the origin, two side by side,
/// more evenly on an ellipse from the top, clockwise, in `ring_order`.
/// The ellipse starts as small as the boxes' heights allow and grows until
/// the boxes fit (`boxes_fit`), then a little more if that clears the
/// labels (`labels_clear`), so that a small graph stays small.
fn layout(graph: &WaitGraph, lines: &[Vec<String>]) -> Vec<Placed> {
    let mut boxes: Vec<Placed> = lines
        .iter()
        .map(|lines| {
            let widest = lines
                .iter()
                .map(|l| text_width(l, NODE_FONT))
                .fold(0.0, f64::max);
            Placed {
                center: Point::new(0.0, 0.0),
                half_w: widest / 2.0 + PAD,
                half_h: lines.len() as f64 * LINE / 2.0 + PAD / 2.0,
            }
        })
        .collect();
    let n = boxes.len();
    if n < 2 {
        return boxes;
    }
    let order = ring_order(graph);
    // The boxes stacked along the ellipse need at least its perimeter
    // (more than 2 pi times its height's half).
    let tallest = boxes.iter().map(|b| 2.0 * b.half_h).fold(0.0, f64::max);
    let mut rx = (n as f64 * (tallest + ROOM_Y) / (2.0 * PI * FLAT)).max(20.0);
    place(&mut boxes, &order, rx);
    for _ in 0..GROWTH_STEPS {
        if boxes_fit(&boxes, &order, graph) {
            break;
        }
        rx *= GROWTH;
        place(&mut boxes, &order, rx);
    }
    if n > LABELS_CHECKED {
        return boxes;
    }
    // Labels of edges that cross at the same point never clear: past
    // twice the size the boxes need, the smallest drawing is the best.
    let smallest = rx;
    while !labels_clear(&boxes, graph) {
        rx *= GROWTH;
        if rx > LABEL_GROWTH * smallest {
            place(&mut boxes, &order, smallest);
            break;
        }
        place(&mut boxes, &order, rx);
    }
    boxes
}

/// The nodes in their order around the ellipse: each blocked process,
/// then the nodes it waits for first that are not blocked (processes
/// that finished, needs no process meets), so that those sit beside it
/// instead of across the drawing, their edges short.
fn ring_order(graph: &WaitGraph) -> Vec<usize> {
    let n = graph.nodes.len();
    let mut targets: Vec<Vec<usize>> = vec![Vec::new(); n];
    for e in graph.edges.iter().filter(|e| e.from < n && e.to < n) {
        targets[e.from].push(e.to);
    }
    let blocked = |i: usize| graph.nodes[i].kind == NodeKind::Blocked;
    let mut placed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for i in (0..n).filter(|&i| blocked(i)) {
        placed[i] = true;
        order.push(i);
        for &t in &targets[i] {
            if !placed[t] && !blocked(t) {
                placed[t] = true;
                order.push(t);
            }
        }
    }
    order.extend((0..n).filter(|&i| !placed[i]));
    order
}

/// The boxes evenly on the ellipse of half width `rx`, in `order`: left
/// and right for two, else from the top, clockwise.
fn place(boxes: &mut [Placed], order: &[usize], rx: f64) {
    let step = 2.0 * PI / order.len() as f64;
    let start = if order.len() == 2 { PI } else { -PI / 2.0 };
    for (slot, &i) in order.iter().enumerate() {
        let angle = start + step * slot as f64;
        boxes[i].center = Point::new(rx * angle.cos(), rx * FLAT * angle.sin());
    }
}

/// Graphs up to this many nodes have their labels checked against every
/// box and label; past it the check would cost more than a drawing that
/// size is worth (it is not readable anyway).
const LABELS_CHECKED: usize = 64;

/// How much larger than the boxes need the drawing may grow to clear its
/// labels.
const LABEL_GROWTH: f64 = 2.0;

/// Whether the boxes as placed are readable: no box overlaps the next two
/// along the ellipse (farther ones are farther apart), and each edge
/// between two boxes is long enough for its label and arrowhead.
fn boxes_fit(boxes: &[Placed], order: &[usize], graph: &WaitGraph) -> bool {
    let n = order.len();
    let apart = |a: &Placed, b: &Placed| {
        (a.center.x - b.center.x).abs() >= a.half_w + b.half_w + ROOM_X
            || (a.center.y - b.center.y).abs() >= a.half_h + b.half_h + ROOM_Y
    };
    let neighbors_apart = (0..n).all(|slot| {
        (1..=2.min(n - 1)).all(|k| apart(&boxes[order[slot]], &boxes[order[(slot + k) % n]]))
    });
    neighbors_apart
        && graph.edges.iter().all(|e| {
            let (Some(a), Some(b)) = (boxes.get(e.from), boxes.get(e.to)) else {
                return true;
            };
            if e.from == e.to {
                return true;
            }
            let gap = b.border(a.center).minus(a.border(b.center));
            gap.x.hypot(gap.y) >= text_width(&e.label, EDGE_FONT) + ROOM_EDGE
        })
}

/// Whether `a` and `b` overlap.
fn overlap(a: &Placed, b: &Placed) -> bool {
    (a.center.x - b.center.x).abs() < a.half_w + b.half_w
        && (a.center.y - b.center.y).abs() < a.half_h + b.half_h
}

/// Whether every edge label finds a place clear of the boxes and of the
/// other labels.
fn labels_clear(boxes: &[Placed], graph: &WaitGraph) -> bool {
    route(graph, boxes).1
}

/// Each edge's curve and label, and whether every label found a spot
/// clear of the boxes and of the labels placed before it (the first of
/// `label_spots` that is; else the first spot). Edges between the same
/// two nodes (both ways, or several needs) bend apart so that each arrow
/// and label stays readable; a lone edge is straight; an edge of a node to
/// itself is a loop above it.
fn route(graph: &WaitGraph, boxes: &[Placed]) -> (Vec<Route>, bool) {
    let check = boxes.len() <= LABELS_CHECKED;
    // The edges between each two nodes, in order.
    let pair = |e: &WaitEdge| (e.from.min(e.to), e.from.max(e.to));
    let mut between: HashMap<(usize, usize), Vec<usize>> = HashMap::new();
    for (i, e) in graph.edges.iter().enumerate() {
        between.entry(pair(e)).or_default().push(i);
    }
    let mut clear = true;
    let mut labels: Vec<Placed> = Vec::new();
    let mut routes = Vec::new();
    for (i, e) in graph.edges.iter().enumerate() {
        let same = &between[&pair(e)];
        let k = same.iter().position(|&k| k == i).unwrap_or(0);
        let mut r = curve(e, boxes, k, same.len());
        let half_w = text_width(&e.label, EDGE_FONT) / 2.0;
        let spots = if e.from == e.to {
            vec![r.label]
        } else {
            label_spots(&r, half_w)
        };
        let rect = |center: Point| Placed {
            center,
            half_w,
            half_h: LABEL_HALF_H,
        };
        let free = |p: &&Point| {
            let l = rect(**p);
            boxes.iter().chain(&labels).all(|b| !overlap(&l, b))
        };
        match spots.iter().find(|p| check && free(p)) {
            Some(p) => r.label = *p,
            None => {
                clear = false;
                r.label = spots[0];
            }
        }
        labels.push(rect(r.label));
        routes.push(r);
    }
    (routes, clear || !check)
}

/// The curve of `e`, the `k`-th of the `count` edges between its two
/// nodes (its label not placed yet).
fn curve(e: &WaitEdge, boxes: &[Placed], k: usize, count: usize) -> Route {
    let origin = Point::new(0.0, 0.0);
    let (Some(a), Some(b)) = (boxes.get(e.from), boxes.get(e.to)) else {
        return Route {
            from: origin,
            control: origin,
            to: origin,
            out: origin,
            label: origin,
        };
    };
    if e.from == e.to {
        return self_loop(a);
    }
    let bend = (k as f64 - (count as f64 - 1.0) / 2.0) * SPREAD;
    // Bent the same way whichever direction the edge goes, so that the
    // edges of a pair spread to both sides.
    let (low, high) = if e.from < e.to { (a, b) } else { (b, a) };
    let side = high.center.minus(low.center).unit().normal();
    let middle = Point::new(
        (a.center.x + b.center.x) / 2.0,
        (a.center.y + b.center.y) / 2.0,
    );
    // The curve passes through half of its control point's offset; it
    // leaves and enters the boxes toward that point.
    let toward = middle.plus(side, 2.0 * bend);
    let (from, to) = (a.border(toward), b.border(toward));
    // Its middle is that of the visible part, between the borders (boxes
    // of different widths would pull it to the wider one).
    let between = Point::new((from.x + to.x) / 2.0, (from.y + to.y) / 2.0);
    Route {
        from,
        control: between.plus(side, 2.0 * bend),
        to,
        // Above a straight edge; outside a bent one.
        out: if bend == 0.0 {
            Point::new(0.3, -1.0)
        } else {
            Point::new(side.x * bend, side.y * bend)
        },
        label: origin,
    }
}

/// Where the label of width `2 * half_w` may go along `r`, best first: at
/// the middle of the curve, then nearer its ends, each on the outer side
/// then the inner one, just clear of the line, so that the text does not
/// hide it.
fn label_spots(r: &Route, half_w: f64) -> Vec<Point> {
    let mut spots = Vec::new();
    for t in [0.5, 0.35, 0.65, 0.25, 0.75] {
        let normal = r.along(t).unit().normal();
        let normal = if normal.x * r.out.x + normal.y * r.out.y < 0.0 {
            Point::new(-normal.x, -normal.y)
        } else {
            normal
        };
        // How far the label's box reaches toward the line.
        let reach = half_w * normal.x.abs() + LABEL_HALF_H * normal.y.abs() + 3.0;
        spots.push(r.at(t).plus(normal, reach));
        spots.push(r.at(t).plus(normal, -reach));
    }
    spots
}

/// A loop from the top of a box back to it, its label above.
fn self_loop(b: &Placed) -> Route {
    let top = b.center.y - b.half_h;
    Route {
        from: Point::new(b.center.x - 18.0, top - 3.0),
        control: Point::new(b.center.x, top - 70.0),
        to: Point::new(b.center.x + 18.0, top - 3.0),
        out: Point::new(0.0, -1.0),
        // The curve peaks halfway to its control point.
        label: Point::new(b.center.x, top - 37.0 - LABEL_HALF_H - 3.0),
    }
}

/// One edge: the curve, a filled arrowhead at its end and the label.
fn edge(out: &mut String, label: &str, any: bool, r: &Route) {
    let dash = if any { " stroke-dasharray=\"6 4\"" } else { "" };
    let d = r.to.minus(r.control).unit();
    let base = r.to.plus(d, -HEAD);
    let (left, right) = (
        base.plus(d.normal(), HEAD_HALF),
        base.plus(d.normal(), -HEAD_HALF),
    );
    let _ = writeln!(
        out,
        "<g class=\"edge\"><path d=\"M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1}\" fill=\"none\" \
         stroke=\"#57606a\" stroke-width=\"1.6\"{dash}/>\
         <path d=\"M {:.1} {:.1} L {:.1} {:.1} L {:.1} {:.1} Z\" fill=\"#57606a\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{EDGE_FONT}\" text-anchor=\"middle\" \
         fill=\"#24292f\" stroke=\"#fff\" stroke-width=\"4\" paint-order=\"stroke\">{}</text></g>",
        r.from.x,
        r.from.y,
        r.control.x,
        r.control.y,
        base.x,
        base.y,
        r.to.x,
        r.to.y,
        left.x,
        left.y,
        right.x,
        right.y,
        r.label.x,
        // The text's baseline, for it to be centered on `label`.
        r.label.y + EDGE_FONT * 0.35,
        escape(label)
    );
}

/// One node: its box, colored by what it is, and its label, the first
/// line (the rank) bold, a "not blocked" gray.
fn node(out: &mut String, kind: NodeKind, lines: &[String], b: &Placed) {
    let (class, fill, stroke, dash) = match kind {
        NodeKind::Blocked => ("node", "#ffebe9", "#cf222e", ""),
        NodeKind::Process => ("node", "#f6f8fa", "#57606a", ""),
        NodeKind::Note => ("note", "#fff8c5", "#9a6700", " stroke-dasharray=\"4 3\""),
    };
    let _ = write!(
        out,
        "<g class=\"{class}\"><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
         rx=\"6\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"1.5\"{dash}/>",
        b.center.x - b.half_w,
        b.center.y - b.half_h,
        2.0 * b.half_w,
        2.0 * b.half_h,
    );
    // Lines centered on the box, each on its baseline.
    let first = b.center.y - (lines.len() as f64 - 1.0) * LINE / 2.0 + NODE_FONT * 0.35;
    for (i, line) in lines.iter().enumerate() {
        let look = if i == 0 {
            "fill=\"#24292f\" font-weight=\"bold\""
        } else if kind == NodeKind::Process {
            // "not blocked", under the rank.
            "fill=\"#57606a\" font-style=\"italic\""
        } else {
            "fill=\"#24292f\""
        };
        let _ = write!(
            out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{NODE_FONT}\" text-anchor=\"middle\" \
             {look}>{}</text>",
            b.center.x,
            first + i as f64 * LINE,
            escape(line)
        );
    }
    out.push_str("</g>\n");
}
