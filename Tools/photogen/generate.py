#!/usr/bin/env python3
"""Procedural "photo" generator for Tessera's bundled demo photos.

Renders 24 deterministic, photograph-like landscape scenes (mountains, lakes,
sunsets, dunes, cities at night, starfields, auroras, oceans, meadows, ...)
using fractal noise (fBm value noise, midpoint displacement), simple lighting,
reflections, atmospheric perspective, film grain and vignetting, and writes them
as baseline sRGB JPEGs named photo-01.jpg ... photo-24.jpg.

Usage (from the repository root):

    python3 Tools/photogen/generate.py [OUTPUT_DIR]      # default: Assets/Photos
    python3 Tools/photogen/generate.py --only 3,7        # render a subset
    python3 Tools/photogen/generate.py --destinations    # the 2:1 panoramas in Assets/Destinations

Requires Python 3, numpy and Pillow (pip install Pillow). All randomness uses
fixed seeds, so the output is reproducible for a given numpy/Pillow version.
"""

import math
import os
import sys
import time

import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from caption import set_caption  # noqa: E402  (beside this script)

F32 = np.float32


# ---------------------------------------------------------------------------
# Basic helpers
# ---------------------------------------------------------------------------

def C(c):
    """'#rrggbb' -> float32 RGB array in [0, 1] (arrays pass through)."""
    if isinstance(c, str):
        return np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)], F32) / 255.0
    return np.asarray(c, F32)


def smoothstep(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def mix(a, b, t):
    """Linear blend of colours/images a -> b by t (scalar or HxW map)."""
    t = np.asarray(t, F32)
    if t.ndim == 2:
        t = t[..., None]
    return a + (b - a) * t


def gradient_map(t, stops):
    """Map a scalar field through a list of (position, colour) stops."""
    pos = [p for p, _ in stops]
    cols = np.stack([C(c) for _, c in stops])
    out = np.empty(np.shape(t) + (3,), F32)
    for k in range(3):
        out[..., k] = np.interp(t, pos, cols[:, k])
    return out


def box_blur(a, r, axis):
    r = int(r)
    if r < 1:
        return a
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    p = np.pad(a, pad, mode="edge")
    c = np.cumsum(p, axis=axis, dtype=np.float64)
    n = a.shape[axis]
    hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return ((hi - lo) / (2 * r + 1)).astype(F32)


def blur(a, r, passes=3):
    """Approximate gaussian blur (repeated box blur) over both image axes."""
    r = max(1, int(round(r / math.sqrt(passes))))
    for _ in range(passes):
        a = box_blur(box_blur(a, r, 0), r, 1)
    return a


def norm01(a, lo=1.0, hi=99.0):
    p0, p1 = np.percentile(a, [lo, hi])
    return np.clip((a - p0) / max(p1 - p0, 1e-6), 0.0, 1.0).astype(F32)


def luminance(img):
    return img[..., 0] * 0.2126 + img[..., 1] * 0.7152 + img[..., 2] * 0.0722


# ---------------------------------------------------------------------------
# Noise
# ---------------------------------------------------------------------------

class Noise:
    """Tileable value noise with fBm / ridged variants over arbitrary coords."""

    SIZE = 256

    def __init__(self, seed):
        rng = np.random.default_rng(seed)
        self.grids = [rng.random((self.SIZE, self.SIZE), dtype=F32) for _ in range(10)]
        self.offs = rng.random((10, 2)) * self.SIZE
        ang = np.arange(10) * 0.61 + 0.3
        self.rot = np.stack([np.cos(ang), np.sin(ang)], 1).astype(F32)

    def value(self, X, Y, o=0):
        g = self.grids[o % len(self.grids)]
        s = self.SIZE
        xf = np.floor(X)
        yf = np.floor(Y)
        fx = (X - xf).astype(F32)
        fy = (Y - yf).astype(F32)
        fx = fx * fx * (3 - 2 * fx)
        fy = fy * fy * (3 - 2 * fy)
        xi = xf.astype(np.int64) % s
        yi = yf.astype(np.int64) % s
        xi1 = (xi + 1) % s
        yi1 = (yi + 1) % s
        a = g[yi, xi]
        b = g[yi, xi1]
        c = g[yi1, xi]
        d = g[yi1, xi1]
        return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * (fx * fy)

    def fbm(self, X, Y, octaves=6, persistence=0.5, lacunarity=2.0, ridged=False):
        total = 0.0
        amp = 1.0
        norm = 0.0
        freq = 1.0
        X = np.asarray(X, F32)
        Y = np.asarray(Y, F32)
        for o in range(octaves):
            ox, oy = self.offs[o % 10]
            ca, sa = self.rot[o % 10]
            Xr = (X * ca - Y * sa) * freq
            Yr = (X * sa + Y * ca) * freq
            n = self.value(Xr + ox, Yr + oy, o)
            if ridged:
                n = 1.0 - np.abs(2.0 * n - 1.0)
                n = n * n
            total = total + amp * n
            norm += amp
            amp *= persistence
            freq *= lacunarity
        return (total / norm).astype(F32)


def mpd(n, rng, rough=0.5):
    """1-D midpoint displacement fractal, normalised to [0, 1]."""
    N = 1
    while N < n:
        N *= 2
    arr = np.zeros(N + 1)
    arr[0], arr[N] = rng.normal(0, 0.5, 2)
    step = N
    scale = 1.0
    while step > 1:
        half = step // 2
        arr[half:N:step] = 0.5 * (arr[0:N - half:step] + arr[step::step]) + rng.normal(0, scale, N // step)
        step = half
        scale *= rough
    a = arr[:n]
    return ((a - a.min()) / (a.max() - a.min() + 1e-9)).astype(F32)


# ---------------------------------------------------------------------------
# Scene container and vector layer (supersampled PIL drawing)
# ---------------------------------------------------------------------------

class Scene:
    def __init__(self, w, h, seed):
        self.w, self.h, self.seed = w, h, seed
        self.rng = np.random.default_rng(seed)
        yy, xx = np.mgrid[0:h, 0:w]
        self.yy = yy.astype(F32)
        self.xx = xx.astype(F32)
        self._n = 0

    def noise(self):
        self._n += 1
        return Noise(self.seed * 7919 + self._n)

    def ridge(self, base, amp, rough=0.5, power=1.0):
        """Skyline row per column: base*h minus amp*h*fractal."""
        m = mpd(self.w, self.rng, rough) ** power
        return (base * self.h - amp * self.h * m).astype(F32)


class Layer:
    def __init__(self, S, ss=2):
        self.S, self.ss = S, ss
        size = (S.w * ss, S.h * ss)
        self.rgb = Image.new("RGB", size, 0)
        self.m = Image.new("L", size, 0)
        self.d = ImageDraw.Draw(self.rgb)
        self.dm = ImageDraw.Draw(self.m)

    @staticmethod
    def _c(col):
        col = C(col)
        return tuple(int(v) for v in np.clip(col * 255 + 0.5, 0, 255))

    def poly(self, pts, col):
        s = self.ss
        p = [(x * s, y * s) for x, y in pts]
        self.d.polygon(p, fill=self._c(col))
        self.dm.polygon(p, fill=255)

    def ellipse(self, x, y, rx, ry, col):
        s = self.ss
        box = [(x - rx) * s, (y - ry) * s, (x + rx) * s, (y + ry) * s]
        self.d.ellipse(box, fill=self._c(col))
        self.dm.ellipse(box, fill=255)

    def line(self, pts, col, width):
        s = self.ss
        p = [(x * s, y * s) for x, y in pts]
        wd = max(1, int(round(width * s)))
        self.d.line(p, fill=self._c(col), width=wd, joint="curve")
        self.dm.line(p, fill=255, width=wd, joint="curve")

    def composite(self, img, tex=None, haze=None, haze_amt=0.0):
        S = self.S
        rgb = np.asarray(self.rgb.resize((S.w, S.h), Image.BOX), F32) / 255.0
        a = np.asarray(self.m.resize((S.w, S.h), Image.BOX), F32) / 255.0
        if tex is not None:
            rgb = rgb * tex[..., None]
        if haze is not None and haze_amt > 0:
            rgb = mix(rgb, C(haze) * a[..., None], haze_amt)
        img *= (1.0 - a)[..., None]
        img += rgb
        return a


# ---------------------------------------------------------------------------
# Scene elements
# ---------------------------------------------------------------------------

def sky(S, stops, hz, noise_amt=0.01):
    t = np.clip(S.yy / max(hz, 1), 0.0, 1.5)
    img = gradient_map(t, stops)
    if noise_amt:
        n = S.noise().fbm(S.xx / 90.0, S.yy / 40.0, 4)
        img += (n[..., None] - 0.5) * noise_amt
    return img


def sun_glow(S, img, cx, cy, col, core=8.0, glow=120.0, strength=0.8, disc=1.0, halo=0.0):
    d = np.hypot(S.xx - cx, S.yy - cy)
    col = C(col)
    g = strength * np.exp(-d / glow) + halo * np.exp(-d / (glow * 3.0))
    img += col * g[..., None]
    if disc > 0:
        img += (C("#fffbe8") * disc) * smoothstep(core + 1.5, core - 1.0, d)[..., None]


def clouds(S, img, hz, cover=0.4, kx=3.0, ky=2.0, lit="#ffffff", shade="#8a98b0",
           sun=(-0.3, 0.25), alpha=1.0, sharp=0.5, persp=True, octaves=7,
           y0=0.0, thick_dark=0.0, edge_glow=None, rim=0.0):
    """fBm cloud deck drawn above row hz, with self-shadowing toward `sun`."""
    n = S.noise()
    if persp:
        dy = np.maximum(hz - S.yy, 0.0) + S.h * 0.07
        X = (S.xx - S.w * 0.5) / dy * kx
        Y = (hz / dy) * ky
    else:
        X = S.xx / S.w * kx * 4
        Y = S.yy / S.h * ky * 4
    d = n.fbm(X, Y, octaves, 0.52)
    d2 = n.fbm(X + sun[0], Y + sun[1], octaves, 0.52)
    sd = float(d.std()) + 1e-6
    th = float(np.quantile(d, 1.0 - cover))
    a = smoothstep(th - sharp * sd, th + sharp * sd, d)
    light = np.clip(0.55 + (d - d2) / sd * 0.9, 0.0, 1.0)
    col = mix(np.broadcast_to(C(shade), img.shape), np.broadcast_to(C(lit), img.shape), light)
    if thick_dark:
        thick = smoothstep(th, th + 3.0 * sd, d)
        col = col * (1.0 - thick_dark * thick)[..., None]
    if rim and edge_glow is not None:
        edge = a * (1 - a) * 4
        col = col + C(edge_glow) * (edge * rim)[..., None]
    fade = smoothstep(hz, hz - S.h * 0.06, S.yy) * smoothstep(y0, y0 + S.h * 0.05, S.yy + S.h * 0.05 * (y0 == 0))
    a = a * alpha * fade
    img[:] = mix(img, col, a)
    return a


def mountain(S, img, top, rock="#7a808a", dark="#30343c", haze="#b0c4d8", haze_amt=0.3,
             snow_line=None, snow="#f4f7fb", snow_shadow="#9aa9c4", light=1.0,
             gully=1.0, cell=0.018, fog=None, fog_amt=0.0, fog_h=0.12, strata=None,
             strata_h=10.0, slope_gain=1.0, tex=0.25, bottom=None, shear=0.9):
    """Fractal mountain range below the skyline `top` with shading, snow, haze."""
    h, w = S.h, S.w
    y0 = max(0, int(np.floor(top.min())) - 1)
    y1 = h if bottom is None else min(h, int(bottom))
    if y0 >= y1:
        return
    yy = S.yy[y0:y1]
    xx = S.xx[y0:y1]
    n = S.noise()
    depth = yy - top[None, :]
    alpha = np.clip(depth + 0.5, 0.0, 1.0)
    dpos = np.maximum(depth, 0.0)
    cw = w * cell
    # face orientation from the skyline slope at several scales (coarser deeper down)
    face = np.zeros_like(depth)
    wsum = np.zeros_like(depth)
    for sc in (2, 6, 18, 54, 160):
        tp = blur(top[None, :].repeat(3, 0), sc)[1]
        sl = np.tanh(-np.gradient(tp) * 1.4 * slope_gain)[None, :]
        wt = np.exp(-((np.log(dpos + 2.0) - math.log(sc * 1.5 + 2.0)) ** 2) / 1.2)
        face += sl * wt
        wsum += wt
    face = face / (wsum + 1e-6)
    # gullies / spurs: ridged noise sheared so they run down the faces
    warp = (n.fbm(xx / (cw * 4), yy / (cw * 4), 4) - 0.5) * cw * 1.3
    Xs = (xx - np.minimum(dpos, h * 0.12) * face * shear + warp) / cw
    Ys = (dpos + warp * 0.3) / (cw * 3.4)
    g = n.fbm(Xs, Ys, 7, 0.55, ridged=True)
    gx = (n.fbm(Xs + 0.08, Ys, 7, 0.55, ridged=True) - g) / 0.08
    big = n.fbm(xx / (cw * 6), yy / (cw * 5), 5)
    fine = n.fbm(xx / 1.7, yy / 1.7, 3)
    shade = (0.5 + 0.3 * face * light + gully * (0.22 * gx * light + (g - 0.48) * 1.1)
             + (big - 0.5) * 0.8)
    shade = np.clip(shade, 0.0, 1.0)
    if strata is not None:
        wv = (n.fbm(xx / (w * 0.15), yy / (w * 0.15), 4) - 0.5) * strata_h * 3
        band = (yy + wv) / strata_h
        trng = np.random.default_rng(len(strata) * 31 + 7)
        cum = np.cumsum(trng.uniform(0.25, 2.2, 96))
        pidx = trng.integers(0, len(strata), 96)
        k = np.searchsorted(cum, np.mod(band, cum[-1]))
        pal = np.stack([C(c) for c in strata])
        base = pal[pidx[np.minimum(k, 95)]]
        col = base * (0.3 + 0.9 * shade)[..., None]
    else:
        col = mix(np.broadcast_to(C(dark), yy.shape + (3,)), np.broadcast_to(C(rock), yy.shape + (3,)), shade)
    col = col * (1.0 - tex * 0.5 + tex * fine)[..., None]
    if snow_line is not None:
        sn = n.fbm(xx / (cw * 0.6), yy / (cw * 0.5), 6)
        sm = smoothstep(0.0, 0.1 * h, (snow_line - yy) + (sn - 0.5) * 0.3 * h + (g - 0.5) * 0.1 * h)
        sm = sm * smoothstep(0.22, 0.45, shade + (sn - 0.5) * 0.7 + 0.05 - (g - 0.5) * 0.4)
        scol = mix(np.broadcast_to(C(snow_shadow), col.shape), np.broadcast_to(C(snow), col.shape),
                   np.clip(0.6 + face * light * 0.6 + (big - 0.5) * 0.8 + gx * light * 0.12 * gully, 0, 1))
        scol = scol * (0.95 + 0.07 * fine)[..., None]
        col = mix(col, scol, np.clip(sm * 1.2, 0, 1))
    if fog is not None and fog_amt > 0:
        fn = n.fbm(xx / (w * 0.08), yy / (h * 0.04), 5)
        ft = smoothstep(0.0, fog_h * h, depth - fog_h * h * 0.4 + (fn - 0.5) * fog_h * h * 1.2)
        col = mix(col, C(fog), ft * fog_amt)
    col = mix(col, C(haze), haze_amt)
    img[y0:y1] = mix(img[y0:y1], col, alpha)


def conifer(L, x, yb, h, col, rng, width=0.34, trunk=None):
    if h < 5:
        L.poly([(x, yb - h), (x + h * width * 0.5, yb), (x - h * width * 0.5, yb)], col)
        return
    tiers = int(np.clip(h / 5.0, 3, 14))
    top = yb - h
    body = h * 0.92
    sides = []
    for sgn in (1, -1):
        pts = []
        for i in range(tiers):
            t = (i + 1) / tiers
            y = top + body * t
            hw = h * width * 0.5 * (t ** 0.85) * (0.75 + 0.5 * rng.random())
            pts.append((x + sgn * hw, y + rng.normal(0, body / tiers * 0.15)))
            if i < tiers - 1:
                pts.append((x + sgn * hw * (0.35 + 0.15 * rng.random()), y - body / tiers * 0.15))
        sides.append(pts)
    tw = max(0.5, h * 0.03)
    pts = [(x, top)] + sides[0] + [(x + tw, yb), (x - tw, yb)] + sides[1][::-1]
    L.poly(pts, col)


def leafy_tree(L, x, yb, h, palette, rng, trunk="#2a1d14", shape=(0.36, 0.32), light=(-1, -1)):
    R = h * shape[0]
    cy = yb - h + R * 1.05
    L.line([(x, yb), (x + rng.normal(0, h * 0.02), cy)], trunk, max(1.0, h * 0.045))
    nb = int(np.clip(R * R / 5.0, 10, 140))
    blobs = []
    for _ in range(nb):
        ang = rng.random() * 2 * math.pi
        r = R * math.sqrt(rng.random())
        px = x + r * math.cos(ang) * 1.05
        py = cy + r * math.sin(ang) * shape[1] / shape[0]
        rad = R * (0.16 + 0.22 * rng.random())
        lit = -((px - x) * light[0] + (py - cy) * light[1]) / (R + 1e-6)
        blobs.append((lit + rng.normal(0, 0.3), px, py, rad))
    blobs.sort()
    for lit, px, py, rad in blobs:
        base = C(palette[rng.integers(len(palette))])
        k = 0.55 + 0.3 * np.clip(lit, -1, 1.2) + rng.normal(0, 0.06)
        L.ellipse(px, py, rad, rad * 0.85, base * k)


def stars(S, img, count, ymax=None, bright=1.0, mask=None, weight=None):
    rng = S.rng
    h, w = S.h, S.w
    ymax = h if ymax is None else int(ymax)
    if weight is not None:
        xs = rng.integers(0, w, count * 4)
        ys = rng.integers(0, ymax, count * 4)
        keep = rng.random(count * 4) < weight[ys, xs]
        xs, ys = xs[keep][:count], ys[keep][:count]
    else:
        xs = rng.integers(0, w, count)
        ys = rng.integers(0, ymax, count)
    m = len(xs)
    mag = (0.08 + rng.random(m) ** 7 * 1.6) * bright
    tints = np.stack([C("#ffffff"), C("#cfdcff"), C("#fff1d6"), C("#ffd9b0"), C("#b8ccff")])
    col = tints[rng.integers(0, len(tints), m)] * mag[:, None]
    layer = np.zeros((h, w, 3), F32)
    np.add.at(layer, (ys, xs), col)
    glow = blur(layer, 1.5) * 3.0
    add = layer + glow
    if mask is not None:
        add = add * mask[..., None]
    img += add


def water(S, img, hz, tint="#20303a", refl=0.9, slope=0.04, kx=0.9, kz=10.0, aniso=5.0,
          body_amt=0.25, body_lit="#3a5a6a", octaves=6, fresnel_pow=2.0, f=None,
          foam=0.0, foam_col="#f0f4f6", darken=0.9, sparkle=0.0, smear=0, near_fade=0.3):
    """Reflective water surface below row hz that mirrors the image above it."""
    h, w = S.h, S.w
    hz = int(hz)
    if hz >= h - 1:
        return
    f = f or h * 1.1
    yy = S.yy[hz:]
    xx = S.xx[hz:]
    d = yy - hz + 0.6
    Z = f / d
    U = (xx - w * 0.5) / d
    n = S.noise()
    X = U * kx
    Y = Z * kz / aniso

    def H(a, b):
        return n.fbm(a, b, octaves, 0.55)

    e = 0.05
    h0 = H(X, Y)
    hx = (H(X + e, Y) - h0) / e
    hz_ = (H(X, Y + e) - h0) / e
    hx /= (hx.std() + 1e-6)
    hz_ /= (hz_.std() + 1e-6)
    fade = 0.2 + 0.8 * smoothstep(0.0, near_fade * (h - hz), d)
    sz = hz_ * slope * fade
    sx = hx * slope * 0.5 * fade
    # reflected ray: rows above the horizon
    off = d + 2.0 * sz * f
    ry = np.clip(np.round(hz - 1 - off), 0, hz - 1).astype(np.int64)
    rx = np.clip(np.round(xx + sx * f * 0.6), 0, w - 1).astype(np.int64)
    R = img[ry, rx] * darken
    if smear:
        R = box_blur(box_blur(R, smear, 0), max(1, smear // 2), 0)
    ang = np.clip(d / f + sz, 0.0, 1.0)
    fr = refl * (0.08 + 0.92 * (1.0 - ang) ** (fresnel_pow * 3))
    body = mix(np.broadcast_to(C(tint), R.shape), np.broadcast_to(C(body_lit), R.shape),
               np.clip(0.5 + sz * 4, 0, 1) * body_amt * 4)
    col = mix(body, R, fr)
    if foam > 0:
        fm = smoothstep(0.62, 0.8, h0 + 0.15 * (n.fbm(X * 6, Y * 6, 4) - 0.5))
        col = mix(col, C(foam_col) * (0.85 + 0.15 * np.clip(0.5 - sz * 3, 0, 1))[..., None], fm * foam)
    if sparkle > 0:
        sp = np.clip((luminance(R) - 0.75) * 4, 0, 1) * smoothstep(1.2, 2.5, sz / slope)
        col += sp[..., None] * sparkle
    img[hz:] = col


def ground_coords(S, hz, cx=None, f=None):
    d = np.maximum(S.yy - hz, 0.0) + 0.6
    f = f or S.h * 1.1
    cx = S.w * 0.5 if cx is None else cx
    return (S.xx - cx) / d, f / d, d


def grass_tex(S, n, scale=1.0):
    """Fine vertical-streak grass texture in [0,1]."""
    a = n.fbm(S.xx / (1.2 * scale), S.yy / (7.0 * scale), 4)
    b = n.fbm(S.xx / (12.0 * scale), S.yy / (8.0 * scale), 4)
    return np.clip((a - 0.5) * 1.6 + (b - 0.5) * 1.0 + 0.5, 0, 1)


def windows_block(img, x0, x1, ytop, ybot, rng, facade, lit_cols, p_lit=0.35,
                  cw=6, ch=8, mw=2, mh=3, glow=1.0, dim="#141822", mixed=None):
    h, w = img.shape[:2]
    x0, x1 = max(0, int(x0)), min(w, int(x1))
    ytop, ybot = max(0, int(ytop)), min(h, int(ybot))
    if x1 <= x0 or ybot <= ytop:
        return
    hh, ww = ybot - ytop, x1 - x0
    ly = np.arange(hh)[:, None]
    lx = np.arange(ww)[None, :]
    ix = lx // cw
    iy = ly // ch
    win = ((ly % ch) >= mh) & ((lx % cw) >= mw) & (lx < (ww // cw) * cw) & (ly >= ch)
    ny, nx = hh // ch + 2, ww // cw + 2
    # lit windows come in clusters (floors / offices)
    floor_p = rng.random((ny, 1)) * 1.6 * p_lit
    lit = rng.random((ny, nx)) < np.clip(floor_p + rng.random((ny, nx)) * 0.2, 0, 0.95)
    cidx = rng.integers(0, len(lit_cols), (ny, nx))
    br = 0.55 + 0.6 * rng.random((ny, nx))
    pal = np.stack([C(c) for c in lit_cols])
    wl = lit[iy, ix] & win
    wcol = pal[cidx[iy, ix]] * (br[iy, ix] * glow)[..., None]
    block = np.broadcast_to(C(facade), (hh, ww, 3)).copy()
    if mixed is not None:
        block = mixed
    block[win] = block[win] * 0.6 + C(dim) * 0.4
    block[wl] = wcol[wl]
    img[ytop:ybot, x0:x1] = block


def finish(S, img, grain=0.035, vignette=0.35, sat=1.0, contrast=1.0, bloom=0.0,
           bloom_r=8.0, lift=0.0, warm=(1.0, 1.0, 1.0)):
    rng = np.random.default_rng(S.seed + 999)
    img = np.maximum(img, 0.0)
    if bloom > 0:
        b = blur(np.maximum(img - 0.75, 0.0), bloom_r)
        img = img + b * bloom
    img = img * C(warm)
    # soft highlight roll-off
    img = np.where(img > 0.8, 0.8 + 0.2 * (1.0 - np.exp(-(img - 0.8) * 5.0)), img)
    lum = luminance(img)[..., None]
    img = lum + (img - lum) * sat
    if contrast != 1.0:
        img = 0.5 + (img - 0.5) * contrast
    img = img + lift
    h, w = S.h, S.w
    r = ((S.xx - w / 2) / (w / 2)) ** 2 * 0.8 + ((S.yy - h / 2) / (h / 2)) ** 2 * 0.8
    img = img * (1.0 - vignette * smoothstep(0.25, 1.6, r))[..., None]
    g = rng.normal(0, 1, (h, w)).astype(F32)
    g = 0.75 * g + 0.5 * blur(g, 1.0, 1) * 1.6
    lum = np.clip(luminance(img), 0, 1)
    amp = grain * (0.35 + 0.9 * np.sqrt(lum) - 0.5 * lum)
    img = img + (g * amp)[..., None]
    cn = rng.normal(0, 1, (h, w, 3)).astype(F32) * grain * 0.25
    img = img + cn
    return (np.clip(img, 0, 1) * 255 + 0.5).astype(np.uint8)


# ---------------------------------------------------------------------------
# Scenes. Each returns (scene, float image) and its finishing options.
# ---------------------------------------------------------------------------

def s_alpine(S):
    """Alpine range at midday: snowy peaks, cumulus, forested foothills, meadow."""
    w, h = S.w, S.h
    hz = int(h * 0.62)
    img = sky(S, [(0, "#2a5fae"), (0.55, "#5a93d2"), (1.0, "#bcd6ec")], hz)
    clouds(S, img, hz, cover=0.38, kx=2.6, ky=2.4, lit="#ffffff", shade="#8d9db6", sun=(0.25, -0.2))
    top = S.ridge(0.50, 0.30, 0.55, 1.3)
    mountain(S, img, top, rock="#858c97", dark="#3a3f4b", haze="#aac3de", haze_amt=0.32,
             snow_line=h * 0.42, light=1.0)
    top2 = S.ridge(0.60, 0.14, 0.52)
    mountain(S, img, top2, rock="#6a7063", dark="#2a302d", haze="#a9c0d6", haze_amt=0.18,
             snow_line=h * 0.49, light=1.0, cell=0.012)
    top3 = S.ridge(0.71, 0.09, 0.45)
    mountain(S, img, top3, rock="#3f5a2f", dark="#17251a", haze="#9fb8c8", haze_amt=0.08,
             light=1.0, gully=0.4, cell=0.01)
    L = Layer(S)
    trees = []
    for _ in range(700):
        x = S.rng.random() * w
        y = top3[int(x)] + S.rng.random() ** 1.5 * h * 0.14 + 2
        trees.append((y, x))
    trees.sort()
    for y, x in trees:
        th = h * (0.018 + 0.05 * (y - h * 0.62) / (h * 0.3)) * (0.7 + 0.6 * S.rng.random())
        conifer(L, x, y, th, C("#1d3320") * (0.7 + 0.6 * S.rng.random()), S.rng)
    n = S.noise()
    L.composite(img, tex=0.75 + 0.5 * n.fbm(S.xx / 1.5, S.yy / 1.5, 3))
    top4 = S.ridge(0.84, 0.05, 0.4)
    gt = grass_tex(S, n)
    meadow = mix(C("#4e7a28"), C("#9cc24a"), gt * 0.9 + 0.1 * n.fbm(S.xx / 40, S.yy / 20, 5))
    meadow *= (0.85 + 0.3 * n.fbm(S.xx / 80, S.yy / 30, 4))[..., None]
    a = np.clip(S.yy - top4[None, :] + 0.5, 0, 1)
    img[:] = mix(img, meadow, a)
    L = Layer(S)
    for _ in range(900):
        x = S.rng.random() * w
        y = top4[int(x)] + S.rng.random() * (h - top4[int(x)])
        r = 0.6 + 2.2 * (y - h * 0.8) / (h * 0.2)
        col = ["#f4f1e8", "#f2d03b", "#9b6fd1", "#e8e3f5"][S.rng.integers(4)]
        L.ellipse(x, y, r, r * 0.8, col)
    L.composite(img)
    return img, dict(grain=0.03, vignette=0.3, sat=1.05)


def s_sunset_lake(S):
    """Golden sunset over a mountain lake: glowing sun, lit stratus, reflections."""
    w, h = S.w, S.h
    hz = int(h * 0.60)
    img = sky(S, [(0, "#2c2450"), (0.35, "#7a3d62"), (0.7, "#e0704a"), (1.0, "#ffc064")], hz)
    sx, sy = w * 0.4, hz - h * 0.2
    sun_glow(S, img, sx, sy, "#ffb347", core=h * 0.028, glow=h * 0.14, strength=0.9, halo=0.25)
    clouds(S, img, hz, cover=0.42, kx=1.2, ky=4.0, lit="#ffb070", shade="#5a2f55",
           sun=(0.0, 0.25), sharp=0.6, alpha=0.95, rim=0.8, edge_glow="#ffcf80")
    top = S.ridge(0.50, 0.16, 0.55)
    mountain(S, img, top, rock="#8a5a78", dark="#4a3150", haze="#d9876e", haze_amt=0.55, light=-1,
             gully=0.5, bottom=hz)
    top2 = S.ridge(0.57, 0.10, 0.5)
    mountain(S, img, top2, rock="#4a2f48", dark="#241a2c", haze="#b8645e", haze_amt=0.3, light=-1,
             gully=0.5, bottom=hz, fog="#e08a66", fog_amt=0.5, fog_h=0.05)
    L = Layer(S)
    for _ in range(500):
        x = S.rng.random() * w
        yb = hz + 1 - S.rng.random() * 2
        th = h * (0.015 + 0.06 * S.rng.random() ** 2) * (1.6 if x < w * 0.3 else 1.0)
        conifer(L, x, yb, th, C("#160f1c") * (0.8 + 0.4 * S.rng.random()), S.rng)
    n = S.noise()
    L.composite(img, tex=0.8 + 0.4 * n.fbm(S.xx / 1.5, S.yy / 1.5, 3))
    water(S, img, hz, tint="#2a1a30", refl=0.95, slope=0.012, kx=1.0, kz=14, aniso=8,
          body_amt=0.1, body_lit="#6a3a50", sparkle=0.5, octaves=5)
    return img, dict(grain=0.035, vignette=0.4, sat=1.05, bloom=0.6)


def s_dunes(S):
    """Sand dunes at golden hour with crisp crests and wind ripples."""
    w, h = S.w, S.h
    hz = int(h * 0.36)
    img = sky(S, [(0, "#5b86bd"), (0.6, "#a8bcd0"), (1.0, "#f3d6a6")], hz)
    clouds(S, img, hz, cover=0.18, kx=1.0, ky=5.0, lit="#fff0dc", shade="#b8a7a8", alpha=0.7, sharp=0.9)
    # distant dune silhouettes
    top0 = S.ridge(0.37, 0.035, 0.35)
    mountain(S, img, top0, rock="#e2a868", dark="#b07348", haze="#efc596", haze_amt=0.45, gully=0.1,
             tex=0.1, light=1)
    U, Z, d = ground_coords(S, hz)
    n = S.noise()
    X = U * 0.8
    Y = Z * 0.8

    def Hf(a, b):
        warp = n.fbm(a * 0.7, b * 0.7, 4) - 0.5
        ph = b * 1.0 + a * 0.35 + warp * 2.2
        t = ph - np.floor(ph)
        prof = np.where(t < 0.78, t / 0.78, (1.0 - t) / 0.22)
        return prof * (0.6 + 0.4 * n.fbm(a * 0.3, b * 0.3, 3))

    e = 0.003
    H0 = Hf(X, Y)
    dX = (Hf(X + e, Y) - H0) / e
    dY = (Hf(X, Y + e) - H0) / e
    sun = np.array([-0.8, 0.35, 0.45])
    nx, nz = -dX * 0.12, -dY * 0.035
    ny = np.ones_like(nx)
    nl = np.sqrt(nx * nx + ny * ny + nz * nz)
    lam = np.clip((nx * sun[0] + ny * sun[1] + nz * sun[2]) / nl / np.linalg.norm(sun), 0, 1)
    rip = np.sin(Z * 9.0 + U * 3.0 + 6 * n.fbm(U * 0.8, Z * 0.8, 4)) * np.clip(120 / (Z + 1), 0, 1)
    lam = np.clip(lam + rip * 0.08 * (lam > 0.15), 0, 1)
    sand = gradient_map(lam, [(0, "#5e2c1c"), (0.2, "#8c4a2a"), (0.45, "#c8763e"), (0.75, "#eba862"), (1.0, "#ffd9a0")])
    sand *= (0.9 + 0.2 * n.fbm(S.xx / 1.3, S.yy / 1.3, 2))[..., None]
    haze = np.exp(-d / (h * 0.12))
    sand = mix(sand, C("#efc596"), haze * 0.8)
    a = np.clip(S.yy - top0[None, :] - 1, 0, 1) * (S.yy > hz)
    img[:] = mix(img, sand, a)
    return img, dict(grain=0.03, vignette=0.35, sat=1.05, warm=(1.03, 1.0, 0.96))


def skyline_layer(S, img, base, rng, n_max, hmin, hmax, wmin, wmax, facade, lit_cols, p_lit,
                  cw, ch, x_start=0, haze="#000000", haze_amt=0.0, glow=1.0, antenna=0.0, sky_ref=None):
    h, w = S.h, S.w
    x = x_start - rng.random() * wmax
    n = S.noise()
    while x < w:
        bw = rng.uniform(wmin, wmax)
        bh = rng.uniform(hmin, hmax) * (1.6 if rng.random() < 0.12 else 1.0)
        top = base - bh
        fac = C(facade) * (0.75 + 0.5 * rng.random())
        x0, x1 = int(x), int(x + bw)
        if x1 > 0:
            ccw = max(3, int(cw * rng.uniform(0.8, 1.3)))
            cch = max(3, int(ch * rng.uniform(0.85, 1.2)))
            xs0, xs1 = max(0, x0), min(w, x1)
            ys0, ys1 = max(0, int(top)), int(base)
            tex = n.fbm(S.xx[ys0:ys1, xs0:xs1] / 3, S.yy[ys0:ys1, xs0:xs1] / 3, 3)
            block = fac * (0.8 + 0.4 * tex)[..., None]
            if sky_ref is not None:
                block = mix(block, sky_ref[ys0:ys1, xs0:xs1] * 0.6, 0.45)
            windows_block(img, x0, x1, top, base, rng, fac, lit_cols, p_lit=p_lit,
                          cw=ccw, ch=cch, mw=max(1, ccw // 3), mh=max(1, cch // 3), glow=glow,
                          mixed=block.copy())
            # stepped crown / setback
            if bh > hmin * 1.2 and rng.random() < 0.5:
                sw = bw * rng.uniform(0.3, 0.6)
                sx0 = int(x + (bw - sw) * rng.random())
                st = top - bh * rng.uniform(0.05, 0.15)
                ys0b = max(0, int(st))
                xs0b, xs1b = max(0, sx0), min(w, int(sx0 + sw))
                if xs1b > xs0b and int(top) > ys0b:
                    img[ys0b:int(top), xs0b:xs1b] = fac * 0.8
                top = st
            if antenna and rng.random() < antenna:
                ax = int(x + bw * rng.uniform(0.3, 0.7))
                ah = bh * rng.uniform(0.1, 0.3)
                if 0 <= ax < w:
                    img[max(0, int(top - ah)):max(0, int(top)), ax] = fac * 0.9
                    ty = max(0, int(top - ah))
                    img[ty, ax] = C("#ff3030") * 1.5
            if haze_amt > 0:
                sl = img[max(0, int(top) - 1):int(base), xs0:xs1]
                img[max(0, int(top) - 1):int(base), xs0:xs1] = mix(sl, C(haze), haze_amt)
        x += bw + (rng.uniform(0, wmin * 0.5) if rng.random() < 0.3 else 0)


def s_city_night(S):
    """City skyline at night across a river, lit windows and reflections."""
    w, h = S.w, S.h
    hz = int(h * 0.70)
    img = sky(S, [(0, "#03040b"), (0.5, "#0d1230"), (0.85, "#2b2440"), (1.0, "#4a3340")], hz)
    stars(S, img, 500, ymax=hz * 0.6, bright=0.6)
    clouds(S, img, hz, cover=0.35, kx=1.0, ky=3.0, lit="#3a2f45", shade="#0a0b18", alpha=0.7, sharp=0.9)
    rng = S.rng
    warm = ["#ffd27f", "#ffc060", "#ffe6b0", "#fff4dc", "#ffb347", "#cfe3ff"]
    skyline_layer(S, img, hz, rng, 0, h * 0.08, h * 0.2, w * 0.02, w * 0.05, "#1a1c2c", warm, 0.15,
                  2, 3, haze="#352c44", haze_amt=0.45, glow=0.7)
    skyline_layer(S, img, hz, rng, 0, h * 0.12, h * 0.38, w * 0.025, w * 0.06, "#12141f", warm, 0.25,
                  3, 4, haze="#2a2236", haze_amt=0.15, glow=0.9, antenna=0.3)
    skyline_layer(S, img, hz, rng, 0, h * 0.06, h * 0.2, w * 0.04, w * 0.09, "#0b0c14", warm, 0.3,
                  4, 6, glow=1.0, antenna=0.2)
    # embankment with street lights
    img[hz - 3:hz + 1] = C("#0a0a10")
    for x in range(3, w, 18):
        img[hz - 4:hz - 1, x] = C("#ffcc80") * 2.0
    water(S, img, hz + 1, tint="#06070e", refl=1.0, slope=0.006, kx=0.12, kz=12, aniso=3,
          body_amt=0.05, body_lit="#101426", darken=1.0, sparkle=0.3, smear=10, octaves=5)
    return img, dict(grain=0.045, vignette=0.35, sat=1.05, bloom=1.2, bloom_r=6)


def s_ocean(S):
    """Bright day at sea: deep blue swell, whitecaps, headland and light clouds."""
    w, h = S.w, S.h
    hz = int(h * 0.42)
    img = sky(S, [(0, "#2d6cc0"), (0.6, "#6ea3da"), (1.0, "#d3e6f3")], hz)
    clouds(S, img, hz, cover=0.3, kx=1.6, ky=3.0, lit="#ffffff", shade="#9fb0c8", sun=(0.2, -0.3), sharp=0.45)
    top = S.ridge(0.43, 0.13, 0.5, 1.0)
    top = np.where(S.xx[0] < w * 0.3, top + (S.xx[0] / (w * 0.3)) ** 2 * h * 0.1, hz + 2).astype(F32)
    mountain(S, img, top, rock="#6f7a5a", dark="#2f3a30", haze="#a8c4de", haze_amt=0.35, light=-1,
             gully=0.7, bottom=hz + 1)
    water(S, img, hz, tint="#062a55", refl=0.85, slope=0.07, kx=0.7, kz=6, aniso=4, body_amt=0.2,
          body_lit="#1a7a9a", foam=0.9, darken=0.95, sparkle=0.8, near_fade=0.5, fresnel_pow=1.5)
    return img, dict(grain=0.03, vignette=0.3, sat=1.05)


def s_meadow(S):
    """Summer flower meadow, rolling hills, leafy trees and cumulus clouds."""
    w, h = S.w, S.h
    hz = int(h * 0.5)
    img = sky(S, [(0, "#3a7ed0"), (0.6, "#79addf"), (1.0, "#d8ecf6")], hz)
    clouds(S, img, hz, cover=0.4, kx=2.4, ky=2.2, lit="#ffffff", shade="#8fa0b8", sun=(-0.25, -0.2), sharp=0.35)
    top = S.ridge(0.50, 0.12, 0.5)
    mountain(S, img, top, rock="#6f8aa0", dark="#34485e", haze="#a9c8e4", haze_amt=0.3, light=1, gully=0.8)
    n = S.noise()
    top2 = S.ridge(0.60, 0.10, 0.35)
    gt = grass_tex(S, n, 0.6)
    tp = blur(top2[None, :].repeat(3, 0), 25)[1]
    face = np.tanh(-np.gradient(tp) * 3)[None, :] * np.exp(-(S.yy - top2[None, :]) / (h * 0.1))
    hill = mix(C("#34601c"), C("#9cc24a"), np.clip(gt * 0.4 + 0.6 * n.fbm(S.xx / 30, S.yy / 12, 6) + face * 0.3, 0, 1))
    a = np.clip(S.yy - top2[None, :] + 0.5, 0, 1)
    img[:] = mix(img, mix(hill, C("#a9c8e4"), 0.12), a)
    L = Layer(S)
    pal = ["#2f5a1e", "#3d6b25", "#4f7d2c", "#285018", "#5a8a30"]
    for x in sorted(S.rng.random(12) * w):
        yb = top2[int(x)] + h * 0.02 + S.rng.random() * h * 0.05
        leafy_tree(L, x, yb, h * (0.05 + 0.1 * S.rng.random()), pal, S.rng, light=(1, -1))
    L.composite(img, tex=0.8 + 0.4 * n.fbm(S.xx / 1.5, S.yy / 1.5, 3))
    top3 = S.ridge(0.70, 0.05, 0.3)
    gt2 = grass_tex(S, n, 1.2)
    g = mix(C("#2f5a16"), C("#a2c552"), gt2 * 0.7 + 0.3 * n.fbm(S.xx / 50, S.yy / 25, 4))
    a = np.clip(S.yy - top3[None, :] + 0.5, 0, 1)
    img[:] = mix(img, g, a)
    L = Layer(S)
    cols = ["#d92b1f", "#e8392a", "#f5d33b", "#ffffff", "#f3efe4", "#a368d6", "#e24a7d"]
    patch = n.fbm(S.xx / 80, S.yy / 30, 4)
    for _ in range(4000):
        x = S.rng.random() * w
        yr = top3[int(x)]
        y = yr + (S.rng.random() ** 0.8) * (h - yr)
        if patch[min(int(y), h - 1), int(x)] < 0.48 + 0.1 * S.rng.random():
            continue
        t = (y - yr) / (h - yr)
        r = 0.6 + 4.0 * t ** 1.8
        c = C(cols[S.rng.integers(len(cols))]) * (0.75 + 0.35 * S.rng.random())
        if r > 2.0:
            L.line([(x, y + r * 0.6), (x + S.rng.normal(0, r * 0.3), y + r * 4)], "#2f5a1a", max(1, r * 0.2))
        L.ellipse(x, y, r, r * 0.75, c)
    for _ in range(700):  # tall grass blades in the foreground
        x = S.rng.random() * w
        y = h * (0.85 + 0.17 * S.rng.random())
        ln = h * (0.03 + 0.06 * S.rng.random())
        L.line([(x, y), (x + S.rng.normal(0, ln * 0.2), y - ln)], C("#4a7a24") * (0.7 + 0.6 * S.rng.random()), 1.2)
    L.composite(img, tex=0.85 + 0.3 * n.fbm(S.xx / 1.2, S.yy / 1.2, 2))
    return img, dict(grain=0.03, vignette=0.3, sat=1.05)


def s_canyon(S):
    """Red-rock canyon at midday: layered cliffs with strata and a green river."""
    w, h = S.w, S.h
    hz = int(h * 0.35)
    img = sky(S, [(0, "#2a78cf"), (0.7, "#7ab3e4"), (1.0, "#c6e0f2")], hz)
    clouds(S, img, hz, cover=0.22, kx=1.5, ky=3.5, lit="#ffffff", shade="#a7b4c8", alpha=0.85, sharp=0.5)
    strata = ["#b85a32", "#c46a3a", "#a24a2a", "#d9955e", "#b05232", "#c8743e", "#98442a", "#cf8a52"]
    rng = S.rng
    layers = [(0.36, 0.05, 0.35, "#c9a5a0", 8), (0.48, 0.08, 0.22, "#c7a6a8", 11),
              (0.62, 0.10, 0.08, "#b99ca0", 15), (0.80, 0.14, 0.0, "#000000", 20)]
    for base, amp, haze, hc, sh in layers:
        m = mpd(w, rng, 0.45)
        plateau = np.minimum(m, np.quantile(m, 0.55) + 0.1 * mpd(w, rng, 0.3))
        top = (base * h - amp * h * plateau / plateau.max()).astype(F32)
        mountain(S, img, top, haze=hc, haze_amt=haze, light=1, gully=0.9, strata=strata,
                 strata_h=sh, cell=0.012, slope_gain=2.0, shear=0.4)
    # river in the gorge
    n = S.noise()
    rc = w * 0.55 + (n.fbm(S.yy[:, 0] / 60.0, np.zeros(h, F32) + 3.3, 4) - 0.5) * w * 0.4
    rw = (S.yy[:, 0] - h * 0.82) * 0.9
    inside = np.abs(S.xx - rc[:, None]) < rw[:, None]
    riv = mix(C("#2f6a58"), C("#6aa08a"), n.fbm(S.xx / 30, S.yy / 4, 5))
    riv *= (0.9 + 0.2 * n.fbm(S.xx / 2, S.yy / 2, 2))[..., None]
    img[inside] = riv[inside]
    return img, dict(grain=0.03, vignette=0.32, sat=1.08, warm=(1.03, 1.0, 0.97))


def s_misty_forest(S):
    """Layered, fog-filled ridges of conifer forest in cool blue-green tones."""
    w, h = S.w, S.h
    img = sky(S, [(0, "#9fb3bb"), (0.6, "#c4d2d3"), (1.0, "#dfe6e2")], h * 0.45, noise_amt=0.02)
    clouds(S, img, h * 0.45, cover=0.5, kx=1.2, ky=3.0, lit="#e6ecea", shade="#8e9ea6", alpha=0.5, sharp=1.0)
    n = S.noise()
    cols = ["#93a9ad", "#728e92", "#52706f", "#36524c", "#213a32", "#10231c"]
    bases = [0.42, 0.52, 0.62, 0.72, 0.84, 0.97]
    fogc = C("#d4dedd")
    for i, (b, c) in enumerate(zip(bases, cols)):
        top = S.ridge(b, 0.06 + 0.02 * i, 0.4)
        yb0 = max(0, int(top.min()) - 1)
        sub = S.yy[yb0:] - top[None, :]
        fill = mix(np.broadcast_to(C(c), sub.shape + (3,)), fogc, smoothstep(0, h * 0.12, sub) * 0.55)
        fill *= (0.9 + 0.2 * n.fbm(S.xx[yb0:] / 2, S.yy[yb0:] / 3, 3))[..., None]
        img[yb0:] = mix(img[yb0:], fill, np.clip(sub + 0.5, 0, 1))
        L = Layer(S)
        size = h * (0.02 + 0.03 * i * i / 4)
        cnt = int(w / max(2.0, size * 0.22)) * 2
        trees = sorted((top[int(x)] + S.rng.random() ** 2 * size * 2.0, x) for x in S.rng.random(cnt) * w)
        for y, x in trees:
            conifer(L, x, y + size * 0.2, size * (0.6 + 0.8 * S.rng.random()), C(c) * (0.8 + 0.3 * S.rng.random()),
                    S.rng, width=0.3)
        L.composite(img, tex=0.85 + 0.3 * n.fbm(S.xx / 1.4, S.yy / 1.4, 3))
        # fog bank in front of the layer
        fy = b * h + h * 0.03
        fd = n.fbm(S.xx / (w * 0.12), S.yy / (h * 0.03), 6)
        fa = np.exp(-np.abs(S.yy - fy) / (h * 0.05)) * smoothstep(0.35, 0.7, fd) * (0.85 - 0.12 * i)
        img[:] = mix(img, fogc, np.clip(fa, 0, 1))
    return img, dict(grain=0.035, vignette=0.3, sat=0.9)


def s_milky_way(S):
    """Milky Way over dark mountains with a faint airglow horizon."""
    w, h = S.w, S.h
    hz = int(h * 0.78)
    img = sky(S, [(0, "#03050d"), (0.6, "#08102a"), (0.9, "#15264a"), (1.0, "#2a3a50")], hz)
    n = S.noise()
    ang = math.radians(62)
    dist = (S.xx - w * 0.55) * math.cos(ang) + (S.yy - h * 0.45) * math.sin(ang)
    along = -(S.xx - w * 0.55) * math.sin(ang) + (S.yy - h * 0.45) * math.cos(ang)
    bw = h * (0.13 + 0.05 * (n.fbm(along / 200, 1.5 + 0 * along, 3) - 0.5))
    band = np.exp(-(dist / bw) ** 2)
    cl = n.fbm(S.xx / 40, S.yy / 40, 7, 0.6)
    dust = n.fbm(along / 60 + 10, dist / 14, 7, 0.6)
    core = np.exp(-((along + h * 0.15) / (h * 0.5)) ** 2)
    glow = band * (0.25 + 0.9 * cl) * (0.6 + 0.8 * core)
    glow *= 1.0 - 0.75 * smoothstep(0.5, 0.62, dust) * np.exp(-(dist / (bw * 0.5)) ** 2)
    mwcol = mix(C("#6f7fb8"), C("#f1d8b8"), core * band)
    img += mwcol * (glow * 0.55)[..., None]
    stars(S, img, 2200, ymax=hz, bright=0.9)
    stars(S, img, 5000, ymax=hz, bright=0.45, weight=band * 0.9)
    sun_glow(S, img, w * 0.2, hz + h * 0.05, "#3a5a58", glow=h * 0.25, strength=0.4, disc=0)
    top = S.ridge(0.80, 0.20, 0.55, 1.4)
    mountain(S, img, top, rock="#1a2233", dark="#05070c", haze="#1a2840", haze_amt=0.25, light=1, gully=0.5)
    top2 = S.ridge(0.92, 0.08, 0.45)
    mountain(S, img, top2, rock="#0b0e16", dark="#020305", haze="#000000", haze_amt=0.0, light=1, gully=0.4)
    L = Layer(S)
    for _ in range(200):
        x = S.rng.random() * w
        y = top2[int(x)] + 3 + S.rng.random() * h * 0.1
        conifer(L, x, y, h * (0.04 + 0.1 * S.rng.random() ** 2), "#020306", S.rng)
    L.composite(img)
    return img, dict(grain=0.05, vignette=0.45, sat=1.05, bloom=0.5, bloom_r=3)


def s_autumn_lake(S):
    """Autumn hillsides of red, orange and gold trees mirrored in a calm lake."""
    w, h = S.w, S.h
    hz = int(h * 0.58)
    img = sky(S, [(0, "#4f86c0"), (0.6, "#8fb5da"), (1.0, "#dbe8ef")], hz)
    clouds(S, img, hz, cover=0.35, kx=1.6, ky=3.0, lit="#ffffff", shade="#9aa8bb", sharp=0.5)
    top = S.ridge(0.36, 0.12, 0.5)
    mountain(S, img, top, rock="#7e8aa0", dark="#4a5670", haze="#b5c8de", haze_amt=0.45, light=1, gully=0.6)
    n = S.noise()
    pal = ["#c0392b", "#e0662c", "#f0a030", "#f5c542", "#a83220", "#d9822b", "#7a2a18", "#2d4a25", "#1e3a1e"]
    for li, (b, amp, sz) in enumerate([(0.47, 0.10, 3.5), (0.585, 0.12, 6.0)]):
        t2 = S.ridge(b, amp, 0.4)
        yb0 = int(t2.min()) - 2
        L = Layer(S)
        fill_top = t2.copy()
        L.poly([(0, hz)] + [(x, fill_top[x] + sz) for x in range(0, w, 4)] + [(w, hz)], "#5a3a20")
        blobs = []
        for _ in range(int(w * (hz - yb0) / (sz * sz) * 0.9)):
            x = S.rng.random() * w
            y = t2[int(x)] + S.rng.random() * (hz - t2[int(x)] + sz)
            blobs.append((y, x))
        blobs.sort()
        for y, x in blobs:
            c = C(pal[S.rng.integers(len(pal))]) * (0.7 + 0.45 * S.rng.random())
            if S.rng.random() < 0.12:
                conifer(L, x, y + sz, sz * 3.5, C("#1b2e1a") * (0.8 + 0.4 * S.rng.random()), S.rng)
            else:
                r = sz * (0.6 + 0.7 * S.rng.random())
                L.ellipse(x, y, r, r * 0.85, c)
        L.composite(img, tex=0.8 + 0.4 * n.fbm(S.xx / 1.3, S.yy / 1.3, 3), haze="#b5c8de",
                    haze_amt=0.3 if li == 0 else 0.0)
    img[hz - 2:hz] = mix(img[hz - 2:hz], C("#3a2c20"), 0.7)
    water(S, img, hz, tint="#1c2a33", refl=0.92, slope=0.004, kx=1.2, kz=10, aniso=10, body_amt=0.05,
          octaves=5, darken=0.92, near_fade=0.6)
    return img, dict(grain=0.032, vignette=0.32, sat=1.1)


def s_waterfall(S):
    """Waterfall plunging through a mossy rock gorge into a misty pool."""
    w, h = S.w, S.h
    n = S.noise()
    yy, xx = S.yy, S.xx
    # bright canopy / sky at the top
    img = gradient_map(yy / h, [(0, "#e8f0d8"), (0.15, "#a8c878"), (1.0, "#4a6a3a")])
    leaf = n.fbm(xx / 6, yy / 6, 6)
    img = mix(img, C("#2f5a22"), smoothstep(0.45, 0.7, leaf) * 0.8)
    # gorge walls
    cx = w * 0.5 + (n.fbm(yy[:, 0] / 300, np.full(h, 2.5, F32), 4) - 0.5) * w * 0.15
    half = w * (0.1 + 0.1 * yy[:, 0] / h)
    le = cx - half + (n.fbm(yy[:, 0] / 40, np.full(h, 7.1, F32), 6) - 0.5) * w * 0.12
    re = cx + half + (n.fbm(yy[:, 0] / 40, np.full(h, 9.7, F32), 6) - 0.5) * w * 0.12
    dl = xx - le[:, None]
    dr = re[:, None] - xx
    rockn = n.fbm(xx / 25, yy / 18, 7, 0.55, ridged=True)
    rgx = np.gradient(rockn, axis=1) * 25
    rgy = np.gradient(rockn, axis=0) * 18
    shade = np.clip(0.5 + rgx * 0.5 - rgy * 0.6 + (n.fbm(xx / 80, yy / 80, 4) - 0.5), 0, 1)
    rock = mix(C("#1d1e1a"), C("#6e6a5e"), shade)
    moss = smoothstep(0.45, 0.65, n.fbm(xx / 14, yy / 10, 6) - rgy * 0.3)
    rock = mix(rock, mix(C("#1f3a14"), C("#6f9a34"), shade), moss)
    rock *= (0.85 + 0.3 * n.fbm(xx / 1.5, yy / 1.5, 2))[..., None]
    wall = np.clip(np.maximum(-dl, -dr) + 0.5, 0, 1) * smoothstep(h * 0.05, h * 0.12, yy)
    img = mix(img, rock, wall)
    # the falls
    fy0, fy1 = h * 0.1, h * 0.74
    streak = n.fbm(xx / 2.2, yy / 70, 6)
    streak2 = n.fbm(xx / 9, yy / 25 - 0 * xx, 5)
    wcol = mix(C("#5b7a80"), C("#f4f8f8"), np.clip((streak - 0.35) * 2.2 + (streak2 - 0.5), 0, 1))
    inside = np.clip(np.minimum(dl, dr) / 6.0, 0, 1) * smoothstep(fy0, fy0 + 8, yy) * (yy < fy1)
    fall_a = inside * np.clip(0.55 + streak2 * 0.7, 0, 1)
    img = mix(img, wcol, fall_a)
    # pool
    py = fy1
    U, Z, d = ground_coords(S, py - 5)
    pool = mix(C("#0f2a24"), C("#3f6a5e"), n.fbm(U * 3, Z * 1.5, 5))
    foam = smoothstep(0.55, 0.75, n.fbm(U * 2, Z * 6.0, 6) + 0.45 * np.exp(-d / (h * 0.05))
                      * np.exp(-((S.xx - w * 0.5) / (w * 0.3)) ** 2))
    pool = mix(pool, C("#e8eeee"), foam * 0.85)
    img = mix(img, pool, (yy >= py).astype(F32))
    # mist
    mist = np.exp(-np.abs(yy - py) / (h * 0.07)) * (0.6 + 0.6 * n.fbm(xx / 40, yy / 25, 5))
    mist *= np.exp(-((xx - cx[int(py)]) / (w * 0.45)) ** 2)
    img = mix(img, C("#eef3f2"), np.clip(mist * 0.85, 0, 1))
    # ferns / foliage on the sides
    L = Layer(S)
    for _ in range(900):
        side = S.rng.random() < 0.5
        y = h * (0.05 + 0.95 * S.rng.random())
        ed = le[int(min(y, h - 1))] if side else re[int(min(y, h - 1))]
        x = ed - (S.rng.random() ** 0.5) * w * 0.35 if side else ed + (S.rng.random() ** 0.5) * w * 0.35
        if S.rng.random() < 0.55 or y > py - 4:
            continue
        r = 2 + 5 * S.rng.random()
        L.ellipse(x, y, r * 1.6, r * 0.7, C(["#3d6e24", "#5a8c2e", "#2a5018", "#7aa33a"][S.rng.integers(4)]))
    L.composite(img, tex=0.8 + 0.4 * n.fbm(xx / 1.5, yy / 1.5, 2))
    return img, dict(grain=0.03, vignette=0.38, sat=1.05)


def s_alpenglow(S):
    """A lone snowy peak catching pink alpenglow under a deep blue dusk sky."""
    w, h = S.w, S.h
    hz = int(h * 0.72)
    img = sky(S, [(0, "#0c1d4a"), (0.45, "#33467f"), (0.8, "#a87a9a"), (1.0, "#f2b1a0")], hz)
    stars(S, img, 120, ymax=h * 0.25, bright=0.5)
    xs = S.xx[0]
    dx = xs - w * 0.58
    env = np.clip(1.0 - np.where(dx < 0, -dx / (w * 0.75), dx / (w * 0.5)), 0, 1) ** 1.5
    env2 = np.clip(1.0 - np.abs(xs - w * 0.2) / (w * 0.3), 0, 1) ** 1.2 * 0.55
    detail = mpd(w, S.rng, 0.6)
    top = (h * 0.70 - h * 0.5 * np.maximum(env, env2) - h * 0.1 * detail * (0.3 + env)).astype(F32)
    mountain(S, img, top, rock="#6d4a58", dark="#24202e", snow="#ffc2b0", snow_shadow="#6f7cb0",
             haze="#8a7aa0", haze_amt=0.12, snow_line=h * 0.62, light=1, gully=1.1, cell=0.025)
    top2 = S.ridge(0.80, 0.10, 0.45)
    mountain(S, img, top2, rock="#3c4463", dark="#151a2a", snow="#c8c8e0", snow_shadow="#4f5b88",
             haze="#5a6690", haze_amt=0.25, snow_line=h * 0.80, light=1, gully=0.7, cell=0.015)
    L = Layer(S)
    top3 = S.ridge(0.9, 0.04, 0.4)
    L.poly([(0, h)] + [(x, top3[x]) for x in range(0, w, 3)] + [(w - 1, top3[-1]), (w, h)], "#0c1020")
    for _ in range(260):
        x = S.rng.random() * w
        y = top3[int(x)] + S.rng.random() * h * 0.1
        conifer(L, x, y, h * (0.03 + 0.07 * S.rng.random() ** 2), C("#0a0f1a") * (0.8 + 0.5 * S.rng.random()), S.rng)
    n = S.noise()
    L.composite(img, tex=0.8 + 0.6 * n.fbm(S.xx / 1.5, S.yy / 1.5, 3))
    return img, dict(grain=0.035, vignette=0.35, sat=1.08)


def aurora(S, img, n, y_base, amp, col_lo, col_hi, height, strength=1.0, cell=0.25):
    h, w = S.h, S.w
    xs = S.xx[0]
    curve = y_base + (n.fbm(xs / (w * cell), np.full(w, 4.2, F32), 5) - 0.5) * amp * 2
    curve = curve + (n.fbm(xs / (w * cell * 0.25), np.full(w, 8.7, F32), 4) - 0.5) * amp * 0.3
    dy = curve[None, :] - S.yy
    above = np.where(dy >= 0, np.exp(-np.maximum(dy, 0) / height), np.exp(np.minimum(dy, 0) / 6.0))
    below = np.where(dy < 0, np.exp(np.minimum(dy, 0) / (height * 0.5)), 1.0) * 0.12
    rays = n.fbm(S.xx / 2.0, S.yy / 120, 5)
    rays2 = n.fbm(S.xx / 10, S.yy / 250, 4)
    inten = (above * (0.1 + 1.5 * smoothstep(0.4, 0.75, rays) * rays2 * 1.4) + below) * strength
    inten *= np.clip(0.2 + 1.4 * (n.fbm(xs / (w * 0.1), np.full(w, 1.3, F32), 4) - 0.3), 0, 1.5)[None, :]
    col = mix(np.broadcast_to(C(col_lo), img.shape), np.broadcast_to(C(col_hi), img.shape),
              smoothstep(height * 0.3, height * 1.8, dy))
    img += col * inten[..., None]


def s_aurora(S):
    """Green and violet aurora over a snowy lakeshore with pine silhouettes."""
    w, h = S.w, S.h
    hz = int(h * 0.70)
    img = sky(S, [(0, "#02040c"), (0.6, "#06122a"), (1.0, "#10304a")], hz)
    stars(S, img, 1600, ymax=hz, bright=0.8)
    n = S.noise()
    aurora(S, img, n, h * 0.62 - S.xx[0] / w * h * 0.3, h * 0.1, "#3dff8c", "#c04ce0", h * 0.13, 1.0)
    top = S.ridge(0.68, 0.06, 0.45)
    mountain(S, img, top, rock="#41506a", dark="#0c1020", snow="#8fb0c8", snow_shadow="#2d3e5c",
             haze="#16304a", haze_amt=0.3, snow_line=h * 0.7, light=-1, gully=0.6, bottom=hz)
    L = Layer(S)
    for _ in range(160):
        x = S.rng.random() * w
        conifer(L, x, hz + 1, h * (0.015 + 0.05 * S.rng.random() ** 2), "#03060a", S.rng)
    L.composite(img)
    water(S, img, hz, tint="#050a14", refl=0.9, slope=0.004, kx=1.0, kz=10, aniso=8, body_amt=0.05,
          octaves=5, darken=0.8, near_fade=0.6)
    # snowy foreground bank with pines, lit green by the aurora
    top2 = S.ridge(0.93, 0.08, 0.4)
    U, Z, d = ground_coords(S, h * 0.8)
    sn = n.fbm(U * 6, Z * 4, 6)
    drift = n.fbm(S.xx / 60, S.yy / 15, 5)
    snowc = gradient_map(np.clip(sn * 0.5 + drift * 0.8 - 0.15, 0, 1),
                         [(0, "#101a30"), (0.4, "#2a4460"), (0.7, "#5a8aa0"), (1.0, "#9ad0c8")])
    snowc += (smoothstep(0.82, 0.9, n.fbm(S.xx / 1.2, S.yy / 1.2, 2)) * 0.3)[..., None]
    img[:] = mix(img, snowc, np.clip(S.yy - top2[None, :] + 0.5, 0, 1))
    L = Layer(S)
    for x in sorted(S.rng.random(14) * w):
        y = top2[int(x)] + 6 + S.rng.random() * h * 0.03
        conifer(L, x, y, h * (0.12 + 0.2 * S.rng.random()), "#020409", S.rng, width=0.3)
    L.composite(img)
    return img, dict(grain=0.05, vignette=0.4, sat=1.1, bloom=0.4, bloom_r=4)


def s_magenta_sea(S):
    """Dramatic magenta sunset over the sea with a sun path on the waves."""
    w, h = S.w, S.h
    hz = int(h * 0.60)
    img = sky(S, [(0, "#160c36"), (0.35, "#5a2070"), (0.65, "#c23a78"), (0.88, "#ff7a5c"), (1.0, "#ffc27a")], hz)
    sun_glow(S, img, w * 0.5, hz - h * 0.012, "#ffae60", core=h * 0.022, glow=h * 0.1, strength=0.9, halo=0.3)
    clouds(S, img, hz, cover=0.5, kx=1.8, ky=3.2, lit="#ff9a7a", shade="#3a1540", sun=(0.0, 0.35),
           sharp=0.55, rim=1.0, edge_glow="#ffc080", thick_dark=0.3)
    img[hz - 1:hz + 1] = mix(img[hz - 1:hz + 1], C("#7a3050"), 0.5)
    water(S, img, hz, tint="#1a0a26", refl=0.9, slope=0.05, kx=0.6, kz=6, aniso=4, body_amt=0.1,
          body_lit="#4a1a40", darken=0.9, sparkle=1.0, near_fade=0.6, fresnel_pow=1.5)
    return img, dict(grain=0.035, vignette=0.42, sat=1.1, bloom=0.6)


def s_lavender(S):
    """Rows of lavender converging toward a lone tree at sunset."""
    w, h = S.w, S.h
    hz = int(h * 0.40)
    img = sky(S, [(0, "#6f7fc0"), (0.5, "#c59ac0"), (0.85, "#f8c89a"), (1.0, "#ffe0a8")], hz)
    sun_glow(S, img, w * 0.75, hz - h * 0.04, "#ffc880", core=h * 0.016, glow=h * 0.08, strength=0.8, halo=0.2)
    clouds(S, img, hz, cover=0.25, kx=1.2, ky=4.0, lit="#ffd8b0", shade="#8a6a9a", sharp=0.7, alpha=0.8)
    top = S.ridge(0.41, 0.025, 0.4)
    mountain(S, img, top, rock="#6a6a8a", dark="#4a4a6a", haze="#c8a0b0", haze_amt=0.5, gully=0.3, light=-1)
    L = Layer(S)
    for _ in range(60):
        x = S.rng.random() * w
        L.ellipse(x, hz - 2, 3 + S.rng.random() * 5, 2 + S.rng.random() * 3, "#3a3050")
    leafy_tree(L, w * 0.3, hz + 2, h * 0.16, ["#2a2a3a", "#38364a", "#24202e"], S.rng)
    L.composite(img)
    U, Z, d = ground_coords(S, hz, cx=w * 0.45)
    n = S.noise()
    rows = 0.5 + 0.5 * np.cos(2 * math.pi * U * 3.0)
    flower = n.fbm(U * 40, Z * 25.0, 5)
    spikes = n.fbm(S.xx / 1.5, S.yy / 5, 3)
    near = np.clip(d / (h - hz), 0, 1)
    rowm = smoothstep(0.25, 0.6, rows + (flower - 0.5) * 0.6 + (spikes - 0.5) * 0.5 * near)
    lav = mix(C("#3c2a66"), C("#9b7bd8"), np.clip(rows * 0.6 + (spikes - 0.5) * 1.2 + 0.2, 0, 1))
    soil = mix(C("#3a3a1e"), C("#7a7a3a"), n.fbm(S.xx / 3, S.yy / 3, 4))
    field = mix(soil, lav, rowm)
    field = mix(field, C("#c8a0c0"), np.exp(-d / (h * 0.04)) * 0.7)
    img[hz:] = mix(img[hz:], field[hz:], np.clip(S.yy[hz:] - top[None, :] + 0.5, 0, 1))
    return img, dict(grain=0.035, vignette=0.35, sat=1.08)


def s_blue_hour_city(S):
    """Blue-hour downtown: glass towers, warm windows and a crescent moon."""
    w, h = S.w, S.h
    hz = int(h * 0.9)
    img = sky(S, [(0, "#06143a"), (0.4, "#1a3f7a"), (0.75, "#4d7fb8"), (1.0, "#a6c6e0")], hz)
    d = np.hypot(S.xx - w * 0.75, S.yy - h * 0.12)
    d2 = np.hypot(S.xx - w * 0.75 - h * 0.012, S.yy - h * 0.12 + h * 0.006)
    moon = smoothstep(h * 0.022, h * 0.02, d) * smoothstep(h * 0.019, h * 0.023, d2)
    img += C("#fff6dd") * moon[..., None] * 1.2 + C("#6a8ac0")[None, None] * (0.25 * np.exp(-d / (h * 0.05)))[..., None]
    stars(S, img, 60, ymax=h * 0.3, bright=0.4)
    rng = S.rng
    warm = ["#ffd89a", "#ffe9c4", "#ffc878", "#f0f4ff", "#ffb060"]
    skyline_layer(S, img, hz, rng, 0, h * 0.15, h * 0.35, w * 0.06, w * 0.13, "#2a3650", warm, 0.3,
                  3, 4, haze="#5a7aa8", haze_amt=0.35, glow=0.8, antenna=0.3)
    ref = img.copy()
    skyline_layer(S, img, hz, rng, 0, h * 0.3, h * 0.65, w * 0.1, w * 0.2, "#1c2438", warm, 0.35,
                  5, 7, glow=1.0, antenna=0.4, sky_ref=ref)
    skyline_layer(S, img, h, rng, 0, h * 0.1, h * 0.3, w * 0.15, w * 0.3, "#10141e", warm, 0.45,
                  8, 10, glow=1.0)
    return img, dict(grain=0.04, vignette=0.35, sat=1.05, bloom=0.8, bloom_r=5)


def trunk(img, S, n, cx, width, y0, y1, bark="#e8e6dc", dark="#1a1814", fog=None, fog_amt=0.0, lean=0.0):
    h, w = S.h, S.w
    y0, y1 = max(0, int(y0)), min(h, int(y1))
    x0, x1 = int(cx - width - abs(lean) * h - 2), int(cx + width + abs(lean) * h + 2)
    x0, x1 = max(0, x0), min(w, x1)
    if x1 <= x0 or y1 <= y0:
        return
    yy = S.yy[y0:y1, x0:x1]
    xx = S.xx[y0:y1, x0:x1]
    c = cx + lean * (y1 - yy)
    u = (xx - c) / (width * 0.5)
    a = np.clip((1.0 - np.abs(u)) * width * 0.5, 0, 1)
    shade = np.sqrt(np.clip(1 - u * u, 0, 1)) * (0.75 + 0.25 * np.clip(-u, -1, 1))
    marks = n.fbm(xx / max(1.5, width * 0.35), yy / 1.6, 5)
    m2 = smoothstep(0.62, 0.72, marks) * 0.9 + smoothstep(0.75, 0.8, n.fbm(xx / 3, yy / 30, 4)) * 0.6
    col = mix(C(bark) * (0.45 + 0.6 * shade)[..., None], C(dark), np.clip(m2, 0, 1))
    col *= (0.9 + 0.2 * n.fbm(xx / 1.3, yy / 1.3, 2))[..., None]
    if fog is not None:
        col = mix(col, C(fog), fog_amt)
    img[y0:y1, x0:x1] = mix(img[y0:y1, x0:x1], col, a)


def s_birch(S):
    """Foggy birch forest in soft morning light with ferns and leaf litter."""
    w, h = S.w, S.h
    n = S.noise()
    fog = C("#dfe4d6")
    img = gradient_map(S.yy / h, [(0, "#f1f2e6"), (0.5, "#dfe4d6"), (1.0, "#b9c2a0")])
    rng = S.rng
    leafpal = np.stack([C(c) for c in ["#a8b860", "#c8c070", "#7a9a40", "#d8b850", "#8aa048"]])
    top = S.ridge(0.80, 0.03, 0.4)
    for layer, (cnt, wmin, wmax, fa) in enumerate([(30, 2, 4, 0.75), (18, 4, 9, 0.5), (10, 10, 18, 0.25),
                                                    (5, 22, 40, 0.0)]):
        if layer == 3:
            gt = grass_tex(S, n, 0.9)
            ground = mix(C("#4a5a22"), C("#c8c070"), gt * 0.7 + 0.3 * n.fbm(S.xx / 12, S.yy / 8, 5))
            ground = mix(ground, fog, smoothstep(h, top.min(), S.yy) * 0.55)
            img = mix(img, ground, np.clip(S.yy - top[None, :] + 0.5, 0, 1))
        for _ in range(cnt):
            cx = rng.random() * w
            wd = rng.uniform(wmin, wmax) * w / 600
            base = h * (0.86 if layer < 3 else 0.9 + 0.1 * rng.random())
            trunk(img, S, n, cx, wd, -5, base, fog="#dfe4d6", fog_amt=fa, lean=rng.normal(0, 0.01))
        # foliage: clustered small leaves high up, fogged by depth
        sc = 2.0 + layer * 1.5
        cl = n.fbm(S.xx / (sc * 6), S.yy / (sc * 5), 5)
        lf = n.fbm(S.xx / (sc * 0.6), S.yy / (sc * 0.5), 3)
        m = smoothstep(0.55, 0.62, cl * 0.7 + lf * 0.45) * smoothstep(h * (0.35 + 0.05 * layer), 0, S.yy)
        pidx = np.floor(n.fbm(S.xx / (sc * 1.5), S.yy / (sc * 1.5), 3) * 9).astype(np.int64) % len(leafpal)
        lcol = leafpal[pidx] * (0.7 + 0.5 * lf)[..., None]
        lcol = mix(lcol, fog, max(0.0, 0.7 - 0.25 * layer))
        img = mix(img, lcol, m)
        fm = n.fbm(S.xx / (w * 0.3), S.yy / (h * 0.1), 5)
        img = mix(img, fog, np.clip(0.12 + 0.2 * (fm - 0.5), 0, 1) * (layer < 3))
    L = Layer(S)
    for _ in range(260):
        x = rng.random() * w
        y = top[int(x)] + rng.random() * (h - top[int(x)])
        s = 3 + 30 * ((y - h * 0.8) / (h * 0.2)) ** 2
        c = C(["#5a7a28", "#7a9a38", "#a89040", "#4a6a20"][rng.integers(4)]) * (0.7 + 0.5 * rng.random())
        for k in range(9):  # grass / fern clumps
            a = -math.pi / 2 + rng.normal(0, 0.45)
            ln = s * rng.uniform(0.5, 1.2)
            bend = rng.normal(0, 0.3) * ln
            L.line([(x, y), (x + math.cos(a) * ln * 0.5 + bend * 0.3, y + math.sin(a) * ln * 0.5),
                    (x + math.cos(a) * ln + bend, y + math.sin(a) * ln * 0.9)], c * rng.uniform(0.8, 1.2),
                   max(1.0, s * 0.05))
    L.composite(img, tex=0.8 + 0.4 * n.fbm(S.xx / 1.5, S.yy / 1.5, 2))
    sun_glow(S, img, w * 0.8, h * 0.05, "#fff0c0", glow=h * 0.3, strength=0.25, disc=0)
    return img, dict(grain=0.035, vignette=0.3, sat=0.95, warm=(1.02, 1.0, 0.95))


def s_mesa_twilight(S):
    """Desert mesas glowing red under a purple twilight with the first stars."""
    w, h = S.w, S.h
    hz = int(h * 0.64)
    img = sky(S, [(0, "#120a30"), (0.4, "#3b1f5e"), (0.72, "#a1426a"), (0.9, "#ee7a44"), (1.0, "#ffb560")], hz)
    stars(S, img, 700, ymax=hz * 0.45, bright=0.7)
    clouds(S, img, hz, cover=0.2, kx=1.0, ky=5.0, lit="#ff9a70", shade="#4a2050", sharp=0.8, alpha=0.7)
    xs = S.xx[0]
    strata = ["#8a3a2a", "#a8502e", "#6e2c22", "#c0683a", "#92402a", "#7a3426"]
    rng = S.rng
    for li, (cnt, hmin, hmax, haze, hc) in enumerate([(4, 0.05, 0.1, 0.55, "#8a5080"), (3, 0.1, 0.22, 0.25, "#70385a")]):
        prof = np.zeros(w, F32)
        for _ in range(cnt):
            c = rng.random() * w
            hw = w * rng.uniform(0.06, 0.18)
            ht = h * rng.uniform(hmin, hmax)
            tal = hw * rng.uniform(0.3, 0.6)
            p = np.clip((hw + tal - np.abs(xs - c)) / tal, 0, 1) ** 0.8
            p = np.where(np.abs(xs - c) < hw, 1.0, p * 0.55)
            prof = np.maximum(prof, (p * ht).astype(F32))
        rough = mpd(w, rng, 0.6)
        top = (hz - prof * (0.94 + 0.1 * rough) - h * 0.012 * mpd(w, rng, 0.5)).astype(F32)
        mountain(S, img, top, haze=hc, haze_amt=haze, light=-1, gully=0.5, strata=strata, strata_h=h * 0.014,
                 cell=0.014, slope_gain=3.0, shear=0.3, bottom=hz + 1)
    # desert floor with scrub
    U, Z, d = ground_coords(S, hz)
    n = S.noise()
    floor = mix(C("#2a1418"), C("#6a3a2c"), n.fbm(U * 2, Z * 1.2, 6))
    floor = mix(floor, C("#c06040"), np.exp(-d / (h * 0.05)) * 0.5)
    floor *= (0.85 + 0.3 * n.fbm(S.xx / 1.5, S.yy / 1.5, 2))[..., None]
    img[hz:] = floor[hz:]
    L = Layer(S)
    for _ in range(500):
        x = rng.random() * w
        y = hz + rng.random() ** 1.3 * (h - hz)
        r = 0.5 + 6 * ((y - hz) / (h - hz)) ** 1.8
        for k in range(5):
            L.ellipse(x + rng.normal(0, r), y + rng.normal(0, r * 0.3), r * rng.uniform(0.4, 0.9),
                      r * rng.uniform(0.3, 0.6), C("#2a1a18") * (0.6 + 0.8 * rng.random()))
    L.composite(img)
    return img, dict(grain=0.04, vignette=0.4, sat=1.08)


def s_aerial_beach(S):
    """Aerial view of a tropical beach: turquoise shallows, surf lines, reef."""
    w, h = S.w, S.h
    n = S.noise()
    xx, yy = S.xx / w, S.yy / h
    t = (xx * 0.55 + yy * 0.85) - 0.62 + (n.fbm(xx * 3, yy * 3, 6) - 0.5) * 0.25
    # t < 0: land, t > 0: sea
    water_c = gradient_map(np.clip(t, 0, 1), [(0, "#b8f0e0"), (0.04, "#6ad8d0"), (0.15, "#22b8c8"),
                                               (0.35, "#0c7fb0"), (0.6, "#064a80")])
    caust = n.fbm(S.xx / 9, S.yy / 9, 5, ridged=True)
    water_c += (caust[..., None] - 0.4) * 0.35 * np.exp(-t / 0.12)[..., None]
    reef = smoothstep(0.55, 0.68, n.fbm(S.xx / 50, S.yy / 50, 6)) * smoothstep(0.05, 0.12, t) * smoothstep(0.4, 0.2, t)
    water_c = mix(water_c, C("#1d5a6a") * (0.7 + 0.5 * n.fbm(S.xx / 4, S.yy / 4, 4))[..., None], reef * 0.7)
    # surf lines parallel to the shore
    lace = n.fbm(S.xx / 6, S.yy / 6, 6)
    foam = np.zeros_like(t)
    for k, off in enumerate([0.006, 0.03, 0.065, 0.1]):
        wob = (n.fbm(xx * 8 + k, yy * 8, 4) - 0.5) * 0.02
        band = np.exp(-((t - off - wob) / (0.004 + 0.003 * k)) ** 2)
        foam = np.maximum(foam, band * smoothstep(0.35 + 0.05 * k, 0.6, lace) * (1.0 - 0.18 * k))
    water_c = mix(water_c, C("#ffffff"), np.clip(foam * 1.6, 0, 1))
    sand = mix(C("#d9c49a"), C("#f4e8cc"), n.fbm(S.xx / 2, S.yy / 2, 3) * 0.6 + 0.4 * n.fbm(S.xx / 40, S.yy / 40, 5))
    wet = smoothstep(-0.03, 0.0, t)
    sand = mix(sand, C("#a89070"), wet * 0.7)
    veg = smoothstep(-0.25, -0.32, t + (n.fbm(xx * 5, yy * 5, 6) - 0.5) * 0.15)
    vcol = mix(C("#1f4a1a"), C("#5a8a2a"), n.fbm(S.xx / 5, S.yy / 5, 6))
    # palm crowns: star-shaped dark-green blobs
    sand = mix(sand, vcol, veg)
    img = mix(sand, water_c, smoothstep(-0.002, 0.002, t))
    rng = S.rng
    crowns = []
    for _ in range(400):
        x, y = rng.random() * w, rng.random() * h
        tt = (x / w * 0.55 + y / h * 0.85) - 0.62
        if -0.34 < tt < -0.07 and rng.random() < smoothstep(-0.07, -0.3, tt) + 0.05:
            crowns.append((x, y, w * rng.uniform(0.008, 0.02)))
    L = Layer(S)
    for x, y, r in crowns:
        L.ellipse(x + r * 0.8, y + r * 0.6, r, r, "#000000")
    a = L.composite(np.zeros_like(img))
    img *= (1 - 0.45 * a)[..., None]
    L = Layer(S)
    for x, y, r in crowns:
        for k in range(10):
            ang = rng.random() * 2 * math.pi
            rr = r * 0.55 * math.sqrt(rng.random())
            lit = -(math.cos(ang) + math.sin(ang)) * 0.15
            L.ellipse(x + math.cos(ang) * rr, y + math.sin(ang) * rr, r * 0.5, r * 0.5,
                      C(["#2a5a1e", "#3a6a24", "#4a7a2a"][rng.integers(3)]) * (0.8 + lit + 0.3 * rng.random()))
    L.composite(img, tex=0.8 + 0.4 * n.fbm(S.xx / 1.5, S.yy / 1.5, 2))
    # shadows of a few boats
    for _ in range(3):
        x, y = rng.random() * w, rng.random() * h
        tt = (x / w * 0.55 + y / h * 0.85) - 0.62
        if tt < 0.12:
            continue
        L = Layer(S)
        L.ellipse(x + 4, y + 6, 12, 4, "#000000")
        a = L.composite(np.zeros_like(img))
        img *= (1 - 0.35 * a)[..., None]
        L = Layer(S)
        L.ellipse(x, y, 12, 4, "#f4f4f0")
        L.ellipse(x - 2, y, 5, 2, "#b0a080")
        L.composite(img)
    return img, dict(grain=0.03, vignette=0.25, sat=1.05)


def s_moon_clouds(S):
    """Full moon above a moonlit sea of clouds with peaks poking through."""
    w, h = S.w, S.h
    hz = int(h * 0.55)
    img = sky(S, [(0, "#050a24"), (0.6, "#142a5a"), (1.0, "#3a5a8a")], hz)
    stars(S, img, 600, ymax=hz, bright=0.7)
    mx, my, mr = w * 0.66, h * 0.24, h * 0.07
    d = np.hypot(S.xx - mx, S.yy - my)
    n = S.noise()
    maria = n.fbm((S.xx - mx) / (mr * 0.35), (S.yy - my) / (mr * 0.35), 6)
    crat = n.fbm((S.xx - mx) / 3, (S.yy - my) / 3, 3)
    mcol = mix(C("#f4f0e2"), C("#a8a8a0"), smoothstep(0.45, 0.65, maria)) * (0.9 + 0.2 * crat)[..., None]
    limb = np.sqrt(np.clip(1 - (d / mr) ** 2, 0, 1)) ** 0.3
    mcol *= limb[..., None]
    img = mix(img, mcol, smoothstep(mr + 1, mr - 1, d))
    img += C("#8aa8e0") * (0.5 * np.exp(-np.maximum(d - mr, 0) / (h * 0.06)) * (d > mr))[..., None]
    img += C("#4a6aa0") * (0.3 * np.exp(-np.maximum(d - mr, 0) / (h * 0.25)))[..., None]
    top = S.ridge(0.60, 0.2, 0.5, 1.0)
    mountain(S, img, top, rock="#3a4a6a", dark="#0a1020", snow="#c8d4f0", snow_shadow="#3a4a78",
             haze="#2a3a60", haze_amt=0.2, snow_line=h * 0.6, light=1, gully=0.8, cell=0.015)
    # cloud sea, seen from above
    U, Z, dd = ground_coords(S, hz - h * 0.02)
    X, Y = U * 0.5, Z * 0.35
    c0 = n.fbm(X, Y, 6, 0.55)
    e = 0.02
    cx_ = (n.fbm(X + e, Y, 6, 0.55) - c0) / e
    cz_ = (n.fbm(X, Y + e, 6, 0.55) - c0) / e
    lam = np.clip(0.55 + 0.08 * cx_ + 0.06 * cz_ + (c0 - 0.5) * 1.5, 0, 1)
    ccol = gradient_map(lam, [(0, "#101a38"), (0.4, "#3a5082"), (0.75, "#8ea6d4"), (1.0, "#dfe8ff")])
    ccol *= (0.92 + 0.16 * n.fbm(S.xx / 1.5, S.yy / 1.5, 2))[..., None]
    ca = smoothstep(0.38, 0.5, c0 + 0.25 * smoothstep(h * 0.15, 0, dd)) * (S.yy > hz - h * 0.02)
    ca = np.maximum(ca, smoothstep(hz, hz + h * 0.1, S.yy))
    img = mix(img, ccol, ca)
    # moon glint on the clouds below the moon
    img += C("#b0c8ff") * (0.25 * np.exp(-np.abs(S.xx - mx) / (w * 0.12)) * smoothstep(hz, h, S.yy) * lam)[..., None]
    return img, dict(grain=0.045, vignette=0.4, sat=1.05, bloom=0.5, bloom_r=6)


def s_golden_hills(S):
    """Tuscan-style rolling hills in late golden light with cypress rows."""
    w, h = S.w, S.h
    hz = int(h * 0.36)
    img = sky(S, [(0, "#8fa8cc"), (0.6, "#d8c8b0"), (1.0, "#fbe0a0")], hz)
    sun_glow(S, img, w * 0.85, hz - h * 0.12, "#ffd890", core=h * 0.02, glow=h * 0.2, strength=0.6, halo=0.3)
    clouds(S, img, hz, cover=0.3, kx=1.0, ky=4.0, lit="#fff0d0", shade="#b09a98", sharp=0.7, alpha=0.8)
    n = S.noise()
    rng = S.rng
    # patchwork of fields laid out on the ground plane
    U, Z, d = ground_coords(S, hz - h * 0.02)
    wu = U + (n.fbm(U * 0.8, Z * 0.8, 4) - 0.5) * 0.5
    wz = Z + (n.fbm(U * 0.8 + 5, Z * 0.8, 4) - 0.5) * 0.5
    a1, a2 = 0.45, 0.45 + math.pi / 2
    p1 = np.floor((wu * math.cos(a1) + wz * math.sin(a1)) / 0.45)
    p2 = np.floor((wu * math.cos(a2) + wz * math.sin(a2)) / 0.3)
    pid = p1 * 57.0 + p2 * 13.0
    pick = (np.sin(pid * 12.9898) * 43758.5453) % 1.0
    pal = np.stack([C(c) for c in ["#c8a848", "#e0c060", "#8a9a40", "#6a8a34", "#b08a3a", "#d8b870", "#9aa84a", "#7a6a30"]])
    fcol = pal[np.floor(pick * len(pal)).astype(np.int64)]
    fa = np.floor(pick * 7) * 0.7
    furrow = 0.5 + 0.5 * np.sin((wu * np.cos(fa) + wz * np.sin(fa)) * 90.0)
    fcol = fcol * (0.8 + 0.2 * furrow * smoothstep(hz + h * 0.15, h, S.yy) + 0.2 * n.fbm(S.xx / 2, S.yy / 2, 3))[..., None]
    for i, (b, amp) in enumerate([(0.38, 0.05), (0.47, 0.09), (0.58, 0.11), (0.72, 0.13), (0.9, 0.14)]):
        top = S.ridge(b, amp, 0.3)
        y0 = max(0, int(top.min()) - 1)
        dep = S.yy[y0:] - top[None, :]
        tp = blur(top[None, :].repeat(3, 0), 20)[1]
        face = np.tanh(np.gradient(tp) * 2.5)[None, :] * np.exp(-dep / (h * 0.1))
        col = fcol[y0:] * (0.88 + 0.35 * face + 0.12 * smoothstep(h * 0.04, 0, dep))[..., None]
        col = mix(col, C("#e8d0a8"), max(0.0, 0.55 - 0.14 * i))
        img[y0:] = mix(img[y0:], col, np.clip(dep + 0.5, 0, 1))
        L = Layer(S)
        for _ in range(int(1 + 1.5 * i)):
            x0 = rng.random() * w
            k = rng.integers(3, 9)
            for j in range(k):
                x = x0 + j * (3 + 3 * i) * rng.uniform(0.8, 1.2)
                if x >= w:
                    break
                y = top[int(x)] + rng.random() * h * 0.015 + 2
                ch = h * (0.01 + 0.006 * i + 0.004 * i * i) * rng.uniform(0.8, 1.2)
                cypress(L, x, y, ch, C("#1e2a12") * (0.8 + 0.4 * rng.random()), rng)
        for _ in range(int(1 + 1.5 * i)):
            x = rng.random() * w
            y = top[int(x)] + rng.random() * h * 0.05 + 2
            leafy_tree(L, x, y, h * (0.012 + 0.012 * i), ["#3a4a1a", "#4a5a22", "#2a3a14"], rng, light=(1, -1))
        L.composite(img, tex=0.8 + 0.4 * n.fbm(S.xx / 1.3, S.yy / 1.3, 2), haze="#e8d0a8",
                    haze_amt=max(0.0, 0.5 - 0.13 * i))
    return img, dict(grain=0.03, vignette=0.35, sat=1.05, warm=(1.04, 1.0, 0.92))


def s_volcano(S):
    """Erupting volcano at night: glowing lava flows and a lit ash plume."""
    w, h = S.w, S.h
    hz = int(h * 0.75)
    img = sky(S, [(0, "#060308"), (0.6, "#1a0a10"), (1.0, "#5a1a10")], hz)
    stars(S, img, 250, ymax=h * 0.4, bright=0.5)
    n = S.noise()
    cx, cy = w * 0.48, h * 0.42
    # ash plume
    up = np.clip((cy - S.yy) / (cy), 0, 1)
    pw = w * (0.04 + 0.35 * up ** 1.3)
    px = cx + (n.fbm(S.yy[:, 0] / 120, np.full(h, 1.7, F32), 4) - 0.5)[:, None] * w * 0.3 * up
    pl = n.fbm(S.xx / 30, S.yy / 30, 7, 0.55)
    pd = np.exp(-((S.xx - px) / pw) ** 2) * (S.yy < cy + 5)
    pa = smoothstep(0.25, 0.65, pd * (0.4 + pl))
    pcol = mix(C("#ff5a20") * 0.9, C("#2a2428"), smoothstep(0.0, 0.45, up + (pl - 0.5) * 0.5))
    pcol *= (0.6 + 0.7 * pl)[..., None]
    img = mix(img, pcol, pa)
    img += C("#ff4010") * (0.6 * np.exp(-np.hypot(S.xx - cx, S.yy - cy) / (h * 0.12)))[..., None]
    # cone
    xs = S.xx[0]
    prof = np.clip(1 - np.abs(xs - cx) / (w * 0.55), 0, 1) ** 1.6
    prof = np.minimum(prof, 0.93 + 0.02 * np.abs(xs - cx) / (w * 0.05))
    top = (hz - prof * (hz - cy) * 1.0 - h * 0.03 * mpd(w, S.rng, 0.6)).astype(F32)
    mountain(S, img, top, rock="#3a2a28", dark="#080506", haze="#2a1010", haze_amt=0.1, light=-1,
             gully=1.0, cell=0.02)
    # lava flows: random downhill walks
    L = Layer(S)
    rng = S.rng
    def flow(x, y, dirx, steps, width, depth=0):
        pts = [(x, y)]
        for k in range(steps):
            dirx = float(np.clip(dirx * 0.97 + rng.normal(0, 0.2), -1.2, 1.2))
            x += dirx * 1.6 + rng.normal(0, 0.6)
            if not (0 <= x < w):
                break
            y = max(y + rng.uniform(1.0, 3.0), top[int(x)] + 2)
            pts.append((x, y))
            if k > 20 and depth < 2 and rng.random() < 0.012:
                flow(x, y, -dirx, steps - k, width * 0.6, depth + 1)
            if y > h:
                break
        for j in range(len(pts) - 1):
            wd = width * (0.6 + 0.8 * abs(math.sin(j * 0.13 + width)))
            L.line([pts[j], pts[j + 1]], "#ffb040", wd)

    for _ in range(5):
        x = cx + rng.normal(0, w * 0.015)
        flow(x, top[int(x)] + 2, rng.choice([-1, 1]) * rng.uniform(0.2, 1.0), 260, rng.uniform(1.5, 3.5))
    glowl = np.zeros_like(img)
    a = L.composite(glowl)
    img += blur(glowl, 10) * 2.5 * C("#ff4010") / C("#ffb040").max()
    img = mix(img, C("#ffd070") * 1.3, a)
    # foreground lava field with glowing cracks
    top2 = S.ridge(0.88, 0.05, 0.5)
    cr = n.fbm(S.xx / 20, S.yy / 8, 6, ridged=True)
    crack = smoothstep(0.75, 0.92, cr)
    field = mix(C("#0c0808"), C("#3a2622"), n.fbm(S.xx / 3, S.yy / 3, 5)) + C("#ff5010") * (crack * 1.2)[..., None]
    img = mix(img, field, np.clip(S.yy - top2[None, :] + 0.5, 0, 1))
    return img, dict(grain=0.045, vignette=0.4, sat=1.1, bloom=0.9, bloom_r=8)


def s_frozen_lake(S):
    """Frozen lake with cracked blue ice and snow drifts below wintry peaks."""
    w, h = S.w, S.h
    hz = int(h * 0.45)
    img = sky(S, [(0, "#9dbad6"), (0.7, "#cfe0ec"), (1.0, "#eef4f6")], hz)
    clouds(S, img, hz, cover=0.45, kx=1.0, ky=4.0, lit="#ffffff", shade="#b8c8d8", sharp=1.0, alpha=0.7)
    top = S.ridge(0.40, 0.18, 0.55, 1.2)
    mountain(S, img, top, rock="#7a8aa0", dark="#3a4658", snow="#f6fafc", snow_shadow="#a4b8d0",
             haze="#d0e0ea", haze_amt=0.35, snow_line=h * 0.43, light=1, gully=1.0)
    L = Layer(S)
    for _ in range(400):
        x = S.rng.random() * w
        conifer(L, x, hz + 1, h * (0.01 + 0.04 * S.rng.random() ** 2), C("#1e2e30") * (0.8 + 0.5 * S.rng.random()), S.rng)
    n = S.noise()
    L.composite(img, tex=0.8 + 0.4 * n.fbm(S.xx / 1.5, S.yy / 1.5, 2), haze="#c0d0dc", haze_amt=0.25)
    U, Z, d = ground_coords(S, hz)
    X, Y = U * 1.2, Z * 0.9
    base = gradient_map(n.fbm(X * 0.5, Y * 0.5, 5), [(0.3, "#2a6a8a"), (0.5, "#5aa8c8"), (0.7, "#a8dcea")])
    cracks = smoothstep(0.72, 0.86, n.fbm(X * 2.5, Y * 2.5, 4, 0.45, ridged=True))
    cracks2 = smoothstep(0.78, 0.9, n.fbm(X * 6 + 5, Y * 6, 3, 0.45, ridged=True))
    ice = mix(base, C("#f4fbfd"), np.clip(cracks * 0.9 + cracks2 * 0.6, 0, 1))
    ice = mix(ice, C("#123a52"), smoothstep(0.6, 0.7, n.fbm(X * 2.5 + 0.05, Y * 2.5 + 0.05, 4, 0.45, ridged=True)) * 0.3)
    bub = smoothstep(0.7, 0.8, n.fbm(S.xx / 2.5, S.yy / 2.5, 3)) * smoothstep(hz + h * 0.2, h, S.yy)
    ice = mix(ice, C("#dff2f8"), bub * 0.6)
    snow = smoothstep(0.58, 0.64, n.fbm(X * 0.3 + 3, Y * 0.6, 6))
    scol = mix(C("#b8cadc"), C("#fafcff"), n.fbm(S.xx / 2, S.yy / 2, 4) * 0.5 + 0.5 * n.fbm(X, Y, 4))
    ice = mix(ice, scol, snow)
    ice = mix(ice, C("#d0e0ea"), np.exp(-d / (h * 0.05)) * 0.6)
    img[hz:] = ice[hz:]
    return img, dict(grain=0.03, vignette=0.28, sat=1.0)


def s_wheat_storm(S):
    """Golden wheat field lit by a break in a dark storm sky, lone tree."""
    w, h = S.w, S.h
    hz = int(h * 0.5)
    img = sky(S, [(0, "#1c222e"), (0.6, "#3a4252"), (0.92, "#9a9070"), (1.0, "#e8d098")], hz)
    clouds(S, img, hz, cover=0.85, kx=1.3, ky=2.6, lit="#7a8290", shade="#161a24", sun=(0.0, 0.3),
           sharp=0.6, thick_dark=0.4)
    n = S.noise()
    beam = np.exp(-np.abs((S.xx - w * 0.7) + (S.yy - hz) * 0.35) / (w * 0.06)) * smoothstep(0, hz, S.yy) * (S.yy < hz)
    img += C("#ffe0a0") * (beam * 0.25)[..., None]
    L = Layer(S)
    leafy_tree(L, w * 0.28, hz + 3, h * 0.2, ["#141812", "#1c2218", "#10140e"], S.rng, trunk="#0e0c0a", shape=(0.42, 0.3))
    for _ in range(40):
        x = S.rng.random() * w
        L.ellipse(x, hz, 2 + S.rng.random() * 6, 1.5 + S.rng.random() * 3, "#2a2a22")
    L.composite(img)
    U, Z, d = ground_coords(S, hz)
    t = np.clip(d / (h - hz), 0, 1)
    heads = n.fbm(U * 30, Z * 20, 5)
    stalk = n.fbm(S.xx / (0.8 + 2 * t), S.yy / (2 + 7 * t), 4)
    wind = n.fbm(U * 1.2, Z * 0.6, 5)
    v = np.clip(0.35 + (heads - 0.5) * (1 - t) * 1.5 + (stalk - 0.5) * (0.4 + 1.6 * t) + (wind - 0.5) * 1.2, 0, 1)
    field = gradient_map(v, [(0, "#5a3a10"), (0.35, "#a8741e"), (0.65, "#e0b040"), (1.0, "#fff0a0")])
    light = 0.75 + 0.45 * np.exp(-np.abs(S.xx - w * 0.62 - (S.yy - hz) * 0.6) / (w * 0.25))
    field *= light[..., None]
    field = mix(field, C("#8a8060"), np.exp(-d / (h * 0.03)) * 0.5)
    img[hz:] = field[hz:]
    return img, dict(grain=0.035, vignette=0.42, sat=1.08, contrast=1.05)


def cypress(L, x, yb, h, col, rng):
    pts = []
    k = 10
    for i in range(k + 1):
        t = i / k
        wd = h * 0.14 * math.sin(math.pi * min(1.0, t * 1.15)) ** 0.8 * (0.85 + 0.3 * rng.random())
        pts.append((x + wd, yb - h + h * t))
    left = [(x - (px - x) * rng.uniform(0.85, 1.15), py) for px, py in pts]
    L.poly(pts + left[::-1], col)


# ---------------------------------------------------------------------------
# Catalogue and driver
# ---------------------------------------------------------------------------

PHOTOS = [  # (scene, width, height)
    (s_alpine, 960, 640),
    (s_aurora, 720, 1080),
    (s_aerial_beach, 800, 800),
    (s_sunset_lake, 1024, 576),
    (s_waterfall, 640, 960),
    (s_dunes, 900, 600),
    (s_moon_clouds, 800, 800),
    (s_lavender, 600, 900),
    (s_city_night, 1024, 576),
    (s_golden_hills, 800, 800),
    (s_alpenglow, 600, 900),
    (s_ocean, 960, 640),
    (s_volcano, 800, 800),
    (s_birch, 600, 900),
    (s_meadow, 900, 600),
    (s_canyon, 960, 640),
    (s_magenta_sea, 640, 960),
    (s_frozen_lake, 800, 800),
    (s_misty_forest, 1024, 576),
    (s_blue_hour_city, 640, 960),
    (s_milky_way, 960, 640),
    (s_wheat_storm, 800, 800),
    (s_mesa_twilight, 720, 1080),
    (s_autumn_lake, 900, 600),
]

# What each photo shows, in PHOTOS' order: its EXIF ImageDescription (caption.py), which Tessera
# reads as the photo's accessible name.
CAPTIONS = [
    "Mountain lake below alpine peaks",
    "Aurora over a mountain",
    "Beach from the air",
    "Sunset over a lake",
    "Waterfall",
    "Sand dunes",
    "Moon among clouds",
    "Lavender field",
    "City at night",
    "Golden hills",
    "Alpenglow on the peaks",
    "Ocean waves",
    "Volcano",
    "Birch forest",
    "Meadow",
    "Canyon",
    "Magenta sea",
    "Frozen lake",
    "Misty forest",
    "City at blue hour",
    "Milky Way over the hills",
    "Wheat field under a storm",
    "Mesa at twilight",
    "Autumn lake",
]


# 2:1 panoramas for the destinations scene (docs/BEHAVIOUR.md#destinations): wide enough that the detail view's image, at
# the window's full width, leaves room for the title and the paragraph under it.
DESTINATIONS = [  # (file name, scene, width, height)
    ("lofoten", s_aurora, 1200, 600),
    ("dolomites", s_alpine, 1200, 600),
    ("namib", s_dunes, 1200, 600),
    ("hong-kong", s_city_night, 1200, 600),
    ("big-sur", s_ocean, 1200, 600),
    ("grand-canyon", s_canyon, 1200, 600),
    ("black-forest", s_misty_forest, 1200, 600),
    ("lake-tekapo", s_milky_way, 1200, 600),
]


def save(u8, path):
    Image.fromarray(u8, "RGB").save(path, "JPEG", quality=85, optimize=True, progressive=False,
                                    subsampling="4:2:0")


def render_destination(index, out_dir):
    name, fn, w, h = DESTINATIONS[index]
    t0 = time.time()
    S = Scene(w, h, seed=5000 + 31 * index)
    img, opts = fn(S)
    path = os.path.join(out_dir, name + ".jpg")
    save(finish(S, img, **opts), path)
    return path, w, h, os.path.getsize(path), time.time() - t0, fn.__name__


def render(index, out_dir):
    fn, w, h = PHOTOS[index]
    t0 = time.time()
    S = Scene(w, h, seed=1000 + 17 * index)
    img, opts = fn(S)
    u8 = finish(S, img, **opts)
    path = os.path.join(out_dir, "photo-%02d.jpg" % (index + 1))
    save(u8, path)
    set_caption(path, CAPTIONS[index])
    return path, w, h, os.path.getsize(path), time.time() - t0, fn.__name__


def main(argv):
    out_dir = None
    only = None
    destinations = False
    jobs = min(4, os.cpu_count() or 1)
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--only":
            only = [int(v) - 1 for v in args.pop(0).split(",")]
        elif a == "--destinations":
            destinations = True
        elif a == "--jobs":
            jobs = max(1, int(args.pop(0)))
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            out_dir = a
    catalogue, worker = (DESTINATIONS, render_destination) if destinations else (PHOTOS, render)
    out_dir = out_dir or os.path.join("Assets", "Destinations" if destinations else "Photos")
    os.makedirs(out_dir, exist_ok=True)
    todo = only if only is not None else list(range(len(catalogue)))
    t0 = time.time()
    if jobs > 1 and len(todo) > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            results = pool.starmap(worker, [(i, out_dir) for i in todo])
    else:
        results = [worker(i, out_dir) for i in todo]
    total = 0
    for path, w, h, size, dt, name in results:
        total += size
        print("%s  %4dx%-4d %7d bytes  %5.1fs  %s" % (path, w, h, size, dt, name))
    print("%d photos, %d bytes, %.1fs" % (len(results), total, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
