"""d3-shape's curves (curveLinear, curveStep*, curveBasis, curveCardinal, curveCatmullRom,
curveMonotoneX, curveNatural, curveBumpX), written here from d3-shape v3's source as plain
functions of one piece of points, so that the engines can be checked against d3's definitions
rather than against each other. Each returns a list of (command, numbers)."""
import math


def linear(p):
    out = [("M", p[0])] + [("L", q) for q in p[1:]]
    return out + [("Z", ())] if len(p) == 1 else out


def step(p, t):
    out = [("M", p[0])]
    for (x0, y0), (x, y) in zip(p, p[1:]):
        if t <= 0:
            out += [("L", (x0, y)), ("L", (x, y))]
        else:
            x1 = x0 * (1 - t) + x * t
            out += [("L", (x1, y0)), ("L", (x1, y))]
    if 0 < t < 1 and len(p) >= 2:
        out.append(("L", p[-1]))
    return out + [("Z", ())] if len(p) == 1 else out


def basis(p):
    if len(p) == 1:
        return [("M", p[0]), ("Z", ())]
    if len(p) == 2:
        return [("M", p[0]), ("L", p[1])]
    def seg(a, b, c):
        return ("C", ((2 * a[0] + b[0]) / 3, (2 * a[1] + b[1]) / 3, (a[0] + 2 * b[0]) / 3, (a[1] + 2 * b[1]) / 3,
                      (a[0] + 4 * b[0] + c[0]) / 6, (a[1] + 4 * b[1] + c[1]) / 6))
    out = [("M", p[0]), ("L", ((5 * p[0][0] + p[1][0]) / 6, (5 * p[0][1] + p[1][1]) / 6))]
    for i in range(2, len(p)):
        out.append(seg(p[i - 2], p[i - 1], p[i]))
    out.append(seg(p[-2], p[-1], p[-1]))
    out.append(("L", p[-1]))
    return out


def cardinal(p, tension):
    if len(p) <= 2:
        return linear(p)
    k = (1 - tension) / 6
    # d3's state machine makes the first and last tangent point back at the neighbour: the
    # first control point sits on the first point, the last on the last.
    q = [p[1]] + p + [p[-2]]
    out = [("M", p[0])]
    for i in range(1, len(q) - 2):
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = q[i - 1], q[i], q[i + 1], q[i + 2]
        out.append(("C", (x1 + k * (x2 - x0), y1 + k * (y2 - y0), x2 + k * (x1 - x3), y2 + k * (y1 - y3), x2, y2)))
    return out


def catmull_rom(p, alpha):
    if alpha == 0:
        return cardinal(p, 0)
    if len(p) <= 2:
        return linear(p)
    eps = 1e-12
    q = [p[0]] + p + [p[-1]]
    out = [("M", p[0])]
    for i in range(1, len(q) - 2):
        p0, p1, p2, p3 = q[i - 1], q[i], q[i + 1], q[i + 2]
        l01_2a = ((p1[0] - p0[0]) ** 2 + (p1[1] - p0[1]) ** 2) ** alpha
        l12_2a = ((p2[0] - p1[0]) ** 2 + (p2[1] - p1[1]) ** 2) ** alpha
        l23_2a = ((p3[0] - p2[0]) ** 2 + (p3[1] - p2[1]) ** 2) ** alpha
        l01_a, l12_a, l23_a = math.sqrt(l01_2a), math.sqrt(l12_2a), math.sqrt(l23_2a)
        c1, c2 = p1, p2
        if l01_a > 1e-6:  # d3's epsilon
            a = 2 * l01_2a + 3 * l01_a * l12_a + l12_2a
            n = 3 * l01_a * (l01_a + l12_a)
            c1 = ((p1[0] * a - p0[0] * l12_2a + p2[0] * l01_2a) / n, (p1[1] * a - p0[1] * l12_2a + p2[1] * l01_2a) / n)
        if l23_a > 1e-6:
            b = 2 * l23_2a + 3 * l23_a * l12_a + l12_2a
            m = 3 * l23_a * (l23_a + l12_a)
            c2 = ((p2[0] * b + p1[0] * l23_2a - p3[0] * l12_2a) / m, (p2[1] * b + p1[1] * l23_2a - p3[1] * l12_2a) / m)
        out.append(("C", (*c1, *c2, *p2)))
    return out


def monotone_x(p):
    pts = [p[0]]
    for q in p[1:]:
        if q != pts[-1]:
            pts.append(q)  # d3 skips a point equal to the previous one
    if len(pts) == 1:
        return [("M", pts[0]), ("Z", ())]
    if len(pts) == 2:
        return [("M", pts[0]), ("L", pts[1])]
    def sign(v):
        return -1 if v < 0 else 1
    def div(a, b):  # JavaScript division: x/0 is ±Infinity, 0/0 NaN
        if b == 0:
            return math.nan if a == 0 or math.isnan(a) else math.copysign(math.inf, a) * math.copysign(1, b)
        return a / b
    def slope3(a, b, c):
        h0, h1 = b[0] - a[0], c[0] - b[0]
        s0 = div(b[1] - a[1], h0 if h0 else (-0.0 if h1 < 0 else 0.0))
        s1 = div(c[1] - b[1], h1 if h1 else (-0.0 if h0 < 0 else 0.0))
        pp = div(s0 * h1 + s1 * h0, h0 + h1)
        values = (abs(s0), abs(s1), 0.5 * abs(pp))
        v = math.nan if any(math.isnan(z) for z in values) else (sign(s0) + sign(s1)) * min(values)
        return 0.0 if math.isnan(v) or v == 0 else v  # d3: `… || 0`
    def slope2(a, b, t):
        h = b[0] - a[0]
        return (3 * (b[1] - a[1]) / h - t) / 2 if h else t
    tangents = [slope3(pts[i - 1], pts[i], pts[i + 1]) for i in range(1, len(pts) - 1)]
    t_first = slope2(pts[0], pts[1], tangents[0])
    t_last = slope2(pts[-2], pts[-1], tangents[-1])
    t = [t_first] + tangents + [t_last]
    out = [("M", pts[0])]
    for i in range(len(pts) - 1):
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        dx = (x1 - x0) / 3
        out.append(("C", (x0 + dx, y0 + dx * t[i], x1 - dx, y1 - dx * t[i + 1], x1, y1)))
    return out


def natural(p):
    n = len(p)
    if n == 1:
        return [("M", p[0]), ("Z", ())]
    if n == 2:
        return [("M", p[0]), ("L", p[1])]
    def control(v):
        m = len(v) - 1
        a, b, r = [0.0] * m, [0.0] * m, [0.0] * m
        a[0], b[0], r[0] = 0, 2, v[0] + 2 * v[1]
        for i in range(1, m - 1):
            a[i], b[i], r[i] = 1, 4, 4 * v[i] + 2 * v[i + 1]
        a[m - 1], b[m - 1], r[m - 1] = 2, 7, 8 * v[m - 1] + v[m]
        for i in range(1, m):
            f = a[i] / b[i - 1]
            b[i] -= f
            r[i] -= f * r[i - 1]
        a[m - 1] = r[m - 1] / b[m - 1]
        for i in range(m - 2, -1, -1):
            a[i] = (r[i] - a[i + 1]) / b[i]
        b[m - 1] = (v[m] + a[m - 1]) / 2
        for i in range(m - 1):
            b[i] = 2 * v[i + 1] - a[i + 1]
        return a, b
    ax, bx = control([q[0] for q in p])
    ay, by = control([q[1] for q in p])
    return [("M", p[0])] + [("C", (ax[i], ay[i], bx[i], by[i], *p[i + 1])) for i in range(n - 1)]


def bump_x(p):
    out = [("M", p[0])]
    for (x0, y0), (x, y) in zip(p, p[1:]):
        mid = (x0 + x) / 2
        out.append(("C", (mid, y0, mid, y, x, y)))
    return out + [("Z", ())] if len(p) == 1 else out


def curve(name, points, alpha=0.5, tension=0.0):
    """The whole line: pieces between gaps (y None), each drawn by the named curve."""
    functions = {"linear": linear, "stepStart": lambda p: step(p, 0), "stepCenter": lambda p: step(p, 0.5),
                 "stepEnd": lambda p: step(p, 1), "basis": basis, "cardinal": lambda p: cardinal(p, tension),
                 "catmullRom": lambda p: catmull_rom(p, alpha), "monotone": monotone_x, "natural": natural, "bumpX": bump_x}
    out, piece = [], []
    for x, y in points + [(None, None)]:
        if y is None:
            if piece:
                out += functions[name](piece)
            piece = []
        else:
            piece.append((x, y))
    return out
