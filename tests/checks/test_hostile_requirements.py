"""Hostile requirements, counts, odds and hints: located findings or bounded work, never a hang.

Each pack here is a copy of Gag Grab with one hostile edit. Sizes are chosen
so that the old code took minutes (or ran out of memory, or of stack); the
checks run under a generous alarm, so a regression fails instead of hanging.
No test measures wall time.
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
from conftest import at, deadline

from printkit.model.loader import load_pack
from printkit.requirements import (Combo, RequirementSyntaxError, RequirementTooLongError, Slot, Term,
                                   parse_requirement)
from printkit.requirements.limits import (MAX_COUNT, MAX_MULTIPLIER, MAX_REQUIREMENT_CHARS,
                                          MAX_REQUIREMENT_TERMS, MAX_TERM_HINTS)
from printkit.model.payment import match_slots, pay_alternative
from printkit.model.vocabulary import pack_vocabulary
from printkit.rules.document import load_rules
from printkit.model.rules_generated import CardTable
from printkit.model.odds import payable_odds

FOOTBALL = "Football Kick,4,CB + LU"  # line 3 of gags.csv; its requirement starts at column 17


def with_requirement(pack, text: str) -> None:
    pack.edit("gags.csv", FOOTBALL, f'Football Kick,4,"{text}"')  # quoted: the cell starts at column 18


def findings(pack):
    with deadline():
        return pack.findings()


def only(pack, code):
    found = [f for f in findings(pack) if f.code == code]
    assert len(found) == 1, found
    return found[0]


# 2. A requirement's length

def test_a_long_requirement_is_R404_at_the_first_character_too_many(gag_grab):
    with_requirement(gag_grab, " + ".join(["Lucy"] * 1_300))  # 9,097 characters, under the CSV cell limit
    f = only(gag_grab, "R404")
    assert at(f) == ("gags.csv", 3, 18 + MAX_REQUIREMENT_CHARS)
    assert "9,097 characters" in f.message


def test_too_many_terms_is_R404_at_the_first_term_too_many(gag_grab):
    with_requirement(gag_grab, " or ".join(["CB"] * (MAX_REQUIREMENT_TERMS + 1)))
    f = only(gag_grab, "R404")
    assert at(f) == ("gags.csv", 3, 18 + 6 * MAX_REQUIREMENT_TERMS)


def test_parsing_is_linear_in_the_text():
    # 100,000 words in one term took over two minutes (each word rebuilt the term so far).
    with deadline():
        with pytest.raises(RequirementTooLongError) as caught:
            parse_requirement(" ".join(["word"] * 100_000))
    assert caught.value.code == "R404" and caught.value.span.start == MAX_REQUIREMENT_CHARS


# 3. Counts: 'xN' and the count column

@pytest.mark.parametrize("count, message", [
    ("x999999999", "'x999999999' asks for too many cards"),  # was a MemoryError
    ("x" + "9" * 400, "'x" + "9" * 22 + "…' asks for too many cards"),  # was a ValueError
    (f"x{MAX_MULTIPLIER + 1}", f"'x{MAX_MULTIPLIER + 1}' asks for too many cards"),
    ("x1e20", "'x1e20' is not a count"),  # was an OverflowError
    ("x1.5", "'x1.5' is not a count"),
])
def test_a_count_out_of_range_is_R400_at_the_count(gag_grab, count, message):
    with_requirement(gag_grab, f"SN {count}")
    f = only(gag_grab, "R400")
    assert at(f) == ("gags.csv", 3, 21)
    assert f.message == message
    assert f.hint == f"a count is a whole number from 1 to {MAX_MULTIPLIER}, such as 'x2'"


def test_the_largest_count_parses():
    assert parse_requirement(f"SN x{MAX_MULTIPLIER}").alternatives[0].count == MAX_MULTIPLIER


def test_five_thousand_digits_of_count_is_a_clean_error():
    with pytest.raises(RequirementSyntaxError) as caught:
        parse_requirement("SN x" + "9" * 5_000)
    assert caught.value.code == "R404"  # too long before it is too many


@pytest.mark.parametrize("copies", ["9" * 5_000, str(MAX_COUNT + 1)])
def test_a_count_column_beyond_its_limit_is_V300(gag_grab, copies):
    gag_grab.edit("gags.csv", FOOTBALL, f"Football Kick,{copies},CB + LU")
    f = only(gag_grab, "V300")
    assert at(f) == ("gags.csv", 3, 15)
    assert f.message.startswith(f"'points' must be at most {MAX_COUNT}, not ")


def test_the_largest_count_is_kept(gag_grab):
    gag_grab.edit("gags.csv", FOOTBALL, f"Football Kick,{MAX_COUNT},CB + LU")
    assert [f for f in findings(gag_grab) if f.code == "V300"] == []


# 4. Payment over a long chain of slots

def test_a_long_augmenting_chain_needs_no_recursion():
    # Slot i takes card i or i+1; the last slot only card 0, so paying it moves
    # every other slot along by one: a path 5,000 deep (RecursionError at 1,000).
    n = 5_000
    hand = [f"c{i}" for i in range(n)]
    slots = [frozenset({hand[i], hand[i + 1]}) for i in range(n - 1)] + [frozenset({hand[0]})]
    with deadline():
        cards = match_slots(slots, hand)
    assert cards is not None and cards[-1] == 0 and sorted(cards) == list(range(n))
    assert match_slots(slots + [frozenset({hand[0]})], hand) is None


def test_a_chain_of_1500_slots_pays_from_the_deck(gag_grab):
    pack = load_pack(gag_grab.path)[0]
    vocabulary = pack_vocabulary(pack)
    chain = Combo(tuple(Slot((Term("Any"),)) for _ in range(1_500)))
    hand = [c.name for c in pack.decks["kids"].cards for _ in range(c.count)] * 30
    with deadline():
        assert pay_alternative(chain, hand, vocabulary) is not None


def test_a_chain_too_long_for_the_language_is_R404(gag_grab):
    with_requirement(gag_grab, " + ".join(["CB"] * 1_500))
    assert at(only(gag_grab, "R404"))[:2] == ("gags.csv", 3)


# 1. Exact odds

def kid_rows(n: int, copies: int = 1) -> str:
    return "".join(f"Kid {i},K{i},gallery,{copies},{'boy' if i % 2 else 'girl'}\n" for i in range(n))


def odds_of(path):
    pack = load_pack(path)[0]
    rule = pack.manifest.claims
    requirements = [c.values[rule.column] for c in pack.decks[rule.deck].cards]
    with deadline():
        return payable_odds(requirements, pack.decks["kids"].cards, pack_vocabulary(pack),
                            pack.manifest.rules.odds_hand), requirements


@pytest.mark.parametrize("kids, hand", [(150, 4), (1_200, 1), (1_200, 4), (0, 30), (1_200, 60)])
def test_odds_stay_exact_with_many_distinct_cards_or_a_big_hand(gag_grab, kids, hand):
    # 100 distinct Kid cards took 150 s and 3.5 GB, 150 ran out of memory,
    # a hand of 30 took 90 s, and 1,200 cards with a hand of 1 ran out of stack.
    text = (gag_grab.path / "kids.csv").read_text(encoding="utf-8")
    gag_grab.write("kids.csv", text + kid_rows(kids))
    gag_grab.edit("gags.csv", FOOTBALL, "Football Kick,4,Kid 7 + CB")
    gag_grab.edit("game.toml", "odds_hand = 4", f"odds_hand = {hand}")
    odds, requirements = odds_of(gag_grab.path)
    assert len(odds) == len(requirements) and all(0 <= p <= 1 for p in odds)
    texts = [str(r) for r in requirements]
    any_two = odds[texts.index("Any x2")] if "Any x2" in texts else None
    if hand == 1:
        assert set(odds) == {Fraction(0)}  # every claim costs two cards
    if hand == 30:
        assert odds[texts.index("SN x2")] > Fraction(99, 100)
    assert any_two in (None, Fraction(hand >= 2))


def tables(node):
    if isinstance(node, CardTable):
        yield node
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from tables(item)
    elif dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from tables(getattr(node, f.name))


def test_odds_beyond_the_work_limit_are_a_dash_in_the_rules(gag_grab):
    # Fifty 'xN' alternatives over fifty different cards: 3^50 hand states.
    text = (gag_grab.path / "kids.csv").read_text(encoding="utf-8")
    gag_grab.write("kids.csv", text + kid_rows(50, copies=2))
    with_requirement(gag_grab, " or ".join(f"K{i} x2" for i in range(50)))
    odds, _ = odds_of(gag_grab.path)
    assert odds == []
    with deadline():
        document = load_rules(load_pack(gag_grab.path)[0])
    claim = [t for t in tables(document.blocks) if t.columns[-1].title == "Odds"]
    assert claim and {row[-1] for row in claim[0].rows} == {"–"}


# 5. "Did you mean" hints

def test_thousands_of_unknown_terms_hint_only_the_first(gag_grab):
    # 3,000 unknown terms took 48 s of hints; now a pack gets MAX_TERM_HINTS guesses.
    rows = "".join(f'Gag {i},1,"Lucie{i:04d} + Snopy{i:04d}"\n' for i in range(1_500))
    gag_grab.write("gags.csv", "name,points,requires\n" + rows)
    unknown = [f for f in findings(gag_grab) if f.code == "R401"]
    assert len(unknown) == 3_000
    assert at(unknown[0]) == ("gags.csv", 2, 10)
    hinted = [f for f in unknown if f.hint]
    assert 0 < len(hinted) <= MAX_TERM_HINTS + MAX_REQUIREMENT_TERMS


def test_a_long_unknown_term_is_quoted_short_and_not_compared(gag_grab):
    term = " ".join(["Shroeder"] * 50)
    with_requirement(gag_grab, f"LU + {term}")
    f = only(gag_grab, "R401")
    assert at(f) == ("gags.csv", 3, 23)
    assert len(f.message) < 80 and f.hint is None


def test_odds_hand_above_the_limit_is_M104_at_the_key(gag_grab):
    from printkit.requirements.limits import ODDS_MAX_HAND
    gag_grab.edit("game.toml", "odds_hand = 4", f"odds_hand = {ODDS_MAX_HAND + 1}")
    gag_grab.write("kids.csv", (gag_grab.path / "kids.csv").read_text(encoding="utf-8") + kid_rows(100))
    f = only(gag_grab, "M104")
    lines = (gag_grab.path / "game.toml").read_text(encoding="utf-8").splitlines()
    assert at(f) == ("game.toml", [line.startswith("odds_hand") for line in lines].index(True) + 1, 1)
    assert f.message == f"'rules.odds_hand' must be a whole number from 1 to {ODDS_MAX_HAND}"
    pack = load_pack(gag_grab.path)[0]
    with deadline():
        assert payable_odds([parse_requirement("SN x2")], pack.decks["kids"].cards, pack_vocabulary(pack),
                            ODDS_MAX_HAND + 1) == []
