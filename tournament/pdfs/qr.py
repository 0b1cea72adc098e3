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
        rows = matrix(self.data)
        cells = len(rows) + 2 * QUIET
        unit = self.size / cells
        canvas = self.canv
        path = canvas.beginPath()
        for r, row in enumerate(rows):
            y = self.size - (r + QUIET + 1) * unit
            c = 0
            while c < len(row):
                if not row[c]:
                    c += 1
                    continue
                start = c
                while c < len(row) and row[c]:
                    c += 1
                path.rect((start + QUIET) * unit, y, (c - start) * unit, unit)
        canvas.saveState()
        canvas.setFillColorRGB(0, 0, 0)
        canvas.drawPath(path, fill=1, stroke=0)
        canvas.restoreState()
