"""docs/findings.md and the card-size table of docs/pack-format.md are generated; they must match what they are made from.

Regenerate both with: python docs/make_reference.py
"""
import re
import sys

from click.testing import CliRunner
from conftest import REPO

from printkit.commands.cli import cli

sys.path.insert(0, str(REPO / "docs"))
import make_reference  # noqa: E402

PACK_FORMAT = (REPO / "docs" / "pack-format.md").read_text(encoding="utf-8")
COMMANDS = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")


def test_the_findings_page_is_current():
    assert (REPO / "docs" / "findings.md").read_text(encoding="utf-8") == make_reference.findings_markdown(), \
        "docs/findings.md is out of date: run python docs/make_reference.py"


def test_the_card_size_table_is_current():
    assert make_reference.with_sizes(PACK_FORMAT) == PACK_FORMAT, \
        "docs/pack-format.md's card-size table is out of date: run python docs/make_reference.py"


def test_the_card_size_table_gives_each_size_in_millimetres_and_inches():
    """Read back from docs/pack-format.md: the table printkit's sizes were written into."""
    from printkit.model.cardsize import CARD_SIZES

    start = PACK_FORMAT.index(make_reference.SIZES_START)
    rows = PACK_FORMAT[start:PACK_FORMAT.index(make_reference.SIZES_END)].splitlines()[3:]
    seen = {}
    for row in rows:
        names, _, mm, inches = [cell.strip() for cell in row.strip("|").split("|")]
        w, h = map(float, re.fullmatch(r"\**([\d.]+) × ([\d.]+) mm\**", mm).groups())
        wi, hi = map(float, re.fullmatch(r"(?:≈ )?\**([\d.]+) × ([\d.]+) in\**", inches).groups())
        assert abs(wi * 25.4 - w) < 0.15 and abs(hi * 25.4 - h) < 0.15
        for name in re.findall(r"`([\w-]+)`", names):
            seen[name] = (w, h)
    assert seen == CARD_SIZES


def test_the_check_script_agrees(capsys):
    assert make_reference.main(["--check"]) == 0


def test_the_commands_pages_explain_example_is_what_printkit_prints():
    block = re.search(r"```console\n\$ printkit explain (\S+)\n(.*?)```", COMMANDS, re.DOTALL)
    result = CliRunner().invoke(cli, ["explain", block.group(1)])
    assert result.exit_code == 0 and result.output == block.group(2)
