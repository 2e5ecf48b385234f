"""The print guide's notice is the pack's own: none when the pack declares none, read back from cards.pdf."""
import pdfplumber
import pytest
from click.testing import CliRunner

from printkit.commands.cli import cli


def guide_text(pack, out) -> str:
    result = CliRunner().invoke(cli, ["build", str(pack.path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / pack.path.name / "cards.pdf") as pdf:
        return " ".join(pdf.pages[0].extract_text().split())


def test_a_pack_without_a_notice_gets_none(mini, tmp_path):
    assert "notice" not in (mini.path / "game.toml").read_text(encoding="utf-8")
    text = guide_text(mini, tmp_path / "out")
    assert "not for sale" not in text.lower() and "fan-made" not in text.lower()
    assert text.endswith("Made with printkit.")


@pytest.mark.parametrize("notice", ["© 2025 Ada Lovelace. All rights reserved.", "Prototype: please send us your notes."])
def test_a_pack_gets_the_notice_it_declares_and_nothing_more(mini, tmp_path, notice):
    mini.edit("game.toml", "players = { min = 2, max = 4 }", f'players = {{ min = 2, max = 4 }}\nnotice = "{notice}"')
    text = guide_text(mini, tmp_path / "out")
    assert text.endswith(f"{notice} Made with printkit.")
    assert "not for sale" not in text.lower()
