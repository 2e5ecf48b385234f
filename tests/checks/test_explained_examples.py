"""The registry's examples are real: each change, made to its pack, gives exactly the findings shown.

``printkit explain`` and docs/findings.md show these examples, so this is what keeps them true.
"""
from __future__ import annotations

import pytest
from explained import added_findings, base

from printkit.core.findings import CODES, Edit, Example

EXAMPLES = {code: info.example for code, info in CODES.items() if isinstance(info.example, Example)}


def test_every_code_is_explained_with_a_meaning_an_example_and_a_fix():
    for info in CODES.values():
        assert info.meaning.strip() and info.fix.strip(), info.code
        assert isinstance(info.example, (Example, str)) and info.example, info.code


def test_only_the_safety_nets_have_no_example():
    """D813 reports a failure the checks did not foresee; T720–T724 pages the typesetter is built never to
    make; T730 and T742 marks and edges printkit places itself, where no pack can move them. No pack
    input is known to give them, so test_rules_page_findings.py, test_page_findings.py and
    test_board_findings.py build such pages. D802 is found only by a build, which simulates: the examples
    are checked, and its example is a build of a 26×26 board (checks/test_balance_budget_findings.py)."""
    assert [code for code, info in CODES.items() if not isinstance(info.example, Example)] == [
        "T720", "T721", "T722", "T723", "T724", "T730", "T742", "D802", "D813"]


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_the_example_gives_what_it_shows(code, tmp_path):
    example = EXAMPLES[code]
    assert added_findings(example, tmp_path) == example.gives


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_the_example_gives_its_own_code(code):
    shown = [line for line in EXAMPLES[code].gives.splitlines() if not line.startswith("  hint: ")]
    assert any(f" {code} " in line for line in shown)


@pytest.mark.parametrize("code", sorted(EXAMPLES))
def test_insertions_are_shown_against_whole_lines(code):
    """'add before X' and 'add after X' make sense only where X starts or ends a line of the file."""
    example = EXAMPLES[code]
    for change in example.changes:
        if not isinstance(change, Edit) or not change.old or change.new is None:
            continue
        path = base(example) / change.file
        if not path.exists():
            continue  # a file an earlier change of the example writes
        text = path.read_text(encoding="utf-8")
        at = text.index(change.old)
        if change.new.endswith(change.old) and change.new[:-len(change.old)].endswith("\n"):
            assert at == 0 or text[at - 1] == "\n", change
        elif change.new.startswith(change.old) and change.new[len(change.old):].startswith("\n"):
            end = at + len(change.old)
            assert end == len(text) or text[end] == "\n", change
