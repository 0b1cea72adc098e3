"""A player's rating over time as a small SVG (pure, no JavaScript): the rating line, its ±deviation band,
and a tick per event. Returns markup built only from numbers and escaped labels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT, PAD = 600, 200, 30


@dataclass(frozen=True)
class ChartPoint:
    rating: float
    deviation: float
    event_label: str = ""  # set on the first point of each event: a tick and a tooltip


def rating_svg(points: Sequence[ChartPoint], title: str) -> str:
    if not points:
        return ""
    low = min(p.rating - p.deviation for p in points)
    high = max(p.rating + p.deviation for p in points)
    span = max(high - low, 1.0)
    steps = max(len(points) - 1, 1)

    def x(i: int) -> float:
        return PAD + (WIDTH - 2 * PAD) * (i / steps if len(points) > 1 else 0.5)

    def y(value: float) -> float:
        return HEIGHT - PAD - (HEIGHT - 2 * PAD) * (value - low) / span

    upper = [f"{x(i):.1f},{y(p.rating + p.deviation):.1f}" for i, p in enumerate(points)]
    lower = [f"{x(i):.1f},{y(p.rating - p.deviation):.1f}" for i, p in reversed(list(enumerate(points)))]
    line = " ".join(f"{x(i):.1f},{y(p.rating):.1f}" for i, p in enumerate(points))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" class="rating-chart" '
        f'aria-label="{escape(title)}"><title>{escape(title)}</title>',
        f'<polygon points="{" ".join(upper + lower)}" fill="currentColor" fill-opacity="0.15" stroke="none"/>',
        f'<polyline points="{line}" fill="none" stroke="currentColor" stroke-width="2"/>',
        f'<text x="2" y="{PAD - 8}" font-size="11">{high:.0f}</text>',
        f'<text x="2" y="{HEIGHT - 6}" font-size="11">{low:.0f}</text>',
    ]
    for i, p in enumerate(points):
        parts.append(f'<circle cx="{x(i):.1f}" cy="{y(p.rating):.1f}" r="3" fill="currentColor">'
                     f'<title>{escape(p.event_label)} {p.rating:.0f} ± {p.deviation:.0f}</title></circle>')
        if p.event_label:
            parts.append(f'<line x1="{x(i):.1f}" x2="{x(i):.1f}" y1="{HEIGHT - PAD}" y2="{HEIGHT - PAD + 6}" '
                         f'stroke="currentColor"><title>{escape(p.event_label)}</title></line>')
    parts.append("</svg>")
    return "".join(parts)
