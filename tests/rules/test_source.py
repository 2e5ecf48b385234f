"""The rules source: Markdown blocks, emphasis, and where placeholders stand."""
from pathlib import Path

from printkit.model.rules_source import Heading, ListBlock, Paragraph, Placeholder, Run, parse_rules, \
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


def test_each_argument_knows_where_it_is_written():
    text = "# Title\n\nSee *{{count  kids kind=main}}* and `{{sum gags points}}`.\n\n  {{cards kids columns=name,kind}}\n"
    lines = text.splitlines()
    para, block = parse_rules(text, F)[1:]
    inline = [c for c in para.content if isinstance(c, Placeholder)]
    found = [(p.args, [(loc.line, loc.column) for loc in p.arg_locations]) for p in [*inline, block]]
    assert found == [
        (("kids", "kind=main"), [(3, lines[2].index("kids") + 1), (3, lines[2].index("kind=") + 1)]),
        (("gags", "points"), [(3, lines[2].index("gags") + 1), (3, lines[2].index("points") + 1)]),
        (("kids", "columns=name,kind"), [(5, lines[4].index("kids") + 1), (5, lines[4].index("columns") + 1)]),
    ]
    assert block.argument_location(1, len("columns=")).column == lines[4].index("name") + 1
    assert block.argument_location(None) == block.location


def test_an_argument_not_found_as_written_points_at_the_placeholder():
    # The entity is text once parsed, so the placeholder cannot be found as written on its line.
    block, = parse_rules("{{cards &#107;ids}}\n", F)
    assert block.args == ("kids",) and block.arg_locations == ()
    assert block.argument_location(0) == block.location
