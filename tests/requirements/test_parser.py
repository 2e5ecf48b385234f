"""The requirement language: meaning, errors with columns, and properties of the parser."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printkit.requirements import (Combo, Repeat, Requirement, RequirementSyntaxError, Slot, Term,
                                   format_requirement, parse_requirement)


def slot(*names):
    return Slot(tuple(Term(n) for n in names))


@pytest.mark.parametrize("text, expected", [
    ("CB + LI or LU", Requirement((Combo((slot("CB"), slot("LI", "LU"))),))),
    ("LI or CB + LI or CB or LU", Requirement((Combo((slot("LI", "CB"), slot("LI", "CB", "LU"))),))),
    ("CB x2 or LI x2", Requirement((Repeat(Term("CB"), 2), Repeat(Term("LI"), 2)))),
    ("Peppermint Patty + Marcie", Requirement((Combo((slot("Peppermint Patty"), slot("Marcie"))),))),
    ("  Peppermint   Patty+Marcie ", Requirement((Combo((slot("Peppermint Patty"), slot("Marcie"))),))),
    ("SN ×2", Requirement((Repeat(Term("SN"), 2),))),
    ("Any", Requirement((Combo((slot("Any"),)),))),
])
def test_meaning(text, expected):
    assert parse_requirement(text) == expected


def test_term_spans_point_into_the_text():
    req = parse_requirement("CB +  Peppermint Patty")
    spans = [(t.name, t.span.start, t.span.end) for t in req.terms()]
    assert spans == [("CB", 0, 2), ("Peppermint Patty", 6, 22)]


@pytest.mark.parametrize("text, start, message", [
    ("CB x2 or LI + LU", 12, "'+' cannot be combined with 'x2'"),
    ("CB + LU or", 8, "'or' needs a card after it"),
    ("or CB + LU", 0, "'or' needs a card before it"),
    ("CB x2 or", 6, "'or' needs a requirement after it"),
    ("CB x2 or or LI x2", 9, "'or' cannot follow 'or'"),
    ("CB x0", 3, "'x0' asks for no cards"),
    ("", 0, "the requirement is empty"),
    ("   ", 0, "the requirement is empty"),
    ("x2", 0, "'x2' needs a card before it"),
    ("CB x2 x2", 6, "unexpected 'x2' after a count"),
    ("CB + + LU", 5, "'+' cannot follow '+'"),
    ("(CB or SN) x2", 0, "parentheses are not part of the requirement language"),
])
def test_errors_point_at_the_offending_column(text, start, message):
    with pytest.raises(RequirementSyntaxError) as err:
        parse_requirement(text)
    assert (err.value.span.start, err.value.message) == (start, message)


def test_or_between_a_bare_term_and_a_repeat_is_refused_with_a_suggestion():
    with pytest.raises(RequirementSyntaxError) as err:
        parse_requirement("CB or SN x2")
    assert err.value.span.start == 0 and err.value.hint == "did you mean 'CB x2'?"


def test_several_combos_cannot_be_joined_into_one_requirement():
    combo = Combo((slot("CB"), slot("LU")))
    with pytest.raises(ValueError):
        Requirement((combo, combo))
    with pytest.raises(ValueError):
        Requirement((combo, Repeat(Term("SN"), 2)))


# Property-based tests: any tree survives format -> parse; any text parses or fails cleanly.

words = st.sampled_from(["CB", "SN", "LI", "LU", "MC", "Any", "Girl", "Peppermint", "Patty", "Pig",
                         "Pen", "Beethoven’s", "Crab-In", "x", "orange", "X-ray", "Bonk!"])
names = st.lists(words, min_size=1, max_size=3).map(" ".join)
terms = names.map(Term)
slots = st.lists(terms, min_size=1, max_size=3).map(lambda ts: Slot(tuple(ts)))
combos = st.lists(slots, min_size=1, max_size=4).map(lambda ss: Requirement((Combo(tuple(ss)),)))
repeats = st.lists(st.builds(Repeat, terms, st.integers(1, 12)), min_size=1, max_size=4).map(
    lambda rs: Requirement(tuple(rs)))
requirements = st.one_of(combos, repeats)


@given(requirements)
def test_format_then_parse_gives_the_same_tree(requirement):
    text = format_requirement(requirement)
    assert parse_requirement(text) == requirement
    assert format_requirement(parse_requirement(text)) == text


@settings(max_examples=400)
@given(st.text(alphabet=st.sampled_from(list("CBSNx×X2 0+or()\t\n’é,;\"")), max_size=30) | st.text(max_size=30))
def test_any_text_gives_a_tree_or_a_located_syntax_error(text):
    try:
        requirement = parse_requirement(text)
    except RequirementSyntaxError as err:
        assert 0 <= err.span.start <= len(text) and err.span.start <= err.span.end <= len(text)
        assert err.message
    else:
        assert isinstance(requirement, Requirement)
        assert parse_requirement(format_requirement(requirement)) == requirement
