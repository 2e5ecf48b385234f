"""printkit diff's command line: exit statuses, --exit-code, refusals, --proof, light imports."""
from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import REPO
from diffpacks import copy_pack, edit, edited_pair

from printkit.commands.cli import cli


def run(*args):
    return CliRunner().invoke(cli, ["diff", *map(str, args)], catch_exceptions=False)


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    return edited_pair(tmp_path_factory.mktemp("cli"))


def test_help_has_examples():
    result = run("--help")
    assert result.exit_code == 0 and "Examples:" in result.output and "printkit diff main cards/my-game" in result.output


def test_exit_code_flag(pair, tmp_path):
    old, new = pair
    assert run(old, new).exit_code == 0
    assert run(old, new, "--exit-code").exit_code == 1
    same = copy_pack(tmp_path / "gag-grab")
    assert run(same, same, "--exit-code").exit_code == 0


def test_a_side_that_cannot_be_loaded_exits_1_with_the_reason(pair, tmp_path):
    broken = copy_pack(tmp_path / "gag-grab")
    (broken / "game.toml").write_text("[game\n", encoding="utf-8")
    result = run(broken, pair[1])
    assert result.exit_code == 1
    assert f"printkit diff: cannot load {broken}:\n  game.toml:1:" in result.output
    assert "game.toml:1:6: error M101 TOML syntax error" in result.output


def test_a_side_past_the_pack_limit_names_each_error_at_its_row_once(pair, tmp_path):
    big = copy_pack(tmp_path / "gag-grab")
    rows = "".join(f"Card {n}\n" for n in range(2_001))
    (big / "extra.csv").write_text("name\n" + rows, encoding="utf-8")
    with open(big / "game.toml", "a", encoding="utf-8") as toml:
        for n in range(6):
            toml.write(f'\n[decks.extra{n}]\ntitle = "Extra {n}"\nfile = "extra.csv"\n'
                       f'[decks.extra{n}.columns]\nname = "text"\n')
    result = run(big, pair[1])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"printkit diff: cannot load {big}:"
    # Six decks of 2,000 pass the 10,000 cards a pack may hold, in one of their rows; every deck's file has
    # more rows than a deck may hold, which is said once.
    assert any(line.startswith("  extra.csv:") and "error C210 the pack comes to more than 10,000 cards" in line
               for line in lines)
    assert sum("the file has more than 2,000 rows" in line for line in lines) == 1


def test_new_must_be_a_pack(pair, tmp_path):
    result = run(pair[0], tmp_path)
    assert result.exit_code == 2 and "is not a pack folder: it has no game.toml" in result.output
    result = run(pair[0], tmp_path / "nothing-here")
    assert result.exit_code == 2 and "no pack" in result.output


def test_proof_may_not_be_a_folder(pair, tmp_path):
    result = run(*pair, "--proof", tmp_path)
    assert result.exit_code == 2 and "is a directory" in result.output


def test_proof_that_cannot_be_written_exits_1(pair, tmp_path):
    (tmp_path / "file").write_text("x")
    result = run(*pair, "--proof", tmp_path / "file" / "proof.pdf")
    assert result.exit_code == 1 and "proof.pdf: not written: Not a directory" in result.output
    assert "printkit diff: the proof " in result.output and "Traceback" not in result.output


def test_proof_written_and_said(pair, tmp_path):
    target = tmp_path / "proof.pdf"
    result = run(*pair, "--format", "json", "--proof", target)
    assert result.exit_code == 0 and target.read_bytes().startswith(b"%PDF-")
    assert "wrote" in result.output and "2 pages, 6 changed cards" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["proof.pdf"]  # no temporary or journal left


def test_bundled_pack_id_as_new(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no ./cards here: the id names the bundled pack
    old = copy_pack(tmp_path / "older" / "gag-grab")
    edit(old, "gags.csv", "Shortstop,3,SN x2", "Shortstop,3,SN x3")
    result = run(old, "gag-grab")
    assert result.exit_code == 0 and "    ~ Shortstop: requires 'SN x3' → 'SN x2'" in result.output.splitlines()


def test_the_command_loads_no_drawing_library_without_a_proof(pair):
    code = ("import sys\nfrom printkit.commands.cli import cli\n"
            f"try:\n    cli(['diff', {str(pair[0])!r}, {str(pair[1])!r}, '--format', 'json'])\n"
            "except SystemExit:\n    pass\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('reportlab', 'PIL')]\n"
            "assert not bad, bad\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert result.returncode == 0, result.stderr


def test_a_revision_longer_than_any_git_takes_is_a_usage_error():
    result = CliRunner().invoke(cli, ["diff", "a" * 100_000, str(REPO / "cards" / "gag-grab")])
    assert result.exit_code == 2, result.output
    assert "a revision is at most 1000 characters" in result.output and len(result.output) < 600


def test_the_command_offers_every_format_the_report_writes():
    """The CLI keeps its own copy of the format names (so that it loads light): the two must agree."""
    from printkit.commands import diff as diff_cli
    from printkit.diff import report

    assert diff_cli.FORMATS == report.FORMATS
