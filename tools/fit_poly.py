"""Fits the polynomial coefficients of the vectorised math kernels (elementwise/vmath/consts.rs).

Run: .venv/bin/python tools/fit_poly.py

Each set is a Chebyshev approximation (near-minimax) at 80 digits by mpmath, rounded to the
target precision; the printed error is the worst relative error of the rounded polynomial against
the function it approximates, over 2000 points of the interval (the kernels' own tests measure the
error of the whole function). The output is the Rust of consts.rs's arrays.
"""

from __future__ import annotations

from collections.abc import Callable

import mpmath as mp
import numpy as np

mp.mp.dps = 80
sq = mp.sqrt
TAN_PI_8_SQ = (mp.sqrt(2) - 1) ** 2
LOG_Z = (3 - 2 * mp.sqrt(2)) ** 2

# name: (function of z, interval end, degree for float64 or None, degree for float32 or None)
SETS: dict[str, tuple[Callable[[mp.mpf], mp.mpf], mp.mpf, int | None, int | None]] = {
    "SIN": (lambda z: (mp.sin(sq(z)) - sq(z)) / (z * sq(z)), (mp.pi / 4) ** 2 * 1.05, 6, 3),
    "COS": (lambda z: (mp.cos(sq(z)) - 1 + z / 2) / (z * z), (mp.pi / 4) ** 2 * 1.05, 6, 3),
    # float32 tan's own polynomial (float64's tan is sin / cos)
    "TAN": (lambda z: (mp.tan(sq(z)) - sq(z)) / (z * sq(z)), (mp.pi / 4) ** 2 * 1.05, None, 6),
    "ASIN": (lambda z: (mp.asin(sq(z)) - sq(z)) / (z * sq(z)), mp.mpf(1) / 4, 12, 5),
    "ATAN": (lambda z: (mp.atan(sq(z)) - sq(z)) / (z * sq(z)), TAN_PI_8_SQ * 1.03, 11, 4),
    "LOG": (lambda z: (2 * mp.atanh(sq(z)) / sq(z) - 2) / z, LOG_Z, 6, 2),
    # pow's double-double logarithm: the terms after 2s + (2/3)s^3, over s^5
    "POW_LOG": (lambda z: (2 * mp.atanh(sq(z)) / sq(z) - 2 - 2 * z / 3) / (z * z), LOG_Z, 7, None),
}


def fit(g: Callable[[mp.mpf], mp.mpf], end: mp.mpf, degree: int, dtype: type) -> tuple[list[float], mp.mpf]:
    poly = mp.chebyfit(g, [0, end], degree + 1)
    coeffs = [float(dtype(float(c))) for c in reversed(poly)]
    worst = mp.mpf(0)
    for i in range(1, 2001):
        z = end * i / 2000
        p = mp.mpf(0)
        for c in reversed(coeffs):
            p = p * z + c
        worst = max(worst, abs(p / g(z) - 1))
    return coeffs, worst


def main() -> None:
    for dtype, rust in ((np.float64, "f64"), (np.float32, "f32")):
        print(f"// {rust}")
        for name, (g, end, deg64, deg32) in SETS.items():
            degree = deg64 if rust == "f64" else deg32
            if degree is None:
                continue
            coeffs, worst = fit(g, end, degree, dtype)
            text = ", ".join(repr(dtype(c).item()) if rust == "f64" else str(dtype(c)) for c in coeffs)
            print(f"// degree {degree}, relative error {mp.nstr(worst, 3)}")
            print(f"pub const {name}: [{rust}; {len(coeffs)}] = [{text}];")


if __name__ == "__main__":
    main()
