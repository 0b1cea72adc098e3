"""The army sheet: one page per player with every element, the general marked, and a QR code to the
player's result-report page. Data from the fixtures (tournament/armies/elements.py), never retyped.

DBA 2.2 sheets print each element's profile from the 2.2 guide. The sources hold no DBA 3.0 rulebook,
so a 3.0 sheet prints only what they support: the element types, the general, the list option each
element fills (from the army list catalogue) and the camp or BUA, with a note in the sheet's language,
never a 2.2 factor presented as 3.0."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from tournament.armies.catalogue import load_catalogue
from tournament.armies.elements import element_profile, quickref
from tournament.armies.messages import box_captions
from tournament.pdfs.cells import Cells, Markup, Paragraphs, Text
from tournament.pdfs.data import ArmySheet
from tournament.pdfs.headers import PADDING, header_cells
from tournament.pdfs.qr import QR
from tournament.pdfs.styles import Pace, fit, render, styles, table_style

GENERAL_MARK = "★"
# mm at A4: #, element, depth, move, shoot, combat factors, outcomes. The figures' columns as narrow as their
# headers allow at full size in en/es/it ("Profundidad", "appiedati/"), the rest to the outcomes, the tallest cells.
WIDTHS = (6, 28, 18, 14, 12, 15, 93)
TOPOGRAPHY = {"Arable": gettext_lazy("Arable"), "Hilly": gettext_lazy("Hilly"), "Littoral": gettext_lazy("Littoral"),
              "Steppe": gettext_lazy("Steppe"), "Dry": gettext_lazy("Dry"), "Tropical": gettext_lazy("Tropical"),
              "Forest": gettext_lazy("Forest")}


def topography(value: str) -> str:
    """A list's home topography ("Forest/Arable") in the active language."""
    return "/".join(str(TOPOGRAPHY.get(part.strip(), part.strip())) for part in value.split("/"))


def qr(url: str, size: float = 24 * mm) -> QR:
    return QR(url, size)


def _p(text, style) -> Paragraph:
    return Paragraph(escape(str(text)), style)


def _year(value: int | None) -> str:
    return "" if value is None else str(value)


def _outcome_text(profile, lang: str) -> str:
    """The special outcomes by the guide's bands (a tie, beaten, doubled), as Paragraph markup, each band named in
    bold: "otherwise" is the band's own last case, never the element's fate in every band."""
    words = {"destroyed": _("destroyed"), "flee": _("flees"), "recoil": _("recoils"), "surrender": _("surrenders"),
             "stand": _("stands")}
    bands = {"tie": _("Tie:"), "beaten": _("Beaten:"), "doubled": _("Doubled:")}
    grouped: dict[str, list[str]] = {}
    for o in profile.outcomes:
        when = o.when.get(lang, o.when["en"]).rstrip(".")  # one source case ends in a full stop: no ".;"
        grouped.setdefault(o.band, []).append(f"{words.get(o.result, o.result)}: {when}")
    return " ".join(f"<b>{escape(bands.get(band, band))}</b> {escape('; '.join(items))}."
                    for band, items in grouped.items())


def _element_table(sheet: ArmySheet, lang: str, s, scale: float, shared: Paragraphs | None) -> Table:
    header = [_("#"), _("Element"), _("Depth 15/25 mm"), _("Move good/bad"), _("Shoot"), _("CF foot/mtd"),
              _("Special outcomes")]
    widths = [w * mm * scale for w in WIDTHS]
    cells = Cells(widths, shared, padding=PADDING * scale)
    cells.row(*header_cells(header, widths, s["header"], shared or Paragraph, scale))
    first_of: dict[str, int] = {}
    for i, code in enumerate(sheet.elements):
        profile = element_profile(code.replace("//", "/").split("/")[0], sheet.edition) or element_profile(code, "2.2")
        general = sheet.general == i
        code = fit(code, 20)
        label = f"{code} {GENERAL_MARK} {_('general')}" if general else code
        if profile is None:
            cells.row(str(i + 1), Text(label, s["cell_bold" if general else "cell"]), "", "", "", "", "")
            continue
        depth = f"{profile.depth_15 or '—'}/{profile.depth_25 or '—'}"
        move = f"{profile.move_good or '—'}/{profile.move_bad or '—'}"
        factors = f"+{profile.cf_foot}/+{profile.cf_mounted}" if profile.cf_foot is not None else ""
        if profile.type_code in first_of:  # the same type again (4Kn after 3Kn too): its outcomes are the first's
            outcomes = Text(_("as element %(n)s") % {"n": first_of[profile.type_code]}, s["outcome"])
        else:
            first_of[profile.type_code] = i + 1
            outcomes = Markup(_outcome_text(profile, lang), s["outcome"])
        cells.row(str(i + 1), Text(f"{label} · {profile.name(lang)}", s["cell_bold" if general else "cell"]),
                  depth, move, profile.shoot_range or "", factors, outcomes)
    # Cells padded as at A4 but for their top and bottom, closer; scaled with the page (A5), as the widths are.
    padding = [(f"{side}PADDING", (0, 0), (-1, -1), points * scale)
               for side, points in (("LEFT", PADDING / 2), ("RIGHT", PADDING / 2), ("TOP", 2), ("BOTTOM", 2))]
    return cells.table(table_style(size=8 * scale) + padding, repeatRows=1)


def _element_table_30(sheet: ArmySheet, lang: str, s, scale: float, shared: Paragraphs | None) -> Table:
    """DBA 3.0: type, general and the list option each element fills; no factors the sources lack."""
    entry = load_catalogue().get(sheet.army_ref) if sheet.army_ref else None
    captions = box_captions(entry) if entry else []
    cells = Cells((w * mm * scale for w in (7, 44, 45, 90)), shared)
    cells.row(*(Text(h, s["header"]) for h in (_("#"), _("Element"), _("Type"), _("List option"))))
    for i, code in enumerate(sheet.elements):
        profile = element_profile(code.replace("//", "/").split("/")[0], sheet.edition)
        general = sheet.general == i
        label = f"{code} {GENERAL_MARK} {_('general')}" if general else code
        cells.row(str(i + 1), Text(label, s["cell_bold" if general else "cell"]),
                  Text(profile.name(lang) if profile else "", s["cell"]),
                  Text(captions[i] if i < len(captions) else "", s["small"]))
    return cells.table(table_style(size=8 * scale), repeatRows=1)


def _quickref(edition: str, lang: str, s, width: float, scale: float) -> Table:
    """PIPs and victory side by side, kept together on the page; PIPs, the longer list, three fifths of the width."""
    ref = quickref().get(edition, {})
    pips = [Paragraph(f"<b>{escape(_('PIPs'))}</b>", s["small"])]
    pips += [_p("· " + line.get(lang, line["en"]), s["small"]) for line in ref.get("pips", [])]
    victory = [Paragraph(f"<b>{escape(_('Victory'))}</b>", s["small"])]
    victory += [_p("· " + line.get(lang, line["en"]), s["small"]) for line in ref.get("victory", [])]
    victory += [_p("⚠ " + note, s["small"]) for note in ref.get("doubtful", [])]
    inner = width - 12  # less the frame's padding (6 points a side): the lines start where the lines above do
    table = Table([[pips, victory]], colWidths=[inner * 0.6, inner * 0.4], hAlign="LEFT")
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (0, -1), 3 * mm * scale), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return table


def _provided(sheet: ArmySheet, s, width: float) -> list:
    """The armies the organizer provides for this player's games, round by round."""
    rows = [[_p(h, s["header"]) for h in (_("Round"), _("Table"), _("Your army"), _("Opponent's army"))]]
    rows += [[_p(rnd, s["cell"]), _p(table or "", s["cell"]), _p(fit(own), s["cell"]), _p(fit(other), s["cell"])]
             for rnd, table, own, other in sheet.provided]
    table = Table(rows, colWidths=[width * 0.1, width * 0.1, width * 0.4, width * 0.4], repeatRows=1)
    table.setStyle(TableStyle(table_style(size=7.5)))
    return [Spacer(1, 2 * mm), _p(_("Armies provided by the organizer"), s["bold"]), table]


def sheet_flowables(sheet: ArmySheet, lang: str, scale: float = 1.0, shared: Paragraphs | None = None) -> list:
    """One sheet's flowables; `shared` holds the table cells' paragraphs of the whole document."""
    s = styles(scale)
    width = 186 * mm * scale
    head = [
        Paragraph(f"{escape(fit(sheet.army_ref, 20))} {escape(fit(sheet.army_name))}", s["title"]),
        _p(f"{fit(sheet.player)} · {fit(sheet.club)}", s["h2"]),
        _p(f"{fit(sheet.event_name)} · DBA {sheet.edition}"
           + (f" · {_('Home topography')}: {topography(sheet.topography)}" if sheet.topography else "")
           + (f" · {_('Aggression')}: {sheet.aggression}" if sheet.aggression is not None else ""), s["base"]),
    ]
    top = Table([[head, qr(sheet.report_url, 24 * mm * scale)]], colWidths=[width - 28 * mm * scale, 28 * mm * scale])
    top.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP")]))
    elements = (_element_table_30 if sheet.edition == "3.0" else _element_table)(sheet, lang, s, scale, shared)
    extra = [
        _p(f"{_('Camp or BUA') if sheet.edition == '3.0' else _('Camp / camp followers')}: {fit(sheet.camp) or '—'}"
           f" · {_('Allies')}: {fit(', '.join(sheet.allies)) or '—'}", s["base"]),
        _p(f"{GENERAL_MARK} = {_('general')} · {_('Scan the code to report your result.')}", s["small"]),
    ]
    if sheet.provided:
        extra += _provided(sheet, s, width)
    if sheet.edition == "3.0":
        extra.append(_p("⚠ " + _("DBA 3.0: this sheet shows the army as its list gives it (element types, general, "
                                  "list options, camp or BUA). Movement, combat factors and victory conditions are "
                                  "not printed: the DBA 3.0 rulebook is not among this program's sources."),
                        s["small"]))
        return [top, Spacer(1, 3 * mm * scale), elements, Spacer(1, 3 * mm * scale), *extra]
    return [top, Spacer(1, 3 * mm * scale), elements, Spacer(1, 3 * mm * scale), *extra, Spacer(1, 2 * mm * scale),
            _quickref(sheet.edition, lang, s, width, scale)]


def army_sheets_pdf(sheets: list[ArmySheet], *, lang: str = "en", size: str = "A4", progress=None) -> bytes:
    scale = 1.0 if size == "A4" else 0.7
    pace = Pace(progress, len(sheets))
    with override(lang):
        story: list = []
        shared = Paragraphs()
        for k, sheet in enumerate(sheets):
            if k:
                story.append(PageBreak())
            story += sheet_flowables(sheet, lang, scale, shared)
            pace.built(k + 1)
        if not story:
            story = [_p(_("No army sheets to print."), styles()["base"])]
        event = fit(sheets[0].event_name) if sheets else ""
        return render(story, title=_("Army sheets"), footer=f"{event} · {_('Army sheets')}", size=size,
                      on_page=pace.page)
