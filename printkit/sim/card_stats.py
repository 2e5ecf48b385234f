"""Per-card figures with their intervals, cards judged against a model, and what the bots leave untested.

Every per-card rate (a figure named ``*_rate``) gets its Wilson 95% interval as ``*_rate_ci95``: a share
of games, or of the count the engine names for it in ``rate_bases`` (Gag Grab's payable_rate is a share
of claim opportunities, ``reached``).

Outliers are judged against a model the engine declares as ``card_model``: the rate to judge, and the
card figures that should explain it. The model is a logistic regression fitted over all the cards by
maximum likelihood: an intercept, the logit of each ``logit`` figure (printed odds), each ``linear``
figure (Gag Points) as it is, and one level per value of each ``groups`` figure (Many Faces: a card's
value, so its model is the pooled rate of the cards of its value). A card is flagged only when its
interval excludes the model's prediction by a margin: the interval is widened for the number of cards
judged (Bonferroni, so the chance of flagging any card by luck alone is at most 5%), and its near end
must lie beyond ``MARGIN`` times the predicted odds (or below them divided by it).
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from statistics import NormalDist
from typing import Any

from .seats import wilson
from .summary import percent

MARGIN = 2.0  # odds ratio a card's interval must clear on the far side of the model to be flagged
ALPHA = 0.05  # chance, over all the cards judged, of flagging one by luck alone
NAMES_SHOWN = 5  # card names quoted in one observation
PAYABLE_LOW = 0.1  # an engine's payable_rate (claims: a reached gag the hand could pay) under this
EDGE = 1e-4  # printed odds of 0 or 1 are taken as this close to them, so their logit is finite

Cards = Mapping[str, Mapping[str, Any]]


def card_table(engine: Any, setup: Any, records: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """The engine's card figures, each rate followed by its 95% interval, and the model's prediction
    (``model_prediction``) for the cards the model judges."""
    cards = engine.card_figures(setup, records)
    bases = getattr(engine, "rate_bases", {})
    out: dict[str, dict[str, Any]] = {}
    for name, values in cards.items():
        row: dict[str, Any] = {}
        for key, value in values.items():
            row[key] = value
            if key.endswith("_rate") and isinstance(value, (int, float)):
                n = values.get(bases[key]) if key in bases else len(records)
                if isinstance(n, int) and n > 0:
                    row[f"{key}_ci95"] = list(wilson(value * n, n))
        out[name] = row
    model = getattr(engine, "card_model", None)
    if model is not None:
        for name, predicted in predictions(out, model, bases, len(records)).items():
            out[name]["model_prediction"] = predicted
    return out


def main_figure(cards: Cards) -> str | None:
    """The per-card figure the report leads with: claimed_rate, else the first figure named *_rate."""
    names = [k for values in cards.values() for k in values]
    if "claimed_rate" in names:
        return "claimed_rate"
    return next((k for k in names if k.endswith("_rate")), None)


def _cases(cards: Cards, model: Mapping[str, Any], bases: Mapping[str, str], games: int
           ) -> list[tuple[str, float, int, dict[str, Any]]]:
    """(name, rate, trials, figures) of every card with the judged rate and all the model's figures."""
    rate = model["rate"]
    wanted = [*model.get("logit", ()), *model.get("linear", ()), *model.get("groups", ())]
    found = []
    for name, values in cards.items():
        r, n = values.get(rate), values.get(bases[rate]) if rate in bases else games
        if isinstance(r, (int, float)) and isinstance(n, int) and n > 0 and \
                all(values.get(k) is not None for k in wanted):
            found.append((name, float(r), n, dict(values)))
    return found


def predictions(cards: Cards, model: Mapping[str, Any], bases: Mapping[str, str], games: int) -> dict[str, float]:
    """The model's rate for each card it can judge (see the module's docstring)."""
    cases = _cases(cards, model, bases, games)
    if len(cases) < 2:
        return {}
    levels = {g: sorted({str(v[g]) for *_, v in cases}) for g in model.get("groups", ())}

    def row(values: Mapping[str, Any]) -> list[float]:
        x = [1.0]
        x += [_logit(float(values[k])) for k in model.get("logit", ())]
        x += [float(values[k]) for k in model.get("linear", ())]
        for g, names in levels.items():
            x += [1.0 if str(values[g]) == level else 0.0 for level in names[1:]]
        return x

    rows = [(row(v), r * n, n) for _, r, n, v in cases]
    beta = fit_logistic(rows)
    return {name: _sigmoid(sum(b * x for b, x in zip(beta, x_row))) for (name, *_), (x_row, _, _) in zip(cases, rows)}


def fit_logistic(rows: Sequence[tuple[Sequence[float], float, int]], rounds: int = 50) -> list[float]:
    """Maximum-likelihood coefficients of a binomial logistic regression by Newton's method: each row is
    (predictors, successes, trials). A tiny ridge keeps a predictor that is the same for every card
    (collinear with the intercept) from making the steps singular."""
    k = len(rows[0][0])
    beta = [0.0] * k
    for _ in range(rounds):
        grad = [0.0] * k
        hess = [[1e-6 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y, n in rows:
            p = _sigmoid(sum(b * v for b, v in zip(beta, x)))
            w = n * p * (1 - p)
            for i in range(k):
                grad[i] += (y - n * p) * x[i]
                for j in range(k):
                    hess[i][j] += w * x[i] * x[j]
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-10:
            break
    return beta


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting (a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def _sigmoid(t: float) -> float:
    return 1 / (1 + math.exp(-t)) if t >= 0 else math.exp(t) / (1 + math.exp(t))


def _logit(p: float) -> float:
    p = min(max(p, EDGE), 1 - EDGE)
    return math.log(p / (1 - p))


def _odds(p: float) -> float:
    p = min(max(p, EDGE), 1 - EDGE)
    return p / (1 - p)


def outliers(cards: Cards, model: Mapping[str, Any], bases: Mapping[str, str], games: int
             ) -> list[tuple[str, float, float, float, float]]:
    """(name, rate, interval low, high, prediction) of each card whose corrected interval clears the model's
    prediction by the margin, in the order of the cards."""
    judged = [(name, r, n) for name, r, n, v in _cases(cards, model, bases, games)
              if isinstance(v.get("model_prediction"), float)]
    if not judged:
        return []
    z = NormalDist().inv_cdf(1 - ALPHA / (2 * len(judged)))
    found = []
    for name, r, n in judged:
        predicted = float(cards[name]["model_prediction"])
        lo, hi = wilson(r * n, n, z)
        if (lo > predicted and _odds(lo) > MARGIN * _odds(predicted)) or \
                (hi < predicted and _odds(hi) * MARGIN < _odds(predicted)):
            found.append((name, r, lo, hi, predicted))
    return found


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:NAMES_SHOWN])
    return shown + (f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else "")


def _rate(x: float) -> str:
    return percent(x) if 0 <= x <= 1 else f"{x:.2f}"


def _verb(figure: str) -> str:
    return figure.removesuffix("_rate").replace("_", " ")


def card_observations(cards: Cards, games: int, pooled: bool, engine: Any = None,
                      limited: Mapping[str, str] | None = None,
                      dominated: Mapping[str, Sequence[str]] | None = None) -> list[str]:
    """Cards never reaching the main figure, cards off the engine's model, cards rarely payable when reached,
    and dominated cards that were claimed all the same. Cards in ``limited`` (bot limits) are left out:
    what the bots never do says nothing of the card."""
    limited = limited or {}
    figure = main_figure(cards)
    if figure is None:
        return []
    rates = {name: values[figure] for name, values in cards.items()
             if isinstance(values.get(figure), (int, float)) and name not in limited}
    if not rates:
        return []
    where = f"{games:,} games" + (" (all player counts)" if pooled else "")
    out = []
    never = [name for name, r in rates.items() if r == 0]
    if never:
        were = "was" if len(never) == 1 else "were"
        out.append(f"{len(never)} of {len(rates)} cards {were} never {_verb(figure)} in {where}: {_names(never)}.")
    out += [("Over all player counts: " + line[0].lower() + line[1:]) if pooled else line
            for line in model_observations(cards, games, engine, limited)]
    payable = {name: v for name, values in cards.items()
               if isinstance(v := values.get("payable_rate"), (int, float)) and name not in limited}
    hard = sorted((n for n, r in payable.items() if r < PAYABLE_LOW), key=lambda n: payable[n])
    if hard:
        out.append(f"{len(hard)} {'card' if len(hard) == 1 else 'cards'} could be paid for less than "
                   f"{percent(PAYABLE_LOW)} of the times a player reached {'it' if len(hard) == 1 else 'them'}: "
                   f"{_names([f'{n} {_rate(payable[n])}' for n in hard])}.")
    out += dominated_observations(cards, dominated or {})
    return out


def model_observations(cards: Cards, games: int, engine: Any, limited: Mapping[str, str]) -> list[str]:
    """The cards off the engine's model, above it and below it, or that none is."""
    model = getattr(engine, "card_model", None)
    if model is None:
        return []
    bases = getattr(engine, "rate_bases", {})
    kept = {name: values for name, values in cards.items() if name not in limited}
    judged = sum(isinstance(v.get("model_prediction"), float) for v in kept.values())
    if not judged:
        return []
    rate, against = model["rate"], model.get("against", "the model")
    verb = _verb(rate)
    test = (f"beyond chance (95% intervals corrected for {judged} cards) and by more than {MARGIN:g}× in odds")
    found = outliers(kept, model, bases, games)
    if not found:
        return [f"No card is {verb} more or less often than {against} predicts, {test}."]
    out = []
    for word, side in (("more", [f for f in found if f[2] > f[4]]), ("less", [f for f in found if f[3] < f[4]])):
        if side:
            side.sort(key=lambda f: -abs(_logit(f[1]) - _logit(f[4])))
            cases = [f"{n} {percent(r)} (model {percent(p)})" for n, r, _, _, p in side]
            out.append(f"{len(side)} of {judged} cards {'is' if len(side) == 1 else 'are'} {verb} {word} often "
                       f"than {against} predicts, {test}: {_names(cases)}.")
    return out


def dominated_observations(cards: Cards, dominated: Mapping[str, Sequence[str]]) -> list[str]:
    """One sentence on the dominated cards (check's N604) that were claimed: how often, and at what share of
    those claims a better card the same hand could pay was on the board."""
    found = []
    for name in dominated:
        values = cards.get(name, {})
        share, rate = values.get("better_on_board_rate"), values.get("claimed_rate")
        if isinstance(share, (int, float)) and isinstance(rate, (int, float)) and rate > 0:
            found.append((name, rate, share))
    if not found:
        return []
    found.sort(key=lambda f: (-f[2], f[0]))
    cases = [f"{n} (claimed in {percent(r)} of games; better on the board at {percent(b)} of its claims)"
             for n, r, b in found]
    return [f"{len(found)} dominated {'card was' if len(found) == 1 else 'cards were'} claimed (check N604: "
            "every hand paying one also pays a card worth more); share of their claims made while a card worth "
            f"more that the same hand could pay lay on the board: {_names(cases)}."]


def limit_lines(limited: Mapping[str, str], labels: Mapping[str, str] | None = None) -> list[str]:
    """Each bot limit as a sentence, labelled as such: the bots' doing, not a finding on the card."""
    shown = labels or {}
    return [f"Bot limit: {shown.get(name, name)}: {why}." for name, why in limited.items()]
