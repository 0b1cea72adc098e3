"""The QR code printed on army sheets and slips is the code of its address: the page is rendered with
pdftoppm and the centre of every module read back, dark or light, against the encoder's matrix (the
quiet zone around it light)."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from tournament.pdfs.qr import QR, QUIET, matrix

DPI = 300
MARGIN = 10 * mm


def printed_modules(url: str, size: float, tmp_path) -> list[list[bool]]:
    """The code as it comes out of the printer: `size` points wide, read back module by module,
    quiet zone included."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(size + 2 * MARGIN, size + 2 * MARGIN))
    QR(url, size).drawOn(canvas, MARGIN, MARGIN)
    canvas.save()
    pdf = tmp_path / "code.pdf"
    pdf.write_bytes(buffer.getvalue())
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", "-singlefile", str(pdf), str(tmp_path / "code")],
                   check=True)
    from PIL import Image  # pillow comes with reportlab

    image = Image.open(tmp_path / "code.png").convert("L")
    cells = len(matrix(url)) + 2 * QUIET
    pixels = DPI / 72  # pixels per point
    module = size / cells

    def dark(row: int, column: int) -> bool:
        x = (MARGIN + (column + 0.5) * module) * pixels
        y = (MARGIN + (row + 0.5) * module) * pixels  # rows from the top, like the image
        return image.getpixel((int(x), int(y))) < 128

    return [[dark(r, c) for c in range(cells)] for r in range(cells)]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
@pytest.mark.parametrize(("url", "size"), [("http://testserver/report/abc/", 24 * mm),  # an army sheet's code
                                           ("https://dba.example/report/00000042/", 24 * 0.7 * mm),  # A5
                                           ("https://dba.example/r/7a/", 130 * mm)],  # the join poster's
                         ids=["army sheet", "A5 sheet", "poster"])
def test_printed_code_is_the_address_matrix(url, size, tmp_path):
    code = matrix(url)
    light = [False] * (len(code) + 2 * QUIET)
    expected = [light] * QUIET + [[False] * QUIET + list(row) + [False] * QUIET for row in code] + [light] * QUIET
    assert printed_modules(url, size, tmp_path) == expected
