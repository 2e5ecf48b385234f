"""Every placeholder refuses an argument it does not take: D801 at the argument, with how to write it."""
import subprocess
import sys

import pytest
from conftest import at

from printkit.games.registry import module_for
from printkit.model.loader import load_pack
from printkit.rules.arguments import MAX_ARGUMENT
from printkit.rules.content import BLOCK, INLINE, MEASURED

# (placeholder as written with a stray argument, pack, whether it stands alone in a paragraph, its usage)
BOGUS = [
    ("{{count kids kind=main bogus=1}}", "gag_grab", False, "{{count DECK COLUMN=VALUE}}"),
    ("{{sum gags points bogus=1}}", "gag_grab", False, "{{sum DECK COLUMN}}"),
    ("{{board bogus=1}}", "gag_grab", False, "{{board}}"),
    ("{{spaces bogus=1}}", "gag_grab", False, "{{spaces}}"),
    ("{{cost bogus=1}}", "gag_grab", False, "{{cost}}"),
    ("{{players bogus=1}}", "gag_grab", False, "{{players}}"),
    ("{{title bogus=1}}", "gag_grab", False, "{{title}}"),
    ("{{hand bogus=1}}", "gag_grab", False, "{{hand}}"),
    ("{{components bogus=1}}", "gag_grab", True, "{{components}}"),
    ("{{phases bogus=1}}", "gag_grab", True, "{{phases}}"),
    ("{{powers bogus=1}}", "gag_grab", True, "{{powers}}"),
    ("{{legend bogus=1}}", "gag_grab", True, "{{legend}}"),
    ("{{cards kids bogus=1}}", "gag_grab", True, "{{cards DECK columns=name,cost,text}}"),
    ("{{balance bogus=1}}", "gag_grab", True, "{{balance players=4 games=500 bot=greedy seed=0}}"),
    ("{{variant finish-round bogus=1}}", "gag_grab", True, "{{variant NAME}}"),
    ("{{variants bogus=1}}", "gag_grab", True, "{{variants}}"),
    # The sets-and-runs module's own.
    ("{{personas bogus=1}}", "many_faces", True, "{{personas}}"),
    ("{{end bogus=1}}", "many_faces", True, "{{end}}"),
    ("{{popularity bogus=1}}", "many_faces", False, "{{popularity}}"),
    ("{{set-size bogus=1}}", "many_faces", False, "{{set-size}}"),
    ("{{run-size bogus=1}}", "many_faces", False, "{{run-size}}"),
    ("{{hand-size bogus=1}}", "many_faces", False, "{{hand-size}}"),
]


def rules_with(scratch, line: str):
    """The pack's rules replaced by a heading and ``line``; its one D801."""
    scratch.write("rules.md", f"# Rules\n\n{line}\n")
    return scratch.only("D801")


def test_every_placeholder_is_tested_with_a_stray_argument(gag_grab, many_faces):
    tested = {text[2:].split()[0] for text, *_ in BOGUS}
    modules = set(module_for(load_pack(many_faces.path)[0]).placeholders)
    assert tested == {*INLINE, *BLOCK, *MEASURED} | modules


@pytest.mark.parametrize("text, pack, alone, usage", BOGUS, ids=[b[0] for b in BOGUS])
def test_a_stray_argument_is_found_where_it_is_written(request, text, pack, alone, usage):
    line = text if alone else f"We have {text} here."
    f = rules_with(request.getfixturevalue(pack), line)
    assert at(f) == ("rules.md", 3, line.index("bogus") + 1)
    assert "bogus=1" in f.message or "takes no arguments" in f.message
    assert usage in f.hint


@pytest.mark.parametrize("text, key, guess", [
    ("{{cards kids colums=name}}", "colums", "columns"),
    ("{{cards kids Columns=name}}", "Columns", "columns"),
    ("{{balance player=3}}", "player", "players"),
])
def test_a_misspelt_key_gets_a_suggestion(gag_grab, text, key, guess):
    f = rules_with(gag_grab, text)
    assert f.message == f"'{key}=" + text.split("=", 1)[1].rstrip("}") + f"' is not an argument of {{{{{text[2:].split()[0]}}}}}"
    assert f.hint.startswith(f"did you mean '{guess}'? Write it as {{{{")
    assert at(f) == ("rules.md", 3, text.index(key) + 1)


def test_no_argument_placeholders_say_they_take_none(gag_grab):
    f = rules_with(gag_grab, "{{title x}}")
    assert f.message == "{{title}} takes no arguments" and at(f) == ("rules.md", 3, 9)


def test_one_argument_too_many(gag_grab):
    f = rules_with(gag_grab, "Worth {{sum gags points more}} points.")
    assert f.message == "'more' is one argument too many for {{sum}}"
    assert at(f) == ("rules.md", 3, len("Worth {{sum gags points ") + 1)


def test_a_keyword_given_twice(gag_grab):
    f = rules_with(gag_grab, "{{cards kids columns=name columns=kind}}")
    assert f.message == "{{cards}} gives 'columns' twice"
    assert at(f) == ("rules.md", 3, len("{{cards kids columns=name ") + 1)


def test_an_over_long_argument_is_refused_unread(gag_grab):
    argument = "columns=" + "name," * 400 + "name"
    f = rules_with(gag_grab, "{{cards kids " + argument + "}}")
    assert f.message == f"an argument of {{{{cards}}}} is {len(argument):,} characters long; at most {MAX_ARGUMENT:,} are read"
    assert len(argument) > MAX_ARGUMENT
    assert at(f) == ("rules.md", 3, len("{{cards kids ") + 1)


def test_an_unknown_deck_is_found_at_its_name(gag_grab):
    f = rules_with(gag_grab, "There are {{count kid}} kids.")
    assert f.message == "there is no deck 'kid'" and f.hint == "did you mean 'kids'?"
    assert at(f) == ("rules.md", 3, len("There are {{count ") + 1)


def test_a_misspelt_count_column_gets_a_suggestion(gag_grab):
    f = rules_with(gag_grab, "There are {{count kids knid=main}} kids.")
    assert f.message == "'knid=main' is not COLUMN=VALUE for deck 'kids'" and f.hint == "did you mean 'kind'?"
    assert at(f) == ("rules.md", 3, len("There are {{count kids ") + 1)


def test_a_bad_balance_value_is_found_at_the_value(gag_grab):
    f = rules_with(gag_grab, "{{balance games=10 bot=gredy}}")
    assert f.message == "{{balance}} has no bot 'gredy'" and f.hint == "did you mean 'greedy'?"
    assert at(f) == ("rules.md", 3, len("{{balance games=10 bot=") + 1)


def test_a_placeholder_in_a_list_is_located_too(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n- first\n  - the {{title now}} here\n")
    assert at(gag_grab.only("D801")) == ("rules.md", 4, len("  - the {{title ") + 1)


def test_check_finds_them_without_a_drawing_library(gag_grab):
    gag_grab.write("rules.md", "# Rules\n\n{{cards kids colums=name}}\n\nBy {{title x}}.\n")
    code = ("import sys; from pathlib import Path; from printkit.checks import check_pack; "
            f"found = check_pack(Path({str(gag_grab.path)!r})).findings; "
            "print([(f.code, f.location.line, f.location.column) for f in found if f.code == 'D801']); "
            "print(sorted(m for m in ('reportlab', 'PIL') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == ["[('D801', 3, 14), ('D801', 5, 12)]", "[]"]
