"""Generic seed-to-clauses engine shared by the per-document parsers.

A parser gives the heading lines (explicit, checked against the text) and a few options;
the engine cuts each section's body into blocks (runs of non-blank lines, or single lines),
merges paragraphs that a lost image or page break split in two, and turns blocks into clauses
with keys made of the section code plus the printed number (or a paragraph ordinal).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from rulings.sources.seedparse.model import DocumentMeta, HeadingSpec, ParsedClause, ParsedDocument, ParsedSection

TERMINAL = (".", "!", "?", ":", ";", ")", '"', "»", "”", "*", "|", "…")
LIST_RE = re.compile(r"^\s*(- |\* |\d+\.- |\d+\.\s|[A-Z]\.\s)")


def slugify(text: str, limit: int = 40) -> str:
    import unicodedata

    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", folded).strip("-")
    return slug[:limit].rstrip("-") or "x"


@dataclass
class Block:
    start: int  # 1-based first line
    end: int
    lines: list[str]
    kind: str = "paragraph"
    merged: bool = False
    extra: list[Block] = field(default_factory=list)

    @property
    def first(self) -> str:
        return self.lines[0].strip()

    @property
    def last(self) -> str:
        return self.lines[-1].rstrip()

    @property
    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.lines)


@dataclass
class Options:
    item_re: re.Pattern[str] | None = None  # numbered items that swallow following paragraphs
    label_re: re.Pattern[str] | None = None  # labelled blocks ("A. ...") keyed by their label
    captions: frozenset[int] = frozenset()  # lines that are diagram captions
    table_groups: tuple[tuple[int, int], ...] = ()  # line ranges forming one table clause (title, notes)
    line_mode: bool = False  # every line is a block (source without blank lines)
    skip_lines: frozenset[int] = frozenset()
    split_re: re.Pattern[str] | None = None  # a line matching starts a new block even without a blank line
    attach_re: re.Pattern[str] | None = None  # a block matching is appended to the block before it
    lead_re: re.Pattern[str] | None = None  # a one-line block matching takes the next paragraph with it


def is_blank(line: str) -> bool:
    return not line.strip() or line.strip() in {"|", "|||"}


def split_blocks(lines: list[str], start: int, end: int, opts: Options) -> list[Block]:
    """Blocks of the body lines start..end (1-based, inclusive)."""
    blocks: list[Block] = []
    current: Block | None = None
    for number in range(start, end + 1):
        line = lines[number - 1]
        if is_blank(line) or number in opts.skip_lines:
            current = None
            continue
        kind = "caption" if number in opts.captions else ("table" if "\t" in line else "paragraph")
        splits = opts.split_re is not None and opts.split_re.match(line.strip()) is not None
        if current is not None and not opts.line_mode and current.kind == kind and not splits:
            current.lines.append(line)
            current.end = number
            continue
        if current is not None and opts.line_mode and current.kind == kind == "table":
            current.lines.append(line)
            current.end = number
            continue
        current = Block(number, number, [line], kind)
        blocks.append(current)
    return blocks


def continues(prev: Block, nxt: Block, opts: Options) -> bool:
    """True when nxt is the rest of a paragraph that a lost image or page break cut."""
    if prev.kind != "paragraph" or nxt.kind != "paragraph":
        return False
    if opts.item_re and opts.item_re.match(nxt.first):
        return False
    if prev.last.endswith(TERMINAL) or LIST_RE.match(nxt.first):
        return False
    if opts.line_mode:
        return not nxt.first.startswith(("Ejemplo", "¡"))
    return nxt.first[:1].islower()


def _joined(prev: Block, block: Block, opts: Options) -> Block | None:
    """`block` joined to the block before it, when it belongs to it without a broken line (None: it stands alone):
    an attached paragraph, a paragraph after a one-line lead, a diagram's further caption lines, or the list (or
    short text) a paragraph ending in ":" introduces."""
    if opts.attach_re and prev.kind == block.kind == "paragraph" and opts.attach_re.match(block.first):
        return Block(prev.start, block.end, prev.lines + block.lines, prev.kind, prev.merged)
    if (opts.lead_re and prev.kind == block.kind == "paragraph" and len(prev.lines) == 1
            and opts.lead_re.match(prev.first)):
        return Block(prev.start, block.end, prev.lines + [""] + block.lines, prev.kind, prev.merged)
    if prev.kind == block.kind == "caption":  # one diagram, several caption lines
        return Block(prev.start, block.end, prev.lines + [""] + block.lines, "caption")
    leads = opts.lead_re is not None and opts.lead_re.match(block.first) is not None
    if prev.kind == "paragraph" and block.kind == "paragraph" and prev.last.endswith(":") and not leads:
        starts_list = block.first.startswith(("- ", "* ")) or (
            opts.item_re is None and LIST_RE.match(block.first) is not None
        )
        if starts_list or (opts.line_mode is False and len(prev.text) < 60 and opts.item_re is None):
            return Block(prev.start, block.end, prev.lines + block.lines, prev.kind, prev.merged)
    return None


def merge_broken(blocks: list[Block], opts: Options, merges: list[tuple[int, int]]) -> list[Block]:
    out: list[Block] = []
    for block in blocks:
        if out and continues(out[-1], block, opts):
            prev = out[-1]
            merges.append((prev.end, block.start))
            joined = prev.lines[:-1] + [prev.lines[-1].rstrip() + " " + block.lines[0].lstrip()] + block.lines[1:]
            out[-1] = Block(prev.start, block.end, joined, prev.kind, True)
            continue
        joined_block = _joined(out[-1], block, opts) if out else None
        if joined_block is not None:
            out[-1] = joined_block
            continue
        out.append(block)
    return out


def flags_for(text: str, merged: bool) -> tuple[str, ...]:
    flags = []
    if "(PB)" in text or "Phil Barker:" in text or "Phil ha scritto" in text:
        flags.append("pb")
    if "N.d.T." in text:
        flags.append("ndt")
    if text.lstrip().startswith("NOTA:"):
        flags.append("erratum")
    if "Lorem ipsum" in text:
        flags.append("placeholder")
    if merged:
        flags.append("merged")
    return tuple(flags)


def kind_for(block: Block, default: str) -> str:
    if block.kind in ("caption", "table"):
        return block.kind
    first = block.first
    if first.startswith(("N.d.T", "NOTA:", "*N.d.T")):
        return "note"
    if all(line.strip().startswith(("- ", "* ")) for line in block.lines):
        return "list"
    return default


class Builder:
    """Accumulates sections and clauses with unique keys."""

    def __init__(self, meta: DocumentMeta, lines: list[str], opts: Options):
        self.meta, self.lines, self.opts = meta, lines, opts
        self.sections: list[ParsedSection] = []
        self.clauses: list[ParsedClause] = []
        self.merges: list[tuple[int, int]] = []
        self.keys: set[str] = set()

    def unique(self, key: str) -> str:
        candidate, n = key, 2
        while candidate in self.keys:
            candidate = f"{key}-{n}"
            n += 1
        self.keys.add(candidate)
        return candidate

    def add_clause(self, section: ParsedSection, local: str, number: str, text: str, kind: str,
                   start: int, end: int, merged: bool = False, table=None) -> ParsedClause:
        key = self.unique(f"{section.key}.{local}")
        clause = ParsedClause(key, section.key, number, section.heading_path, text, kind, start, end,
                              flags_for(text, merged), table)
        self.clauses.append(clause)
        return clause

    def fill_section(self, section: ParsedSection, body_start: int, body_end: int) -> None:
        opts = self.opts
        blocks = merge_broken(split_blocks(self.lines, body_start, body_end, opts), opts, self.merges)
        blocks = self.group_tables(blocks)
        para, fig, tab = 0, 0, 0
        item_key: str | None = None
        item: dict | None = None

        def flush() -> None:
            nonlocal item
            if item:
                self.add_clause(section, item["local"], item["number"], "\n\n".join(item["parts"]), "item",
                                item["start"], item["end"], item["merged"])
                item = None

        for block in blocks:
            if block.kind == "caption":
                fig += 1
                local = f"{item['local']}.fig{fig}" if item else f"fig{fig}"
                self.add_clause(section, local, "", block.text, "caption", block.start, block.end)
                continue
            if block.kind == "table":
                tab += 1
                rows = tuple(tuple(c.strip() for c in line.rstrip("\t").split("\t")) for line in block.lines
                             if "\t" in line)
                notes = "\n\n".join(b.text for b in block.extra)
                local = "table" if tab == 1 else f"table{tab}"
                self.add_clause(section, local, "", notes, "table", block.start, block.end, table=rows)
                continue
            match = opts.item_re.match(block.first) if opts.item_re else None
            if match:
                flush()
                fig = 0
                number = match.group(1)
                item_key = number
                item = {"local": number, "number": number, "parts": [block.text], "start": block.start,
                        "end": block.end, "merged": block.merged}
                continue
            if item is not None:
                item["parts"].append(block.text)
                item["end"] = block.end
                item["merged"] = item["merged"] or block.merged
                continue
            label = opts.label_re.match(block.first) if opts.label_re else None
            if label:
                local = label.group(1).lower()
                self.add_clause(section, local, label.group(1), block.text, kind_for(block, "item"),
                                block.start, block.end, block.merged)
                continue
            para += 1
            self.add_clause(section, f"p{para}", f"¶{para}", block.text, kind_for(block, "paragraph"),
                            block.start, block.end, block.merged)
        flush()
        del item_key

    def group_tables(self, blocks: list[Block]) -> list[Block]:
        """Fold a table group's title/notes blocks into its table block."""
        out: list[Block] = []
        for group_start, group_end in self.opts.table_groups:
            inside = [b for b in blocks if group_start <= b.start and b.end <= group_end]
            tables = [b for b in inside if b.kind == "table"]
            if not tables:
                continue
            table = tables[0]
            table.extra = [b for b in inside if b is not table]
            table.start, table.end = min(b.start for b in inside), max(b.end for b in inside)
            blocks = [b for b in blocks if b not in inside or b is table]
        out.extend(blocks)
        return out


def build_document(meta: DocumentMeta, lines: list[str], headings: list[HeadingSpec], opts: Options) -> ParsedDocument:
    """Sections from the heading specs (each checked to sit on a non-blank line), clauses from their bodies."""
    builder = Builder(meta, lines, opts)
    specs = sorted(headings, key=lambda h: h.line)
    stack: list[ParsedSection] = []
    last_line = len(lines)
    while last_line > 0 and is_blank(lines[last_line - 1]):
        last_line -= 1
    for index, spec in enumerate(specs):
        head_end = spec.end_line or spec.line
        if is_blank(lines[spec.line - 1]) and spec.title is None:
            raise ValueError(f"{meta.slug}: heading {spec.code} at L{spec.line} is a blank line")
        title = spec.title or " ".join(lines[n - 1].strip() for n in range(spec.line, head_end + 1))
        next_line = specs[index + 1].line if index + 1 < len(specs) else last_line + 1
        end = next_line - 1
        while end > spec.line and is_blank(lines[end - 1]):
            end -= 1
        while stack and stack[-1].level >= spec.level:
            stack.pop()
        parent = stack[-1] if stack else None
        code = spec.code
        section = ParsedSection(
            key=builder.unique(f"{meta.slug}:{code}"), code=code, number=spec.number, title=title,
            heading_path=(parent.heading_path if parent else ()) + (title,), level=spec.level,
            parent_key=parent.key if parent else None, line_start=spec.line, line_end=max(end, head_end),
        )
        builder.sections.append(section)
        stack.append(section)
        if spec.inline_clause:
            builder.add_clause(section, "p0", "", lines[spec.line - 1].strip(), "paragraph", spec.line, head_end)
        builder.fill_section(section, head_end + 1, end)
    sections = extend_parents(builder.sections)
    clauses = tuple(sorted(builder.clauses, key=lambda c: (c.line_start, c.line_end)))
    return ParsedDocument(meta, len(lines), sections, clauses, tuple(builder.merges))


def extend_parents(sections: list[ParsedSection]) -> tuple[ParsedSection, ...]:
    """A parent section's range covers its sub-sections."""
    ends = {s.key: s.line_end for s in sections}
    by_key = {s.key: s for s in sections}
    for section in reversed(sections):
        parent = section.parent_key
        while parent:
            ends[parent] = max(ends[parent], ends[section.key])
            parent = by_key[parent].parent_key
    return tuple(replace(s, line_end=ends[s.key]) for s in sections)
