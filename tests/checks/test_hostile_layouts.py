"""Hostile values in layouts, icons, fonts, faces, backs and `printkit new`: each gets a located
finding quickly, never a traceback, a hang or memory that grows with the value."""
from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from conftest import REPO, at, huge_png

QUICK = 10.0  # seconds; generous, only to catch hangs and blow-ups

FACE = '\n[decks.gags.face]\nlayout = "card"\n'


def element(extra: str = "", name: str = "title", text: str = '"{name}"') -> str:
    return f'\n[[layouts.card.elements]]\nname = "{name}"\ntype = "text"\ntext = {text}\nfrom = "safe"\n{extra}\n'


def with_layout(mini, layout: str, extra: str = "") -> None:
    text = (mini.path / "game.toml").read_text(encoding="utf-8")
    mini.write("game.toml", text + FACE + extra + layout)


def quickly(mini, code: str):
    """The single finding with ``code``, and that checking took no longer than QUICK."""
    start = time.monotonic()
    found = [f for f in mini.findings() if f.code == code]
    assert time.monotonic() - start < QUICK
    assert len(found) == 1, found
    assert found[0].location.line > 1  # located at the key, not just the file
    return found[0]


def test_values_nested_too_deeply_for_the_toml_reader_are_m101_not_a_recursion_error(mini):
    with_layout(mini, "\n[styles]\nbig = " + "{a = " * 500 + "1" + "}" * 500 + "\n" + element('style = "big"'))
    finding = quickly(mini, "M101")
    assert "too deeply" in finding.message


def test_a_dotted_key_thousands_of_parts_long_is_refused_before_parsing(mini):
    with_layout(mini, '\n[layouts.card]\n' + ".".join(["a"] * 20000) + " = 1\n")
    assert "100 parts" in quickly(mini, "M101").message


def test_a_layout_file_with_an_overlong_dotted_key_is_m108(mini):
    with_layout(mini, '\n[layouts]\ncard = "card.toml"\n')
    mini.write("card.toml", ".".join(["a"] * 20000) + " = 1\n")
    assert "100 parts" in quickly(mini, "M108").message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_layout_file_that_is_a_fifo_is_not_read(mini):
    with_layout(mini, '\n[layouts]\ncard = "card.toml"\n')
    os.mkfifo(mini.path / "card.toml")
    assert "not a regular file" in quickly(mini, "M108").message


def test_a_long_text_template_is_refused_with_its_limit(mini):
    with_layout(mini, element(text='"' + "{name}" * 100_000 + '"'))
    assert "at most 2000 characters" in quickly(mini, "M104").message


def test_a_long_element_name_is_refused_with_its_limit(mini):
    with_layout(mini, element(name="n" * 10_000))
    assert "at most 100 characters" in quickly(mini, "M104").message


def test_a_condition_with_thousands_of_columns_is_one_m104_not_thousands_of_t707(mini):
    with_layout(mini, element("when = { " + ", ".join(f"k{i} = true" for i in range(10_000)) + " }"))
    assert "at most 20" in quickly(mini, "M104").message
    assert not [f for f in mini.findings() if f.code == "T707"]


@pytest.mark.parametrize("extra", ["size = [1e-300, 1e-300]", "size = 0.0001"])
def test_a_vanishing_text_size_is_refused(mini, extra):
    with_layout(mini, element(extra))
    assert "from 1 to 200" in quickly(mini, "M104").message


def test_a_vanishing_dash_is_refused(mini):
    with_layout(mini, element() + '\n[[layouts.card.elements]]\ntype = "line"\nfrom = "safe"\nh = 0\n'
                                  'dash = [0.0001, 0.0001, 0.0001, 0.0001]\n')
    assert "0.1 to 50 mm" in quickly(mini, "M104").message


def test_a_non_text_extends_is_one_finding(mini):
    with_layout(mini, "\n[layouts.card]\nextends = 5\n" + element())
    quickly(mini, "M104")
    assert not [f for f in mini.findings() if f.code == "M106"]


def test_a_huge_remove_list_is_one_finding(mini):
    with_layout(mini, '\n[layouts.card]\nextends = "plain"\nremove = [' +
                ", ".join(f'"r{i}"' for i in range(10_000)) + ']\n')
    assert "at most 200" in quickly(mini, "M104").message
    assert len([f for f in mini.findings() if f.code == "M106"]) <= 200


def test_an_icon_picture_of_no_pixels_is_a102_not_a_division_by_zero(mini):
    with_layout(mini, element(text='"{name} {ic}"'), extra='\n[icons]\nic = "ic.png"\n')
    mini.write("ic.png", huge_png(0, 0))
    assert "0 × 0 pixels" in quickly(mini, "A102").message


def test_a_megabyte_back_label_is_refused_with_its_limit(mini):
    with_layout(mini, element(), extra='\n[decks.gags.back]\nlabel = "' + "xy " * 333_333 + '"\n')
    assert "at most 200 characters" in quickly(mini, "M104").message


def test_too_many_face_labels_are_refused(mini):
    with_layout(mini, element(), extra='\n[decks.gags.face.labels]\n' +
                "".join(f'l{i} = "x"\n' for i in range(2000)))
    assert "at most 1000 labels" in quickly(mini, "M104").message


def test_a_long_face_label_is_refused(mini):
    with_layout(mini, element(), extra='\n[decks.gags.face.labels]\nname = "' + "x" * 100_000 + '"\n')
    finding = quickly(mini, "M104")
    assert "at most 200 characters" in finding.message
    assert at(finding)[1] > 1


def test_too_many_placeholders_are_refused(mini):
    mini.edit("game.toml", 'points = "count"\n',
              'points = { type = "number", placeholders = [' + ", ".join(f'"p{i}"' for i in range(100_000)) + '] }\n')
    assert "at most 20 words" in quickly(mini, "M104").message


def test_a_long_fallback_list_is_one_finding(mini):
    with_layout(mini, element(), extra='\n[fonts]\nfallback = [' + ", ".join(f'"u{i}"' for i in range(10_000)) + ']\n')
    assert "at most 16 families" in quickly(mini, "M104").message
    assert len([f for f in mini.findings() if f.code == "M106"]) <= 16


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_new_from_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "cards.csv"
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "-m", "printkit", "new", str(tmp_path / "game"), "--from", str(fifo)],
                            capture_output=True, text=True, timeout=30, cwd=REPO)
    assert result.returncode == 2
    assert "not a regular file" in result.stderr
    assert "Traceback" not in result.stderr
