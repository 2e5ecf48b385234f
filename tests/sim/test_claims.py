"""The Gag Grab engine against positions worked out by hand from cards/gag-grab/rules.md.

Test names quote the rules' sections ("Setting up", "Moving", "Claiming a
gag", "Peanut Gallery cards", "The end of the game", "Questions that come
up", "Our choices") and their wording, so each rule the engine implements
can be found here. Positions are set on a real game's state: the board,
hands and pawns are written in directly, and dice come from a script.
"""
from __future__ import annotations

import random
from statistics import mean

import pytest
from conftest import REPO

from printkit.model.loader import load_pack
from printkit.games.claims import engine as claims
from printkit.games.claims.board import space_index, space_name, start_spaces
from printkit.games.claims.bots import BOTS
from printkit.games.claims.state import Illegal, State, roll_off


@pytest.fixture(scope="module")
def setup():
    pack, _ = load_pack(REPO / "cards" / "gag-grab")
    return claims.prepare(pack)


class Dice(random.Random):
    """A game rng whose die rolls come from a script (shuffles stay seeded)."""

    def __init__(self, rolls=(), seed=0):
        super().__init__(seed)
        self.rolls = list(rolls)
        self.rolled = 0

    def randrange(self, *args):
        if args == (6,) and self.rolls:
            self.rolled += 1
            return self.rolls.pop(0) - 1
        return super().randrange(*args)


def at(name: str) -> int:
    return space_index(name, 6, 6)


def kind(setup, name: str) -> int:
    return setup.kinds.index(name)


def gag(setup, name: str) -> int:
    return setup.gag_names.index(name)


def position(setup, players=2, pawns=("A1", "F6"), rolls=(), board=None, deck=None) -> State:
    """A state with empty hands, pawns on the named spaces and, if given, one gag on every space."""
    st = State(setup, players, Dice(rolls))
    for seat in range(players):
        st.hands[seat] = [0] * len(setup.kinds)
        st.keys[seat] = st.sizes[seat] = 0
        st.pos[seat] = -1
    st.pawn_at = [-1] * 36
    for seat, name in enumerate(pawns):
        st.pos[seat] = at(name)
        st.pawn_at[at(name)] = seat
    if board is not None:
        st.board = [gag(setup, board)] * 36
    if deck is not None:
        st.gag_deck = [gag(setup, name) for name in deck]
    st.begin_turn()
    return st


def hold(st: State, seat: int, *names: str) -> None:
    for name in names:
        st.give(seat, kind(st.setup, name))


def names(spaces) -> set[str]:
    return {space_name(s, 6) for s in spaces}


class Scripted:
    """A bot that claims whenever it can and otherwise does what its attributes say."""

    trades = False

    def __init__(self, second=False, extra=False, to=None, powers=()):
        self.second, self.extra, self.to, self.powers = second, extra, to, list(powers)
        self.asked_second = 0

    def start(self, st, seat, free):
        return free[0]

    def boost(self, st, seat, roll, spaces):
        return None

    def power(self, st, seat, moment):
        return self.powers.pop(0) if self.powers and moment == "end" else None

    def discard(self, st, seat, n):
        return st.cards(seat)[:n]

    def move(self, st, seat, roll, spaces):
        return at(self.to) if self.to and at(self.to) in spaces else spaces[0]

    def gallery(self, st, seat):
        return next((k for k, n in enumerate(st.hands[seat]) if n and st.setup.gallery[k]), None)

    def second_move(self, st, seat):
        self.asked_second += 1
        return self.gallery(st, seat) if self.second else None

    def extra_claim(self, st, seat):
        return self.gallery(st, seat) if self.extra else None

    def claim(self, st, seat):
        return BOTS["greedy"].claim(st, seat)


# -- the pack's data ------------------------------------------------------------------------------

def test_rules_claiming_pays_with_the_matching_cards_each_way_to_pay_is_two_kid_cards(setup):
    """'Melting Snowman' (CB or SN + CB or SN) is paid by exactly three pairs; 'Girl Trouble' by 10 boys × 6 girls."""
    def pairs(name):
        return {tuple(setup.kinds[k] for k in p) for p in setup.req_pairs[setup.gag_req[gag(setup, name)]]}
    assert pairs("Melting Snowman") == {("Charlie Brown", "Charlie Brown"), ("Charlie Brown", "Snoopy"),
                                        ("Snoopy", "Snoopy")}
    assert len(pairs("Girl Trouble")) == 60
    assert pairs("Toy Piano") == {("Lucy", "Schroeder")}


def test_rules_boys_and_girls_go_by_the_badge_snoopy_spike_and_woodstock_count_as_boys(setup):
    pairs = {frozenset(setup.kinds[k] for k in p) for p in setup.req_pairs[setup.gag_req[gag(setup, "Girl Trouble")]]}
    assert {frozenset(p) for p in (("Snoopy", "Lucy"), ("Woodstock", "Sally"), ("Spike", "Frieda"))} <= pairs
    assert frozenset(("Lucy", "Sally")) not in pairs and frozenset(("Snoopy", "Spike")) not in pairs


def test_rules_peanut_gallery_cards_only_gallery_cards_pay_for_the_effects(setup):
    assert [setup.kinds[k] for k, g in enumerate(setup.gallery) if g] == [
        "Sally", "Woodstock", "Schroeder", "Violet", "Peppermint Patty", "Marcie", "Franklin", "Pig Pen",
        "Spike", "Rerun", "Frieda", "Shermy"]
    assert setup.power_cost == (1, 2, 2, 1, 1)  # boost, draw 3, remove, second move, extra claim
    st = position(setup)
    hold(st, 0, "Charlie Brown", "Sally")
    with pytest.raises(Illegal):
        st.second_move(0, kind(setup, "Charlie Brown"))


# -- Setting up -------------------------------------------------------------------------------------

def test_rules_setting_up_the_gag_deck_fills_every_space_and_each_player_is_dealt_2_kid_cards(setup):
    st = State(setup, 4, random.Random(3))
    assert all(g >= 0 for g in st.board) and len(set(st.board)) == 36
    assert len(st.gag_deck) == 60 - 36
    assert st.sizes == [2, 2, 2, 2] and len(st.kid_deck) == 52 - 8


def test_rules_setting_up_start_spaces_are_the_corners_and_the_four_centre_spaces_from_5_players(setup):
    four = start_spaces(setup.starts, setup.extra_starts, setup.extra_from, 4)
    five = start_spaces(setup.starts, setup.extra_starts, setup.extra_from, 5)
    assert names(four) == {"A1", "F1", "A6", "F6"}
    assert names(five) == {"A1", "F1", "A6", "F6", "C3", "D3", "C4", "D4"}
    assert start_spaces(setup.starts, setup.extra_starts, setup.extra_from, 8) == five


def test_rules_setting_up_each_player_puts_their_pawn_on_an_empty_starting_space(setup):
    st = position(setup, pawns=("A1",))
    starts = setup.starts
    with pytest.raises(Illegal):
        st.place(1, at("A1"), starts)  # taken
    with pytest.raises(Illegal):
        st.place(1, at("B2"), starts)  # not a start space
    st.place(1, at("F1"), starts)
    assert st.pos[1] == at("F1")


def test_rules_setting_up_only_the_players_tied_for_the_highest_roll_roll_again():
    dice = Dice([3, 6, 6, 2, 5, 5, 2, 4])  # seats 1 and 2 tie on 6, tie again on 5, then 4 beats 2
    assert roll_off(dice, 4) == (2, 2)
    assert dice.rolled == 8 and dice.rolls == []  # 4 + 2 + 2 dice: seats 0 and 3 never rolled again


def test_our_choices_2_to_8_players(setup):
    for players in (1, 9):
        with pytest.raises(ValueError, match="2 to 8"):
            claims.play(setup, players, ["greedy"] * players, random.Random(1))
    for players in (2, 5, 8):
        assert not claims.play(setup, players, ["greedy"] * players, random.Random(1)).truncated


# -- Moving ---------------------------------------------------------------------------------------

def test_rules_moving_pass_over_pawns_but_end_on_a_free_space(setup):
    st = position(setup, players=3, pawns=("A1", "B1", "B2"))
    assert names(st.roll_reach(0, 1)) == {"A2"}
    # Two steps: through B1 or B2 to C1..C3, A3, B3; still not onto a pawn.
    assert names(st.roll_reach(0, 2)) == {"A2", "A3", "B3", "C1", "C2", "C3"}
    with pytest.raises(Illegal):
        st.move(0, at("B2"), 2)


def test_rules_moving_any_of_the_eight_directions_turning_at_every_step(setup):
    st = position(setup, pawns=("C3", "F6"))
    two = st.roll_reach(0, 2)
    assert len(two) == 24 and {"E4", "A5", "E1", "D5"} <= names(two)  # the 5 × 5 square round C3
    st.move(0, at("E4"), 2)  # two steps with a turn: D4, then E4
    assert st.pos[0] == at("E4") and st.pawn_at[at("C3")] == -1


def test_rules_moving_end_on_a_different_space_than_the_one_you_started_on(setup):
    st = position(setup, pawns=("C3", "F6"))
    assert at("C3") not in st.roll_reach(0, 6)
    with pytest.raises(Illegal):
        st.move(0, at("C3"), 6)


def test_rules_moving_you_do_not_have_to_use_the_whole_roll_but_no_more_than_the_die(setup):
    st = position(setup, pawns=("A1", "F6"))
    reach = st.roll_reach(0, 3)
    assert at("B1") in reach and at("D1") in reach and at("E1") not in reach
    with pytest.raises(Illegal):
        st.move(0, at("E1"), 3)


def test_rules_blocked_roll_again_until_you_can_move(setup):
    st = position(setup, players=4, pawns=("A1", "B1", "A2", "B2"), rolls=[1, 1, 2])
    roll, spaces = st.roll(0)
    assert roll == 2 and names(spaces) == {"A3", "B3", "C1", "C2", "C3"}
    assert dict(zip(claims.COUNTS, st.counts))["rerolls-blocked"] == 2


# -- Claiming a gag ---------------------------------------------------------------------------------

def test_rules_claiming_discard_the_matching_kid_cards_keep_the_gag_and_refill_the_space_at_once(setup):
    st = position(setup, pawns=("C3", "F6"), deck=["Summer Camp", "Toy Piano"])
    st.board[at("C3")] = gag(setup, "Football Kick")  # CB + LU, 4 points
    hold(st, 0, "Charlie Brown", "Lucy", "Snoopy")
    with pytest.raises(Illegal):
        st.claim(0, (kind(setup, "Snoopy"), kind(setup, "Lucy")))
    st.claim(0, (kind(setup, "Charlie Brown"), kind(setup, "Lucy")))
    assert st.cards(0) == [kind(setup, "Snoopy")] and st.scores[0] == 4 and st.claimed[0] == 1
    assert sorted(st.kid_discard) == sorted([kind(setup, "Charlie Brown"), kind(setup, "Lucy")])
    assert st.board[at("C3")] == gag(setup, "Toy Piano") and st.gag_deck == [gag(setup, "Summer Camp")]
    assert st.events == [(gag(setup, "Football Kick"), "claimed", 1, 0)] and not st.ended


def test_rules_claiming_at_most_one_gag_per_turn(setup):
    st = position(setup, pawns=("C3", "F6"), board="Summer Camp", deck=["Summer Camp"] * 3)
    hold(st, 0, "Charlie Brown", "Lucy", "Snoopy", "Linus")
    st.claim(0, (kind(setup, "Charlie Brown"), kind(setup, "Lucy")))
    with pytest.raises(Illegal):
        st.claim(0, (kind(setup, "Snoopy"), kind(setup, "Linus")))


def test_rules_the_end_of_the_game_comes_at_once_when_a_claimed_space_cannot_be_refilled(setup):
    st = position(setup, pawns=("A1", "F6"), board="Summer Camp", deck=[], rolls=[1])
    hold(st, 0, *["Charlie Brown"] * 9)  # 11 after drawing: the End step would discard to 7
    st.kid_deck = [kind(setup, "Snoopy")] * 5
    claims.take_turn(st, 0, [Scripted(), Scripted()])
    assert st.ended and st.scores[0] == 1 and st.board.count(-1) == 1
    assert st.sizes[0] == 11 - 2  # the rest of the turn (the End step) was not played


def test_rules_the_end_of_the_game_every_game_ends_when_the_gag_deck_runs_out(setup):
    """200 random-bot games: none truncated; 60 − 36 + 1 claims and removals each; scores = claimed points."""
    points = dict(zip(setup.gag_names, setup.gag_points))
    for seed in range(200):
        rec = claims.play(setup, 4, ["random"] * 4, random.Random(seed))
        assert not rec.truncated
        taken = [e for e in rec.events if e.event == "claimed"]
        assert len(rec.events) == 60 - 36 + 1 and rec.events[-1].event == "claimed"
        assert sum(rec.scores) == sum(points[e.card] for e in taken)
        for seat in range(4):
            assert rec.scores[seat] == sum(points[e.card] for e in taken if e.seat == seat)


# -- Peanut Gallery cards -----------------------------------------------------------------------------

def test_rules_add_1_or_2_after_any_roll_one_card_per_roll_at_most(setup):
    st = position(setup, pawns=("A1", "F6"), rolls=[3, 4])
    hold(st, 0, "Sally", "Woodstock")
    roll, _ = st.roll(0)
    assert st.boost(0, kind(setup, "Sally"), roll, 2) == 5
    with pytest.raises(Illegal, match="one boost per roll"):
        st.boost(0, kind(setup, "Woodstock"), 5, 2)  # two cards never add 4
    roll, _ = st.roll(0)  # a new roll (as after a second move) may be boosted again
    assert st.boost(0, kind(setup, "Woodstock"), roll, 1) == 5
    assert dict(zip(claims.COUNTS, st.counts))["power:boost"] == 2


def test_rules_draw_3_draw_3_kid_cards_then_discard_any_2_as_often_as_you_can_pay(setup):
    st = position(setup, pawns=("A1", "F6"))
    hold(st, 0, "Sally", "Woodstock", "Violet", "Marcie", "Lucy")
    st.kid_deck = [kind(setup, "Snoopy")] * 6
    bot = Scripted(powers=[("draw3", [kind(setup, "Sally"), kind(setup, "Woodstock")]),
                           ("draw3", [kind(setup, "Violet"), kind(setup, "Marcie")])])
    claims.free_powers(st, 0, bot, "end")
    assert st.sizes[0] == 5 - 2 - 2 + 3 + 3 - 2 - 2  # each use: pay 2, draw 3, discard 2
    assert dict(zip(claims.COUNTS, st.counts))["power:draw3"] == 2 and st.kid_deck == []


def test_rules_remove_the_gag_goes_out_of_the_game_and_its_space_is_refilled(setup):
    st = position(setup, pawns=("A1", "F6"), deck=["Summer Camp"])
    st.board[at("C3")] = gag(setup, "Toy Piano")
    hold(st, 0, "Sally", "Woodstock")
    st.remove(0, [kind(setup, "Sally"), kind(setup, "Woodstock")], at("C3"))
    assert st.gag_discard == [gag(setup, "Toy Piano")] and st.board[at("C3")] == gag(setup, "Summer Camp")
    assert st.sizes[0] == 0 and len(st.kid_discard) == 2
    assert st.events == [(gag(setup, "Toy Piano"), "removed", 1, 0)] and not st.ended


def test_rules_remove_never_when_the_gag_deck_is_empty(setup):
    st = position(setup, pawns=("A1", "F6"), deck=[])
    hold(st, 0, "Sally", "Woodstock")
    before = list(st.board)
    with pytest.raises(Illegal, match="Gag deck is empty"):
        st.remove(0, [kind(setup, "Sally"), kind(setup, "Woodstock")], at("C3"))
    assert st.board == before and st.sizes[0] == 2  # nothing was spent


def test_rules_second_move_straight_after_your_move_step_once_per_turn(setup):
    st = position(setup, pawns=("A1", "F6"), board="Toy Piano", rolls=[1, 1, 1])
    hold(st, 0, "Sally", "Woodstock")
    with pytest.raises(Illegal):
        st.second_move(0, kind(setup, "Sally"))  # not before the Move step
    bot = Scripted(second=True)
    claims.take_turn(st, 0, [bot, Scripted()])
    assert bot.asked_second == 1 and st.sizes[0] == 2 + 2 - 1  # drew 2, spent one card
    assert dict(zip(claims.COUNTS, st.counts))["power:second-move"] == 1
    st.second_ok = True  # even straight after a move: not twice in one turn
    with pytest.raises(Illegal, match="once a turn"):
        st.second_move(0, kind(setup, "Woodstock"))


def test_rules_extra_claim_straight_after_a_claim_again_after_each_claim(setup):
    st = position(setup, pawns=("A1", "F6"), board="Summer Camp", deck=["Summer Camp"] * 10, rolls=[1] * 10)
    with pytest.raises(Illegal):
        st.extra_claim(0, kind(setup, "Sally"))  # no claim just before
    hold(st, 0, "Sally", "Woodstock", "Violet", *["Snoopy"] * 6)
    st.kid_deck = [kind(setup, "Lucy")] * 2
    claims.take_turn(st, 0, [Scripted(extra=True), Scripted()])
    # 11 cards: three gallery cards buy three extra claims; four claims pay 8 Snoopy/Lucy cards.
    assert st.claimed[0] == 4 and st.scores[0] == 4 and st.sizes[0] == 0
    assert dict(zip(claims.COUNTS, st.counts))["power:extra-claim"] == 3


# -- Drawing and trading ------------------------------------------------------------------------------

def test_rules_drawing_and_trading_each_of_you_gives_at_least_one_card_no_gifts(setup):
    st = position(setup, pawns=("C3", "D3"))
    hold(st, 0, "Snoopy")
    hold(st, 1, "Lucy")
    with pytest.raises(Illegal, match="each side"):
        st.trade(0, 1, [kind(setup, "Snoopy")], [])
    with pytest.raises(Illegal, match="each side"):
        st.trade(0, 1, [], [kind(setup, "Lucy")])
    st.trade(0, 1, [kind(setup, "Snoopy")], [kind(setup, "Lucy")])
    assert st.cards(0) == [kind(setup, "Lucy")] and st.cards(1) == [kind(setup, "Snoopy")]


def test_rules_drawing_and_trading_only_with_a_player_whose_pawn_stands_next_to_yours(setup):
    st = position(setup, pawns=("C3", "E3"))
    hold(st, 0, "Snoopy")
    hold(st, 1, "Lucy")
    with pytest.raises(Illegal, match="next to"):
        st.trade(0, 1, [kind(setup, "Snoopy")], [kind(setup, "Lucy")])


def test_greedy_bots_trade_when_it_lets_one_pay_and_leaves_the_other_no_worse(setup):
    st = position(setup, pawns=("C3", "D4"), board="Toy Piano")  # nobody holds Schroeder: nothing pays
    st.board[at("A6")] = gag(setup, "Football Kick")  # CB + LU
    hold(st, 0, "Charlie Brown", "Snoopy")
    hold(st, 1, "Lucy", "Lucy")
    claims.trade_step(st, 0, [BOTS["greedy"], BOTS["random"]])
    assert st.counts[claims.COUNTS.index("trades")] == 0  # random bots neither propose nor accept
    claims.trade_step(st, 0, [BOTS["greedy"], BOTS["greedy"]])
    assert sorted(st.cards(0)) == sorted([kind(setup, "Charlie Brown"), kind(setup, "Lucy")])
    assert sorted(st.cards(1)) == sorted([kind(setup, "Lucy"), kind(setup, "Snoopy")])


def test_rules_running_out_of_kid_cards_shuffle_the_kid_discard_pile_into_a_new_deck(setup):
    st = position(setup)
    st.kid_deck = [kind(setup, "Charlie Brown")]
    st.kid_discard = [kind(setup, k) for k in ("Snoopy", "Linus", "Lucy")]
    assert st.draw(0, 3) == 3
    assert st.sizes[0] == 3 and len(st.kid_deck) == 1 and st.kid_discard == []
    assert st.counts[claims.COUNTS.index("kid-reshuffles")] == 1
    st.kid_discard = []
    assert st.draw(0, 2) == 1  # deck and discard pile both empty: nothing more
    assert st.sizes[0] == 4


def test_rules_hand_limit_discard_down_to_7_only_in_your_end_step(setup):
    st = position(setup, pawns=("A1", "F6"), board="Toy Piano", rolls=[1])  # nothing can be claimed
    hold(st, 0, *["Charlie Brown"] * 8)
    hold(st, 1, *["Snoopy"] * 10)
    claims.take_turn(st, 0, [BOTS["greedy"], BOTS["greedy"]])
    assert st.sizes[0] == 7  # 10 after drawing
    assert st.sizes[1] == 10  # other players' turns never make you discard


def test_rules_ties_more_claimed_gag_cards_wins_then_a_shared_win():
    assert claims.winners([9, 12, 12], [4, 3, 5]) == (2,)
    assert claims.winners([9, 12, 12], [4, 5, 5]) == (1, 2)
    assert claims.winners([12, 3], [1, 6]) == (0,)  # points first


# -- whole games ----------------------------------------------------------------------------------------

def test_the_same_seed_plays_the_same_game(setup):
    for bot in claims.bots:
        first = claims.play(setup, 4, [bot] * 4, random.Random(7))
        assert claims.play(setup, 4, [bot] * 4, random.Random(7)) == first
    assert claims.play(setup, 4, ["greedy"] * 4, random.Random(8)) != first


def test_our_choices_clockwise_play_seats_take_turns_in_order(setup):
    rec = claims.play(setup, 3, ["greedy"] * 3, random.Random(2))
    assert rec.rounds == -(-rec.turns // 3)
    for e in rec.events:  # the seat of a claim made on turn t is (t - 1) mod 3
        assert e.seat == (e.turn - 1) % 3


def test_greedy_beats_random_in_two_player_games(setup):
    greedy, rand = [], []
    for seed in range(60):
        seats = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        rec = claims.play(setup, 2, seats, random.Random(seed))
        greedy.append(rec.scores[seats.index("greedy")])
        rand.append(rec.scores[seats.index("random")])
    assert mean(greedy) > mean(rand) + 5


def test_lookahead_plays_whole_games(setup):
    for seed in range(5):
        rec = claims.play(setup, 4, ["lookahead", "greedy", "random", "lookahead"], random.Random(seed))
        assert not rec.truncated and len(rec.winners) >= 1


def test_card_figures_and_figures(setup):
    records = [claims.play(setup, 4, ["greedy"] * 4, random.Random(s)) for s in range(40)]
    cards = claims.card_figures(setup, records)
    assert set(cards) == set(setup.gag_names)
    assert all(0 <= c["claimed_rate"] <= 1 for c in cards.values())
    # Summer Camp takes any two Kid cards: every hand of two or more pays it; Toy Piano needs Schroeder.
    assert cards["Summer Camp"]["payable_rate"] > 0.95
    assert cards["Toy Piano"]["payable_rate"] < 0.3
    claimed = [c for c in cards.values() if c["claimed_rate"]]
    assert all(c["mean_claim_turn"] >= 1 for c in claimed)
    assert all(c["mean_claim_turn"] is None for c in cards.values() if not c["claimed_rate"])
    found = claims.figures(setup, records)
    assert found["truncated_share"] == 0 and found["ended_by_gag_deck_share"] == 1
    assert set(found["powers_per_game"]) == {"boost", "draw3", "remove", "second-move", "extra-claim"}
    boosts = sum(n for r in records for k, n in r.counts if k == "power:boost")
    assert found["powers_per_game"]["boost"] == boosts / 40


def test_observations_name_the_powers_used_per_game_and_bot_limits_those_never_used(setup):
    from printkit.games.records import GameRecord

    records = [GameRecord(4, (3, 0, 0, 0), (0,), 25, 7, counts=(("power:boost", 3), ("power:extra-claim", 1))),
               GameRecord(4, (3, 0, 0, 0), (0,), 25, 7, counts=(("power:boost", 1),))]
    (line,) = claims.observations(setup, records)
    assert "boost 2.00" in line and "extra claim 0.50" in line  # (3 + 1) / 2 and 1 / 2, worked out here
    assert "Never used" not in line  # those are bot limits, not findings on the powers
    assert list(claims.bot_limits(setup, records)) == ["draw3", "remove", "second move"]


def test_a_claim_notes_whether_its_gag_was_reached_and_whether_a_better_one_was_payable(setup):
    st = position(setup, board="Good Grief")  # every space shows Good Grief (CB x2 or LI x2, 2 points)
    hold(st, 0, "Charlie Brown", "Charlie Brown")
    good_grief = gag(setup, "Good Grief")
    claims.note_claim(st, 0)
    assert st.claim_notes[-1] == (good_grief, False, False)  # not reached by a first roll; nothing better
    st.board[at("C3")] = gag(setup, "Joe Shlabotnik")  # CB x2, 3 points: the same two Charlie Browns pay it
    claims.note_reach(st, 0, [at("A2")])
    claims.note_claim(st, 0)
    assert st.claim_notes[-1] == (good_grief, True, True)


def test_claimed_when_reached_and_better_on_board_rates_count_by_hand(setup):
    from printkit.games.records import CardEvent, GameRecord

    claimed = GameRecord(4, (2, 0, 0, 0), (0,), 25, 7, events=(CardEvent("Good Grief", "claimed", 3, 0),),
                         counts=(("reach:Good Grief", 4), ("claimed-reached:Good Grief", 1),
                                 ("better-payable:Good Grief", 1)))
    missed = GameRecord(4, (0, 0, 0, 0), (0, 1, 2, 3), 25, 7, counts=(("reach:Good Grief", 4),))
    card = claims.card_figures(setup, [claimed, missed])["Good Grief"]
    # 1 claim on 8 opportunities; its one claim had something better payable. The printed odds, by hand:
    # 4 cards of 52 hold at most one CB (10) and at most one LI (10) in 35960 + 2 * 49600 + 49600 = 184760
    # of C(52, 4) = 270725 hands, so 85965 / 270725 = 0.31754 pay CB x2 or LI x2.
    assert card["claimed_when_reached_rate"] == 1 / 8 and card["better_on_board_rate"] == 1.0
    assert card["claims"] == 1 and card["reached"] == 8 and card["points"] == 2
    assert card["printed_odds"] == pytest.approx(0.3175, abs=5e-5)


def test_the_engine_finds_the_dominated_gags_check_reports(setup):
    found = claims.dominated_cards(setup)
    assert set(found) == {"Little Red Haired Girl", "Good Grief", "Run Away from Home", "Thanksgiving",
                          "Kite Eating Tree", "Stargazing", "Ice Skating", "Rained On", "Stupid Dog",
                          "Cloud Watching", "Slug You"}
    assert found["Good Grief"] == ["Bible Quotes", "Joe Shlabotnik"]  # LI x2 and CB x2, 3 points each
