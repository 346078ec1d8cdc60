"""The run's reports never contradict themselves, and a run without a
terminal says where it is: real small runs of gcnabi-run (llc 16 and 19 on
gfx900, a few signatures and call graphs), whose reports are parsed.

    python3 -m pytest tests/test_report_views.py"""
import html.parser
import json
import os
import re
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gcnabi_tests import ROOT, installed_llcs  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "harness"))
from gcnabirun.known import AXES  # noqa: E402
from gcnabirun.report import AXIS_TITLES, VERDICTS  # noqa: E402

RUN = [sys.executable, os.path.join(ROOT, "harness", "gcnabi-run"), "run", "--no-final-code"]
# Between compilers and selectors: functions placed differently, no finding kind of their own.
CROSS_AXES = ("llc-vs-llc-callee", "llc-vs-llc-caller", "dag-vs-gisel", "gisel-vs-nrbs")


def llcs(*majors):
    have = dict(installed_llcs())
    if not all(m in have for m in majors):
        pytest.skip("needs llc %s (installed: %s)" % (majors, sorted(have)))
    return [a for m in majors for a in ("--llc", have[m])]


def small_run(out, *args):
    """A real run, stderr to a pipe (no terminal); the completed process."""
    r = subprocess.run(RUN + list(args) + ["--mcpu", "gfx900", "--suites", "default", "--seed", "1",
                                           "--jobs", "1", "--no-minimize", "--out", str(out)],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=600)
    assert os.path.exists(os.path.join(out, "summary.md")), r.stderr[-2000:]
    return r


def md_tables(text):
    """Every table of a markdown text: [(header, [row, ...])], cells stripped."""
    tables, cur = [], None
    for line in text.splitlines():
        if not line.startswith("|"):
            cur = None
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if cur is None:
            cur = (cells, [])
            tables.append(cur)
        elif not all(re.fullmatch(r"-+:?", c) for c in cells):
            cur[1].append(cells)
    return tables


class Page(html.parser.HTMLParser):
    """index.html's tables ([(header, rows)], cell text) and chart bars
    ({chart title: [(label, {verdict: count})]})."""

    def __init__(self, text):
        super().__init__()
        self.tables, self.charts, self.chart, self.cell = [], {}, None, None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self.tables.append(([], []))
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = ""
        elif tag == "svg":
            self.chart = self.charts.setdefault(a["aria-label"], [])
        elif tag == "g" and a.get("class") == "bar":
            self.chart.append((a["data-label"], {v: int(a["data-" + v]) for v in VERDICTS}))

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.row.append(self.cell.strip())
            self.cell = None
        elif tag == "tr":
            header, rows = self.tables[-1]
            if not header:
                header.extend(self.row)
            else:
                rows.append(self.row)


def table_with(tables, *columns):
    """The tables whose header has these columns, as [{column: cell}]."""
    return [[dict(zip(h, r)) for r in rows] for h, rows in tables if all(c in h for c in columns)]


def axes_counts(tables):
    """{axis: {findings, explained, known, new}} of the axes table."""
    by_title = {t: a for a, t in AXIS_TITLES.items()}
    found = [t for t in table_with(tables, "axis", "findings", *VERDICTS)
             if all(r["axis"] in by_title for r in t)]
    assert len(found) == 1, found
    return {by_title[r["axis"]]: {k: int(r[k]) for k in ("findings",) + tuple(VERDICTS)} for r in found[0]}


def no_new(tables, where):
    """Every count in a 'new' column is 0; no status says new."""
    for header, rows in tables:
        for r in rows:
            row = dict(zip(header, r))
            if "new" in row:
                assert int(row["new"]) == 0, (where, header, r)
            if "status" in row:
                assert row["status"] != "new", (where, header, r)


def summed(rows, key):
    """{key(label): {verdict: sum}} of chart rows."""
    out = {}
    for label, v in rows:
        t = out.setdefault(key(label), dict.fromkeys(VERDICTS, 0))
        for k in VERDICTS:
            t[k] += v[k]
    return out


def test_reports_agree_with_their_verdicts(tmp_path):
    """llc 16 and 19, both selectors: llc 16's IMPLICIT_DEF at amdgpu_gfx
    calls is a known difference on every axis; the reports say 0 new
    everywhere, the exit status says known differences only, and every
    chart and table counts what the axes table counts."""
    out = tmp_path / "run"
    r = small_run(out, *llcs(16, 19), "--count", "20", "--graphs", "2")
    assert r.returncode == 4, r.stderr[-2000:]  # known differences, nothing new
    summary = (out / "summary.md").read_text()
    page = Page((out / "index.html").read_text())
    md = md_tables(summary)

    axes = axes_counts(md)
    assert axes == axes_counts(page.tables)
    assert set(axes) == set(AXES)
    assert all(c["findings"] == sum(c[v] for v in VERDICTS) for c in axes.values()), axes
    total = {v: sum(c[v] for c in axes.values()) for v in VERDICTS}
    assert total["new"] == 0 and total["known"] > 0, axes
    # The known difference shows between compilers and selectors too.
    assert any(axes[a]["known"] for a in CROSS_AXES), axes

    no_new(md, "summary.md")
    no_new(page.tables, "index.html")
    for name, text in (("summary.md", summary), ("index.html", (out / "index.html").read_text())):
        assert not [n for n in re.findall(r"\+(\d+) new", text) if int(n)], name
    assert re.search(r"^## New findings \(0 distinct causes\)$", summary, re.M)
    assert int(re.search(r"^## Known differences \((\d+) distinct causes\)$", summary, re.M).group(1)) > 0

    # The findings in results.jsonl are the axes table's, axis by axis.
    rows = [json.loads(l) for l in (out / "results.jsonl").read_text().splitlines()]
    for a in AXES:
        if a not in CROSS_AXES:
            got = {v: sum(1 for f in rows if f["type"] == "finding" and f["axis"] == a and f["status"] == v)
                   for v in VERDICTS}
            assert got == {v: axes[a][v] for v in VERDICTS}, a

    # Every chart: no new, and the counts of the axes table.
    charts = page.charts
    assert len(charts) == 4, list(charts)
    for title, bars in charts.items():
        assert bars and all(v["new"] == 0 for _, v in bars), title
    by_axis, by_type, by_boundary, pairs = charts.values()
    assert summed(by_axis, lambda label: label.split()[0]) == {
        a: {v: c[v] for v in VERDICTS} for a, c in axes.items() if c["findings"]}
    for chart in (by_type, by_boundary):
        assert summed(chart, lambda label: "all") == {"all": total}
    assert summed(pairs, lambda label: label.split()[0]) == {
        a: {v: axes[a][v] for v in VERDICTS} for a in CROSS_AXES if axes[a]["findings"]}

    # The pair tables of both files: the axes table's counts per axis.
    for tables in (md, page.tables):
        [pair_rows] = table_with(tables, "axis", "A", "B", "convention", *VERDICTS)
        assert summed([(p["axis"], {v: int(p[v]) for v in VERDICTS}) for p in pair_rows], lambda a: a) == {
            a: {v: axes[a][v] for v in VERDICTS} for a in CROSS_AXES if any(p["axis"] == a for p in pair_rows)}

    # The link matrix: every disagreement has one verdict; the known ones are marked.
    links = [l for l in rows if l["type"] == "link"]
    assert links
    for l in links:
        assert sum(l["verdicts"].values()) == l["disagree"] and l["verdicts"]["explained"] == l["predicted"], l
        assert l["verdicts"]["new"] == 0, l
    assert any(l["verdicts"]["known"] for l in links)
    assert re.search(r"\d+/\d+ \(\+\d+ known\)", summary)


def test_final_code_section(tmp_path):
    """llc 22 SelectionDAG's final code of 30 signatures (default suite,
    gfx900): summary.md's "Final code" section counts what each unit's
    gcnabi check counted (summary.json), its share of definite verdicts is
    theirs, and its unknown verdicts by reason add up to its unknown ones."""
    out = tmp_path / "run"
    small_run(out, *llcs(22), "--selector", "dag", "--count", "30", "--final-code", "dag")
    summary = (out / "summary.md").read_text()
    want = {}
    for unit in (out / "units").iterdir():
        for co in json.load(open(unit / "summary.json"))["combos"]:
            for k, v in (co.get("final_code") or {}).items():
                want.setdefault(co["combo"], {}).setdefault(k, 0)
                want[co["combo"]][k] += v
    [rows] = table_with(md_tables(summary), "combination", "proven", "violated (explained)", "unknown", "definite")
    got = {r["combination"]: {"proven": int(r["proven"]), "violated": int(r["violated (explained)"].split()[0]),
                              "unknown": int(r["unknown"])} for r in rows}
    assert got == {c: {k: w[k] for k in ("proven", "violated", "unknown")} for c, w in want.items()} and got, (got, want)
    total = {k: sum(g[k] for g in got.values()) for k in ("proven", "violated", "unknown")}
    share = re.search(r"\*\*([\d.]+) % definite verdicts\*\* \((\d+) of (\d+) functions", summary)
    n = sum(total.values())
    assert share and int(share.group(2)) == total["proven"] + total["violated"] and int(share.group(3)) == n and \
        abs(float(share.group(1)) - 100.0 * (n - total["unknown"]) / n) < 0.06, share and share.group(0)
    reasons = table_with(md_tables(summary), "reason", "functions", "combinations")
    assert sum(int(r["functions"]) for t in reasons for r in t) == total["unknown"], reasons


UNIT_LINE = re.compile(r"^\[(\d+)/(\d+)\] (\S+) (\d+) s, (\d+) new, (\d+) known, (\d+) explained(.*)$")


def test_progress_without_a_terminal(tmp_path):
    """stderr to a pipe: one line per finished unit, numbered 1..N, with
    that unit's findings by verdict as results.jsonl has them."""
    out = tmp_path / "run"
    r = small_run(out, *llcs(16), "--count", "20", "--chunk", "10", "--graphs", "2")
    assert r.returncode == 4, r.stderr[-2000:]
    lines = [m.groups() for m in map(UNIT_LINE.match, r.stderr.splitlines()) if m]
    plan = json.loads((out / "plan.json").read_text())
    units = [u["id"] for u in plan["units"]]
    assert len(units) >= 3 and len(lines) == len(units), r.stderr
    assert [int(l[0]) for l in lines] == list(range(1, len(units) + 1))
    assert all(int(l[1]) == len(units) for l in lines)
    assert sorted(l[2] for l in lines) == sorted(units)
    rows = [json.loads(l) for l in (out / "results.jsonl").read_text().splitlines()]
    for n, total, unit, seconds, new, known, explained, rest in lines:
        mine = [f["status"] for f in rows if f["type"] == "finding" and f["unit"] == unit]
        assert (int(new), int(known), int(explained)) == tuple(mine.count(v) for v in ("new", "known", "explained")), unit
        assert rest == "", unit
    assert "\r" not in r.stderr  # no terminal line


MINIMIZE_LINE = re.compile(r"^\[minimize (\d+)/(\d+)\] (.+) (\d+) s, (.+)$")


def test_minimize_lines_without_a_terminal(tmp_path):
    """No known differences: llc 16's IMPLICIT_DEF is a new cause, which is
    minimized; stderr to a pipe has one line for it, numbered, with its
    cause and its lit test's status as results.jsonl has them."""
    known = tmp_path / "none.txt"
    known.write_text("")
    out = tmp_path / "run"
    r = subprocess.run(RUN + llcs(16) + ["--mcpu", "gfx900", "--selector", "dag", "--suites", "default", "--seed", "1",
                                         "--count", "20", "--graphs", "0", "--jobs", "1", "--known", str(known),
                                         "--out", str(out)],
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900)
    assert r.returncode & 8, r.stderr[-2000:]  # a new divergence
    rows = [json.loads(l) for l in (out / "results.jsonl").read_text().splitlines()]
    new = [c for c in rows if c["type"] == "cause" and c["status"] == "new"]
    lines = [m.groups() for m in map(MINIMIZE_LINE.match, r.stderr.splitlines()) if m]
    assert new and len(lines) == len(new), r.stderr
    assert [int(l[0]) for l in lines] == list(range(1, len(lines) + 1))
    assert all(int(l[1]) == len(lines) for l in lines)
    for n, total, cause, seconds, outcome in lines:
        [c] = [c for c in new if c["cause"].startswith(cause.rstrip("."))]
        assert outcome == c["lit"]["status"] if c["lit"] else outcome.startswith("not minimized"), (cause, outcome)
    assert any(c["lit"] for c in new), new
