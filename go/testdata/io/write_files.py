"""Writes the tensor files that the Go (go/io_test.go) and C (tests/c/io.c) tests read: files
made by numpy and by safetensors' own Python package, so those tests check that Go and C read
what Python users write without needing Python themselves.

Run from the repository root after changing a file's contents, and commit the files:

    .venv/bin/python go/testdata/io/write_files.py

Every file holds the same values: "weight" = [[0, 1.5, 3], [4.5, 6, 7.5]] (float32) and
"ids" = [7, -8, 9] (int64); the .npy file holds "weight" alone, as big-endian float32 in Fortran
order (the layout that needs converting on load).
"""

from __future__ import annotations

import pathlib

import numpy as np
from safetensors.numpy import save_file

HERE = pathlib.Path(__file__).resolve().parent
WEIGHT = (np.arange(6, dtype=np.float32) * 1.5).reshape(2, 3)
IDS = np.array([7, -8, 9], dtype=np.int64)

save_file({"weight": WEIGHT, "ids": IDS}, str(HERE / "python.safetensors"))
np.savez(HERE / "python.npz", weight=WEIGHT, ids=IDS)
np.save(HERE / "python_fortran_big_endian.npy", np.asfortranarray(WEIGHT.astype(">f4")))
