"""The rules source: Markdown blocks, emphasis, and where placeholders stand."""
from pathlib import Path

from printkit.rules.source import Heading, ListBlock, Paragraph, Placeholder, Run, parse_rules, \
    unclosed_placeholders

F = Path("rules.md")
TEXT = """# Title

Plain *slanted* **strong** and {{count kids}} *cards {{count gags}}*.

1. first
2. second

{{cards gags}}
"""


def test_blocks():
    blocks = parse_rules(TEXT, F)
    assert blocks[0] == Heading(1, (Run("Title"),))
    para = blocks[1]
    assert isinstance(para, Paragraph)
    assert para.content[:4] == (Run("Plain "), Run("slanted", "italic"), Run(" "), Run("strong", "bold"))
    assert isinstance(blocks[2], ListBlock) and blocks[2].ordered and len(blocks[2].items) == 2
    assert blocks[3] == Placeholder("cards", ("gags",), blocks[3].location, inline=False)


def test_placeholders_know_their_line_column_and_style():
    para = parse_rules(TEXT, F)[1]
    holders = [c for c in para.content if isinstance(c, Placeholder)]
    assert [(h.name, h.location.line, h.location.column, h.style) for h in holders] == [
        ("count", 3, 32, "plain"), ("count", 3, 54, "italic")]
    block = parse_rules(TEXT, F)[3]
    assert (block.location.line, block.location.column) == (8, 1)


def test_broken_braces_are_found():
    assert [(w.line, w.column) for w in unclosed_placeholders("ok {{count kids}}\nbad {{ count\n", F)] == [(2, 5)]
