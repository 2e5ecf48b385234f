"""Building cards.pdf: deterministic bytes, atomic writes, refusals, shared faces."""
import csv
import os
import re
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO
from pypdf import PdfReader

from printkit.commands.build import BuildOptions, build_pack
from printkit.render.refusal import BuildRefused
from printkit.commands.cli import cli
from printkit.core.output import OutsideOutput, target_in

GAG_GRAB = REPO / "cards" / "gag-grab"


def build(out, **kwargs):
    return build_pack(GAG_GRAB, BuildOptions(out, **kwargs))


def test_same_input_same_bytes(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    first = [f.read_bytes() for f in build(tmp_path / "a").files]
    second = [f.read_bytes() for f in build(tmp_path / "b").files]
    assert len(first) == 3 and first == second  # cards.pdf, board.pdf and rules.pdf


def test_source_date_epoch_sets_the_date(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")  # 2023-11-14 22:13:20 UTC
    path = build(tmp_path).files[0]
    assert PdfReader(path).metadata["/CreationDate"].startswith("D:20231114221320")
    assert path.read_bytes() == build(tmp_path / "again").files[0].read_bytes()


def test_faces_used_more_than_once_are_embedded_once(tmp_path):
    reader = PdfReader(build(tmp_path).files[0])
    faces, parts = set(), {}
    placements = 0
    for page in reader.pages:
        for name, ref in page["/Resources"].get("/XObject", {}).items():
            if ".Face" in name:
                faces.add(ref.idnum)
            else:
                parts[name] = ref.idnum
        placements += len(re.findall(rb"/FormXob\.Face\d+ Do\b", page.get_contents().get_data()))
    # Shared: the four main Kid cards (10 copies each), the two deck backs (52
    # and 60 copies) and the player aid's front and back (8 each); every card
    # used once is drawn where it stands.
    assert len(faces) == 4 + 2 + 2
    assert placements == 40 + 52 + 60 + 8 + 8
    # What repeats inside the cards drawn in place is one form each, from its second drawing on:
    # a deck's fixed frame and labels, and each requirement on more than one card (of Gag Grab's
    # 34 distinct requirements, 10 are), each stored once.
    assert len(parts) == len(set(parts.values()))
    with open(REPO / "cards" / "gag-grab" / "gags.csv", encoding="utf-8", newline="") as f:
        requirements = Counter(row["requires"] for row in csv.DictReader(f))
    repeated = [text for text, n in requirements.items() if n > 1]
    assert len(requirements) == 34 and len(repeated) == 10
    assert len(repeated) < len(parts) < len(repeated) + 20


def test_a_failed_render_leaves_every_previous_pdf_and_no_temp_files(tmp_path, monkeypatch):
    targets = build(tmp_path).files
    before = {t.name: t.read_bytes() for t in targets}
    assert sorted(before) == ["board.pdf", "cards.pdf", "rules.pdf"]
    real = __import__("printkit.render.pdf", fromlist=["render_pdf"]).render_pdf
    calls = []

    def fails_on_the_second_file(*args, **kwargs):
        calls.append(args[2])
        if len(calls) == 2:  # cards.pdf rendered fine; board.pdf fails
            raise RuntimeError("disk on fire")
        return real(*args, **kwargs)
    monkeypatch.setattr("printkit.render.pdf.render_pdf", fails_on_the_second_file)
    with pytest.raises(RuntimeError):
        build(tmp_path, paper="letter")
    assert {t.name: t.read_bytes() for t in targets} == before
    assert sorted(p.name for p in targets[0].parent.iterdir()) == ["board.pdf", "cards.pdf", "rules.pdf"]


def test_a_pack_with_errors_is_refused_and_the_old_pdf_kept(tmp_path, gag_grab):
    out = tmp_path / "out"
    target = build_pack(gag_grab.path, BuildOptions(out)).files[0]
    before = target.read_bytes()
    gag_grab.edit("gags.csv", "SN + Woodstock", "SN + Wodstock")
    with pytest.raises(BuildRefused) as refused:
        build_pack(gag_grab.path, BuildOptions(out))
    assert refused.value.report.errors == 1
    assert target.read_bytes() == before


def test_written_files_are_readable_by_others(tmp_path):
    mode = build(tmp_path).files[0].stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask


def test_targets_stay_inside_the_output_folder(tmp_path):
    assert target_in(tmp_path, "gag-grab", "cards.pdf") == (tmp_path / "gag-grab" / "cards.pdf").resolve()
    for parts in (("..", "x.pdf"), ("/etc", "x.pdf"), ("a", "..", "..", "x.pdf")):
        with pytest.raises(OutsideOutput):
            target_in(tmp_path, *parts)


class TestCommand:
    def run(self, *args):
        return CliRunner().invoke(cli, list(args))

    def test_build_writes_and_reports(self, tmp_path):
        result = self.run("build", "gag-grab", "--out", str(tmp_path))
        assert result.exit_code == 0
        lines = result.output.strip().splitlines()
        assert lines[0].endswith("gag-grab/cards.pdf (30 pages)")
        assert lines[1].endswith("gag-grab/board.pdf (7 pages)")
        assert lines[2].endswith("gag-grab/rules.pdf (5 pages)")
        # 42 pages; two-sided, the cards pair fronts with backs (15) and the rules pair up (3),
        # while the 7 board pages are cut out and stay one-sided.
        assert lines[-1] == "gag-grab: 42 sheets of paper printed one-sided, 25 two-sided"
        assert lines[-2].startswith("cards.pdf ink coverage (C+M+Y+K): fronts ")
        # The README and the commands page show these two lines as the build prints them.
        for page in ("README.md", "docs/commands.md"):
            shown = (Path(__file__).resolve().parents[1] / page).read_text(encoding="utf-8")
            assert "```\n" + "\n".join(lines[-2:]) + "\n```" in shown, page
        assert not any("warning" in line for line in lines)  # the page lint finds the kit clean
        assert (tmp_path / "gag-grab" / "cards.pdf").is_file()

    def test_refusal_shows_the_findings_as_check_does(self, tmp_path, gag_grab):
        gag_grab.edit("gags.csv", "SN + Woodstock", "SN + Wodstock")
        built = self.run("build", str(gag_grab.path), "--out", str(tmp_path / "out"))
        checked = self.run("check", str(gag_grab.path))
        assert built.exit_code == 1 and checked.exit_code == 1
        assert checked.output in built.output
        assert "not built" in built.output
        assert not (tmp_path / "out").exists()

    @pytest.mark.parametrize("args", [["--paper", "a3"], ["--backs", "sideways"],
                                      ["--back-offset", "1"], ["--back-offset", "x,y"], ["nope"]])
    def test_usage_errors(self, tmp_path, args):
        result = self.run("build", "--out", str(tmp_path), *args)
        assert result.exit_code == 2 and "Error" in result.output

    def test_fronts_only(self, tmp_path):
        result = self.run("build", "--out", str(tmp_path), "--backs", "none", "--paper", "letter")
        assert result.exit_code == 0 and "(15 pages)" in result.output

    def test_calibrate(self, tmp_path):
        result = self.run("calibrate", "--out", str(tmp_path), "--backs", "short-edge")
        assert result.exit_code == 0
        assert len(PdfReader(tmp_path / "calibration.pdf").pages) == 2


class FakeStderr:
    def __init__(self, terminal: bool):
        self.terminal = terminal
        self.written = []

    def isatty(self):
        return self.terminal

    def write(self, text):
        self.written.append(text)

    def flush(self):
        pass


@pytest.mark.parametrize("terminal", [True, False])
def test_progress_shows_only_on_a_terminal(monkeypatch, terminal):
    from printkit.commands.runner import progress

    stderr = FakeStderr(terminal)
    monkeypatch.setattr("sys.stderr", stderr)
    with progress("gag-grab") as update:
        if terminal:
            update("cards.pdf", 14, 28)
            update("cards.pdf", 28, 28)
        else:
            assert update is None
    assert ("gag-grab: cards.pdf" in "".join(stderr.written)) is terminal


def test_cards_too_big_for_the_paper_are_a_clear_error(tmp_path, gag_grab):
    gag_grab.edit("game.toml", "width_mm = 63.5", "width_mm = 300")  # too long for A4 even turned
    result = CliRunner().invoke(cli, ["build", str(gag_grab.path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "gag-grab: not built: 300 × 88.9 mm cards do not fit" in result.output


def test_an_unwritable_output_folder_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = CliRunner().invoke(cli, ["build", "gag-grab", "--out", str(blocker / "sub")])
    assert result.exit_code == 1 and "not built: Not a directory" in result.output
