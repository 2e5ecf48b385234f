"""Findings for sizes past printkit's stated limits (docs/pack-format.md, "Limits")."""
from conftest import at


def test_C210_a_field_longer_than_10000_characters(mini):
    text = (mini.path / "gags.csv").read_text(encoding="utf-8").splitlines()
    name = text[1].split(",")[0]
    text[1] = text[1].replace(name, name + "x" * 20_000, 1)
    mini.write("gags.csv", "\n".join(text) + "\n")
    f = mini.only("C210")
    assert at(f) == ("gags.csv", 2, 1) and "10,000 characters" in f.message
