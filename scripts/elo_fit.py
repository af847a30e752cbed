#!/usr/bin/env python3
"""The statistics of scripts/calibrate_elo.py: a logistic Elo model with the anchors fixed
at their labels, one player's own estimate, and a monotone curve in the knob fitted by
maximum likelihood over all games (pure Python: a small Nelder-Mead, Gaussian elimination).

Games are counted by their score (a draw is half a win and half a loss: a quasi-likelihood
whose intervals are slightly conservative when there are draws), each game independent
(a pair's two games are correlated through their opening; ignored).

  python3 scripts/elo_fit.py --self-test   # the fit recovers a known curve from simulated games
"""
import math
import random
import sys

LN10_400 = math.log(10) / 400


def expected(diff):
    return 1.0 / (1.0 + 10.0 ** (-diff / 400.0))


def loglik(cells, elo_of):
    """cells: list of (key, anchor, n, points); elo_of(key) -> Ladya's Elo."""
    total = 0.0
    for key, anchor, n, s in cells:
        p = min(max(expected(elo_of(key) - anchor), 1e-300), 1 - 1e-16)
        total += s * math.log(p) + (n - s) * math.log1p(-p)
    return total


def own_estimate(cells, lo=0.0, hi=4500.0):
    """One player's Elo from its own games: maximum likelihood and a 95% interval
    by likelihood ratio (a drop of 1.92). Bounds at the search range mean 'beyond'."""
    def score_fn(e):  # d loglik / dE (up to the factor ln10/400): decreasing in e
        return sum(s - n * expected(e - a) for _, a, n, s in cells)

    def ll(e):
        return loglik(cells, lambda _k: e)

    def bisect(f, a, b):
        fa = f(a)
        for _ in range(80):
            m = (a + b) / 2
            fm = f(m)
            if (fm > 0) == (fa > 0):
                a, fa = m, fm
            else:
                b = m
        return (a + b) / 2

    if score_fn(lo) <= 0:
        best = lo
    elif score_fn(hi) >= 0:
        best = hi
    else:
        best = bisect(score_fn, lo, hi)
    top = ll(best)
    drop = lambda e: top - ll(e) - 1.92  # noqa: E731
    low = lo if drop(lo) < 0 else bisect(drop, lo, best) if best > lo else lo
    high = hi if drop(hi) < 0 else bisect(drop, best, hi) if best < hi else hi
    return best, low, high, top


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting (small systems)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[p][c]) < 1e-300:
            raise ZeroDivisionError("singular")
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                for k in range(c, n + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][n] / a[i][i] for i in range(n)]


def inverse(matrix):
    n = len(matrix)
    cols = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[cols[j][i] for j in range(n)] for i in range(n)]


def nelder_mead(f, x0, step, tol=1e-10, max_iter=20000):
    """Minimises f from x0 (a plain Nelder-Mead, restarted until it stops improving)."""
    best_x, best_f = list(x0), f(x0)
    for _restart in range(20):
        n = len(best_x)
        simplex = [best_x[:]]
        for i in range(n):
            x = best_x[:]
            x[i] += step[i]
            simplex.append(x)
        values = [f(x) for x in simplex]
        for _ in range(max_iter):
            order = sorted(range(n + 1), key=values.__getitem__)
            simplex = [simplex[i] for i in order]
            values = [values[i] for i in order]
            if abs(values[-1] - values[0]) < tol:
                break
            centroid = [sum(x[i] for x in simplex[:-1]) / n for i in range(n)]
            worst = simplex[-1]
            refl = [c + (c - w) for c, w in zip(centroid, worst)]
            fr = f(refl)
            if fr < values[0]:
                exp = [c + 2 * (c - w) for c, w in zip(centroid, worst)]
                fe = f(exp)
                simplex[-1], values[-1] = (exp, fe) if fe < fr else (refl, fr)
            elif fr < values[-2]:
                simplex[-1], values[-1] = refl, fr
            else:
                con = [c + 0.5 * (w - c) for c, w in zip(centroid, worst)]
                fc = f(con)
                if fc < values[-1]:
                    simplex[-1], values[-1] = con, fc
                else:
                    simplex = [simplex[0]] + [[b + 0.5 * (x - b) for b, x in zip(simplex[0], s)]
                                              for s in simplex[1:]]
                    values = [values[0]] + [f(x) for x in simplex[1:]]
        i = min(range(n + 1), key=values.__getitem__)
        improved = best_f - values[i]
        best_x, best_f = simplex[i], values[i]
        if improved < tol:
            break
        step = [s / 2 for s in step]
    return best_x, best_f


class Curve:
    """Elo as a function of the knob k, linear in its parameters theta, monotone
    non-decreasing on the tested range [k0, k1] by construction:

    quadratic: E(k) = a + s0 x + (s1 - s0) x^2 / (2 D), x = k - k0, D = k1 - k0, with the
               slopes at the ends s0, s1 >= 0, so the slope (Elo per doubling) changes
               linearly along the range and is never negative on it.
    cubic:     the slope is a quadratic Bernstein polynomial in t = x / D,
               c0 (1-t)^2 + c1 2t(1-t) + c2 t^2 with c0, c1, c2 >= 0, so it is never
               negative on the range and can rise and fall again: an S-shaped E(k), flat
               where the move-choice weakness rules, steep in the middle, flatter where
               the clock and the depth take over. The quadratic is its special case
               c1 = (c0 + c2) / 2 (a likelihood-ratio test between them is nested).
    linear:    E(k) = a + s x, s >= 0.
    polyline:  straight between the knobs played (the knots), one slope >= 0 per stretch:
               the most freedom a monotone curve can have on these knobs, for when the
               smooth shapes are rejected (a slope with two humps: the move-choice
               weakness fading, then the MultiPV lines falling from four to one).
    shift:     E(k) = E_base(k) + delta, the shape of an earlier fit (item 6's re-run).
    Outside [k0, k1] it continues as a straight line with the end's slope."""

    def __init__(self, model, k0, k1, theta=None, base=None, knots=None):
        self.model, self.k0, self.k1, self.base = model, k0, k1, base
        self.knots = sorted(knots) if knots else [k0, k1]
        self.theta = theta or [0.0] * self.n_params()

    def n_params(self):
        if self.model == "polyline":
            return len(self.knots)
        return {"cubic": 4, "quadratic": 3, "linear": 2, "shift": 1}[self.model]

    def basis(self, k):
        """E(k) = basis(k) . theta (+ the base curve for 'shift'), inside [k0, k1]."""
        if self.model == "shift":
            return [1.0]
        x = k - self.k0
        if self.model == "linear":
            return [1.0, x]
        if self.model == "polyline":
            return [1.0] + [min(max(k - a, 0.0), b - a) for a, b in zip(self.knots, self.knots[1:])]
        d = max(self.k1 - self.k0, 1e-9)
        if self.model == "cubic":
            t = x / d  # the integrals of the three Bernstein slopes, times D
            return [1.0, d * (1 - (1 - t) ** 3) / 3, d * (t * t - 2 * t ** 3 / 3), d * t ** 3 / 3]
        return [1.0, x - x * x / (2 * d), x * x / (2 * d)]

    def _inside(self, k):
        offset = self.base.value(k) if self.model == "shift" else 0.0
        return offset + sum(b * t for b, t in zip(self.basis(k), self.theta))

    def slope(self, k):
        k = min(max(k, self.k0), self.k1)
        if self.model == "shift":
            return self.base.slope(k)
        if self.model == "linear":
            return self.theta[1]
        if self.model == "polyline":
            for i, b in enumerate(self.knots[1:]):
                if k <= b or i == len(self.knots) - 2:
                    return self.theta[1 + i]
        d = max(self.k1 - self.k0, 1e-9)
        x = k - self.k0
        if self.model == "cubic":
            t = x / d
            c0, c1, c2 = self.theta[1:]
            return c0 * (1 - t) ** 2 + 2 * c1 * t * (1 - t) + c2 * t * t
        return self.theta[1] + (self.theta[2] - self.theta[1]) * x / d

    def value(self, k):
        if k < self.k0:
            return self._inside(self.k0) - self.slope(self.k0) * (self.k0 - k)
        if k > self.k1:
            return self._inside(self.k1) + self.slope(self.k1) * (k - self.k1)
        return self._inside(k)

    def band(self, k, cov):
        """Half-width of the 95% band at k (delta method; exact for a linear predictor)."""
        kk = min(max(k, self.k0), self.k1)
        b = self.basis(kk)
        var = sum(b[i] * cov[i][j] * b[j] for i in range(len(b)) for j in range(len(b)))
        return 1.96 * math.sqrt(max(var, 0.0))

    def inverse(self, elo):
        """The knob whose fitted Elo is `elo` (monotone, so bisection), and whether it
        lies outside the tested range. None where the curve cannot reach it."""
        lo_e, hi_e = self.value(self.k0), self.value(self.k1)
        if lo_e <= elo <= hi_e:
            a, b = self.k0, self.k1
            for _ in range(100):
                m = (a + b) / 2
                a, b = (m, b) if self.value(m) < elo else (a, m)
            return (a + b) / 2, False
        if elo < lo_e:
            s = self.slope(self.k0)
            return (self.k0 - (lo_e - elo) / s, True) if s > 1.0 else (None, True)
        s = max(self.slope(self.k1), 10.0)  # at least 10 Elo a doubling: see the report
        return self.k1 + (elo - hi_e) / s, True

    def to_json(self):
        return {"model": self.model, "k0": self.k0, "k1": self.k1, "theta": self.theta,
                "base": self.base.to_json() if self.base else None, "knots": self.knots}

    @staticmethod
    def from_json(j):
        base = Curve.from_json(j["base"]) if j.get("base") else None
        return Curve(j["model"], j["k0"], j["k1"], j["theta"], base, j.get("knots"))




def fit_curve(knob_cells, model, base=None):
    """Maximum likelihood over all knob games; returns (curve, cov, loglik)."""
    knobs = sorted({k for k, _a, _n, _s in knob_cells})
    if base is not None:
        k0, k1 = base.k0, base.k1
    else:
        k0, k1 = knobs[0], knobs[-1]
    curve = Curve(model, k0, k1, base=base, knots=knobs if model == "polyline" else None)

    # Unconstrained coordinates: slopes are squares, so they cannot go below zero.
    def theta_of(z):
        return [z[0]] + [v * v for v in z[1:]]

    def nll(z):
        curve.theta = theta_of(z)
        return -loglik(knob_cells, curve.value)

    # Start from a straight line through the knobs' own estimates.
    own = {}
    for k in knobs:
        own[k] = own_estimate([c for c in knob_cells if c[0] == k], 0.0, 4500.0)[0]
    if len(knobs) > 1:
        slope0 = max((own[knobs[-1]] - own[knobs[0]]) / (knobs[-1] - knobs[0]), 1.0)
    else:
        slope0 = 1.0
    if model == "shift":
        z0 = [sum(own[k] - base.value(k) for k in knobs) / len(knobs)]
    elif model == "linear":
        z0 = [own[knobs[0]] if base is None else own[knobs[0]], math.sqrt(slope0)]
    elif model == "polyline":  # each stretch's slope from the knobs' own estimates
        z0 = [own[knobs[0]]] + [math.sqrt(max((own[b] - own[a]) / (b - a), 1.0))
                                for a, b in zip(knobs, knobs[1:])]
    else:
        z0 = [own[knobs[0]]] + [math.sqrt(slope0)] * (curve.n_params() - 1)
    z, value = nelder_mead(nll, z0, [50.0] + [1.0] * (len(z0) - 1))
    curve.theta = theta_of(z)
    # Fisher information in theta (the predictor is linear in theta).
    n_p = curve.n_params()
    info = [[0.0] * n_p for _ in range(n_p)]
    for k, anchor, n, _s in knob_cells:
        p = expected(curve.value(k) - anchor)
        w = n * p * (1 - p) * LN10_400 ** 2
        b = curve.basis(min(max(k, curve.k0), curve.k1))
        for i in range(n_p):
            for j in range(n_p):
                info[i][j] += w * b[i] * b[j]
    try:
        cov = inverse(info)
    except ZeroDivisionError:
        cov = [[float("inf")] * n_p for _ in range(n_p)]
    return curve, cov, -value


def chi2_sf(x, df):
    """P(chi2 with df degrees of freedom > x), exact for integer df."""
    if df <= 0:
        return float("nan")
    h = max(x, 0.0) / 2
    if df % 2 == 0:
        return math.exp(-h) * sum(h ** i / math.factorial(i) for i in range(df // 2))
    return math.erfc(math.sqrt(h)) + math.exp(-h) * sum(
        h ** (i - 0.5) / math.gamma(i + 0.5) for i in range(1, (df - 1) // 2 + 1))


def floor50(x):
    return int(math.floor(x / 50.0) * 50)


def table_rows(curve, min_elo, top):
    """[(elo, knob, extrapolated)] from min_elo up to top; rows the curve cannot reach
    from below (a knob under 0, one node) are dropped, which raises the minimum."""
    elos = [min_elo] + list(range((min_elo // 50 + 1) * 50, top + 1, 50))
    if top not in elos:
        elos.append(top)
    rows = []
    for e in sorted(set(elos)):
        knob, extrapolated = curve.inverse(e)
        if knob is None or knob < 0:
            continue
        rows.append((e, round(knob, 4), extrapolated))
    # Strictly increasing knobs (the engine's unit test): merge any ties from rounding.
    clean = []
    for r in rows:
        if not clean or r[1] > clean[-1][1]:
            clean.append(r)
    return clean


def self_test():
    """Simulated games from a known concave curve: the fit must recover it within its band,
    a straight line must fit worse, and a shift of it must be found again."""
    rng = random.Random(47)

    def simulate(truth, games):
        """Each knob against the anchors within 350 of it, `games` games a cell."""
        return [(k, a, games, float(sum(rng.random() < expected(truth(k) - a)
                                        for _ in range(games))))
                for k in (6, 8, 10, 12, 14, 16, 18, 20)
                for a in (1350, 1600, 1800, 2000, 2200, 2400, 2600, 2850)
                if abs(truth(k) - a) <= 350]

    true = lambda k: 1000 + 140 * (k - 6) - 2.5 * (k - 6) ** 2  # noqa: E731
    cells = simulate(true, 100)
    curve, cov, ll_quad = fit_curve(cells, "quadratic")
    misses = [k for k in range(6, 21) if abs(curve.value(k) - true(k)) > curve.band(k, cov)]
    assert len(misses) <= 1, misses  # a 95% band: one knob of 15 may fall outside
    _line, _cov, ll_line = fit_curve(cells, "linear")
    assert ll_line < ll_quad - 2, (ll_line, ll_quad)
    rows = table_rows(curve, 1320, 2400)
    assert all(r1[1] > r0[1] for r0, r1 in zip(rows, rows[1:])) and rows[-1][0] == 2400
    shifted = []
    for k, a, n, _s in cells:
        p = expected(true(k) + 80 - a)
        shifted.append((k, a, n, float(sum(rng.random() < p for _ in range(n)))))
    shift, cov, _ = fit_curve(shifted, "shift", curve)
    assert abs(shift.theta[0] - 80) < 1.96 * math.sqrt(cov[0][0]) + 10, shift.theta
    # An S-shaped truth (flat, steep, flatter): the cubic recovers it, and the quadratic
    # (its special case) fits it clearly worse.
    s_true = lambda k: 1300 + 1300 / (1 + math.exp(-(k - 13) / 2.2))  # noqa: E731
    s_cells = simulate(s_true, 200)
    cubic, cov, ll_cubic = fit_curve(s_cells, "cubic")
    misses = [k for k in range(6, 21) if abs(cubic.value(k) - s_true(k)) > cubic.band(k, cov) + 10]
    assert len(misses) <= 1, [(k, cubic.value(k), s_true(k)) for k in misses]
    assert all(cubic.slope(k) >= 0 for k in range(6, 21))
    _quad, _cov, ll_q = fit_curve(s_cells, "quadratic")
    assert 2 * (ll_cubic - ll_q) > 3.84, (ll_cubic, ll_q)  # 1 df, p < 0.05
    # The polyline: straight between the knobs, monotone, through the truth at the knobs.
    poly, cov, ll_poly = fit_curve(s_cells, "polyline")
    assert poly.knots == [6, 8, 10, 12, 14, 16, 18, 20] and ll_poly >= ll_cubic - 1e-6
    misses = [k for k in poly.knots if abs(poly.value(k) - s_true(k)) > poly.band(k, cov)]
    assert len(misses) <= 1, [(k, poly.value(k), s_true(k)) for k in misses]
    assert all(poly.slope(k) >= 0 for k in range(6, 21))
    again = Curve.from_json(poly.to_json())
    assert all(abs(again.value(k / 2) - poly.value(k / 2)) < 1e-9 for k in range(8, 44))
    best, low, high, _ = own_estimate([(0, 1600, 10, 10.0)], 600, 2600)
    assert best == 2600 and 1600 < low < 2600  # never lost: only a lower bound
    best, low, high, _ = own_estimate([(0, 1600, 20, 10.0)], 600, 2600)
    assert abs(best - 1600) < 1e-6 and low < 1600 < high
    for x, df, q in ((3.841, 1, 0.05), (5.991, 2, 0.05), (11.07, 5, 0.05), (0.0, 3, 1.0)):
        assert abs(chi2_sf(x, df) - q) < 1e-3, (x, df, chi2_sf(x, df))
    print("elo_fit self-test: ok")


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        self_test()
    else:
        print(__doc__)
