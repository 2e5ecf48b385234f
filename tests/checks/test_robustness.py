"""Whatever a designer writes, checking gives findings, never an exception."""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conftest import MINI

from printkit.checks import check_pack

MANIFEST = (MINI / "game.toml").read_text()
VALUE_LINES = [n for n, line in enumerate(MANIFEST.splitlines()) if re.match(r"\s*[\w.]+\s*=", line)]
BAD_VALUES = ["1", "0", "-1", "1.5", '"x"', '""', "[]", '["A1", 2]', "{}", "{ x = 1 }", "true"]


@pytest.mark.parametrize("line", VALUE_LINES)
def test_every_manifest_value_replaced_by_every_bad_value(mini, line):
    for bad in BAD_VALUES:
        lines = MANIFEST.splitlines()
        key = lines[line].split("=", 1)[0]
        lines[line] = f"{key}= {bad}"
        mini.write("game.toml", "\n".join(lines) + "\n")
        findings = mini.findings()  # must not raise
        assert all(f.location.line >= 1 and f.location.column >= 1 for f in findings)


@pytest.mark.parametrize("line", VALUE_LINES)
def test_every_manifest_line_deleted(mini, line):
    lines = MANIFEST.splitlines()
    del lines[line]
    mini.write("game.toml", "\n".join(lines) + "\n")
    mini.findings()


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200) | st.text(alphabet='name,points,requires;\t"\r\n CB+xor2Lu0é', max_size=200))
def test_arbitrary_deck_files(mini, content):
    mini.write("gags.csv", content)
    findings = mini.findings()
    assert all(f.location.line >= 1 and f.location.column >= 1 for f in findings)


@settings(max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300))
def test_arbitrary_manifest_text(mini, content):
    mini.write("game.toml", content)
    mini.findings()


def test_deck_file_is_a_directory(mini):
    (mini.path / "gags.csv").unlink()
    (mini.path / "gags.csv").mkdir()
    assert {f.code for f in check_pack(mini.path).findings} == {"M105"}
