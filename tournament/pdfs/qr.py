"""A QR code flowable drawn straight on the canvas (one path of dark runs): fast enough for a pack of
500 codes. The `qrcode` package encodes; a fixed mask pattern skips the slow mask search (any of
the eight masks is valid QR)."""

from __future__ import annotations

from functools import lru_cache

import qrcode
from reportlab.platypus import Flowable

QUIET = 2  # modules of white border around the code


@lru_cache(maxsize=4096)
def matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M, mask_pattern=2)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


class QR(Flowable):
    def __init__(self, data: str, size: float):
        super().__init__()
        self.data, self.size = data, size
        self.width = self.height = size

    def wrap(self, available_width, available_height):
        return self.size, self.size

    def draw(self) -> None:
        """One filled path of the dark runs, written in module units (whole numbers) under a scale, so
        no coordinate goes through reportlab's float formatting: about 80 runs a code, 500 codes a pack."""
        cells = len(matrix(self.data)) + 2 * QUIET
        unit = self.size / cells
        canvas = self.canv
        canvas.saveState()
        canvas.transform(unit, 0, 0, unit, 0, 0)
        canvas.addLiteral(f"0 g\n{runs(self.data)} f")
        canvas.restoreState()


def runs(data: str) -> str:
    """The dark runs of each row as PDF rectangles ("x y w 1 re"), origin at the bottom left of the
    quiet zone, y growing upwards."""
    rows = matrix(data)
    size = len(rows) + 2 * QUIET
    out = []
    for r, row in enumerate(rows):
        y = size - QUIET - 1 - r
        c = 0
        while c < len(row):
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            out.append(f"{start + QUIET} {y} {c - start} 1 re")
    return "\n".join(out)
