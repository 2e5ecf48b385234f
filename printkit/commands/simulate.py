"""``printkit simulate``: play a pack many times with bots, report what stands out, write balance.pdf."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from .cliutil import check_source_date_epoch, out_option, packs_argument, refuse_shared_output, resolve_packs
from ..core.errors import EXIT_OK
from .runner import Steps, progress, runs
from ..games.records import Limits, Unplayable
from .simulate_against import Against, against_side

FORMATS = ("text", "json")
MAX_SEED = 2**63 - 1
MAX_WORKERS = 64
DEFAULT_GAMES = 500
MAX_BOTS = 8  # --bots lists at most this many (and no more than the fewest players asked for)


def parse_players(text: str, limit: int) -> list[int]:
    """'4' or '3,4,5' as distinct player counts in the order given; BadParameter otherwise."""
    counts: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit()) or len(part) > 3:
            shown = part.encode("unicode_escape").decode("ascii")[:20]
            raise click.BadParameter(f"'{shown}' is not a number of players; write one count or several "
                                     "separated by commas, such as 4 or 3,4,5", param_hint="--players")
        if int(part) not in counts:
            counts.append(int(part))
    if len(counts) > limit:
        raise click.BadParameter(f"at most {limit} player counts in one run, not {len(counts)}",
                                 param_hint="--players")
    return counts


@click.command("simulate")
@packs_argument
@click.option("--games", type=click.IntRange(1, Limits().max_games), default=DEFAULT_GAMES, show_default=True,
              help=f"Games for each player count (at most {Limits().max_games:,} in all).")
@click.option("--players", "players_text", metavar="K[,K...]",
              help="Player counts to simulate, such as 4 or 3,4,5 (at most 8). Default: every count the pack allows.")
@click.option("--bot", metavar="NAME", help="The bot in every seat (default: the engine's first, greedy).")
@click.option("--bots", "bots_text", metavar="NAME,NAME[,...]",
              help="Bots against bots: the bots listed share the seats, rotated so that each sits in every seat "
                   "equally often, and the report gives each bot's win rate (not with --bot; at most "
                   f"{MAX_BOTS} names, and no more than the players).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=0, show_default=True,
              help="Seed of the games: the same seed gives the same report.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="text for people, json for scripts.")
@out_option
@click.option("--no-pdf", "no_pdf", is_flag=True, help="Do not write <out>/<pack>/balance.pdf.")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None,
              help="Processes playing games (default: one per core). The report is the same for any number.")
# --against (printkit.commands.simulate_against): OLD played with the same seeds, the report gains "comparison".
@click.option("--against", "against", metavar="OLD",
              help="Also play OLD, another version of PACK (a pack folder or a git revision, as 'printkit diff' "
                   "takes it), with the same seeds, and report the paired differences.")
# --variant: a [[variants]] entry of the pack's game.toml, whose rule switches the engine plays.
@click.option("--variant", metavar="NAME", help="Play the pack's rule variant NAME (a [[variants]] entry of its "
              "game.toml), such as finish-round for Gag Grab; with --against, OLD plays it too.")
@runs
def simulate_command(packs: tuple[str, ...], games: int, players_text: str | None, bot: str | None,
                     bots_text: str | None, seed: int, fmt: str, out_dir: Path, no_pdf: bool,
                     workers: int | None, against: str | None, variant: str | None) -> int:
    """Play a pack many times with bots and report how balanced it is: game length, winning score and
    margin, win rate by seat with 95% intervals (first-player advantage), shared wins, and per card how
    often it is claimed or scored, with a short list of what stands out. Also writes balance.pdf (the
    summary and charts) to OUT/<pack>/.

    PACK is a bundled pack id (gag-grab, many-faces) or a pack folder: Gag Grab-like packs ([claims] and
    [board]) and sets-and-runs packs can be simulated; with none, every bundled pack is, one after the
    other (with --format json, the reports then come as a list under "packs"). A pack with check errors is
    refused. Games are shared among all cores; the same seed gives the same report, byte for byte,
    whatever --workers.

    With --against OLD (another version of the one PACK: a pack folder, or a git revision as 'printkit
    diff' takes it), OLD is played too, with the same seeds, bots and counts, and the report ends with
    the paired differences, game by game, with 95% intervals (JSON "comparison"; balance.pdf's last pages).

    Exit status: 0 simulated, 1 the pack (or OLD) has errors or a file could not be written, 2 usage error.

    \b
    Examples:
      printkit simulate gag-grab --games 2000 --players 4
      printkit simulate gag-grab --players 2,4,6 --bot lookahead --seed 7
      printkit simulate gag-grab --players 4 --bots greedy,random --games 400
      printkit simulate gag-grab --players 4 --variant finish-round
      printkit simulate many-faces --games 1000 --format json > balance.json
      printkit simulate cards/my-game --no-pdf
      printkit simulate cards/my-game --against main --players 4 --format json
    """
    limits = Limits()
    wanted = parse_players(players_text, limits.max_players_listed) if players_text is not None else None
    bots = parse_bots(bots_text, bot)
    if not no_pdf:
        check_source_date_epoch()
    roots = resolve_packs(packs, ignore_outside=False)
    refuse_shared_output(roots, out_dir)
    reports: list[str] = []
    status = EXIT_OK
    with against_side(against, roots) as old:  # --against: OLD, from git in a temporary folder
        for root in roots:
            done = run_simulate(root, games, wanted, bot, seed, fmt, out_dir, no_pdf, workers, limits,
                                echo=reports.append if fmt == "json" and len(roots) > 1 else None, against=old,
                                bots=bots, variant=variant)
            status = max(status, done)
    if reports:  # several packs as JSON: one document, a list of their reports
        click.echo('{"packs": [\n' + ",\n".join(r.rstrip("\n") for r in reports) + "\n]}")
    return status


# -- --bots: bots against bots ------------------------------------------------------------------------------

def parse_bots(text: str | None, bot: str | None) -> tuple[str, ...] | None:
    """'greedy,random' as the names listed (a name may repeat: greedy,greedy,greedy,random); None without
    --bots; BadParameter for an empty name, too many, or --bot given too."""
    if text is None:
        return None
    if bot is not None:
        raise click.UsageError("--bot and --bots cannot be used together: --bot seats one bot in every seat, "
                               "--bots rotates several through the seats")
    names = [part.strip() for part in text.split(",")]
    if len(names) > MAX_BOTS:
        raise click.BadParameter(f"at most {MAX_BOTS} bots, not {len(names)}", param_hint="--bots")
    for name in names:
        if not name or not name.isascii() or len(name) > 40:
            shown = name.encode("unicode_escape").decode("ascii")[:20]
            raise click.BadParameter(f"'{shown}' is not a bot's name; write names separated by commas, such as "
                                     "greedy,random", param_hint="--bots")
    return tuple(names)


def check_bots(engine, bots: tuple[str, ...], counts: list[int]) -> None:
    """A usage error naming a bot the engine lacks (and listing its bots), or a list longer than the players."""
    for name in bots:
        if name not in engine.bots:
            raise click.BadParameter(f"unknown bot '{name}'; the {engine.name} engine has {', '.join(engine.bots)}",
                                     param_hint="--bots")
    if len(bots) > min(counts):
        raise click.BadParameter(f"{len(bots)} bots listed for {min(counts)}-player games: list at most one bot "
                                 "per seat", param_hint="--bots")


def _engine_and_counts(pack, wanted: list[int] | None, bot: str | None, games: int, limits: Limits):
    """The engine, the player counts and the bot, or a usage error saying what does not fit the pack."""
    from ..games.registry import engine_for

    engine = engine_for(pack)  # a pack no engine plays is a usage error (see printkit.commands.runner)
    m = pack.manifest
    allowed = range(m.min_players, m.max_players + 1)
    span = f"{m.min_players}–{m.max_players}" if m.min_players != m.max_players else str(m.min_players)
    if wanted is None:
        if len(allowed) > limits.max_players_listed:
            raise click.UsageError(f"'{pack.id}' allows {span} players: choose at most "
                                   f"{limits.max_players_listed} counts with --players")
        wanted = list(allowed)
    outside = [p for p in wanted if p not in allowed]
    if outside:
        raise click.BadParameter(f"{m.title} is for {span} players, not {outside[0]}", param_hint="--players")
    if bot is not None and bot not in engine.bots:
        raise click.BadParameter(f"unknown bot '{bot}'; the {engine.name} engine has {', '.join(engine.bots)}",
                                 param_hint="--bot")
    if games * len(wanted) > limits.max_games:
        raise click.BadParameter(f"{games:,} games × {len(wanted)} player counts is more than "
                                 f"{limits.max_games:,} games in one run", param_hint="--games")
    return engine, wanted, bot or engine.bots[0]


def run_simulate(root: Path, games: int, wanted: list[int] | None, bot: str | None, seed: int, fmt: str,
                 out_dir: Path, no_pdf: bool, workers: int | None, limits: Limits, echo=None,
                 against: Against | None = None, bots: tuple[str, ...] | None = None,
                 variant: str | None = None) -> int:
    """Check, simulate, print the report (or hand it to ``echo``) and write balance.pdf; the exit status."""
    steps = Steps()
    with steps.step(root.name, "simulated", findings=sys.stderr if fmt == "json" else None,
                    usage_ends=against is not None):  # stdout stays JSON
        summary, fallback = _simulated(root, games, wanted, bot, seed, fmt, workers, limits, echo, against, bots,
                                       variant)
    if not no_pdf and steps.status == EXIT_OK:
        with steps.step(f"{summary['pack']}: balance.pdf", "written"):
            _write_balance_pdf(summary, root, out_dir, fallback)
    return steps.status


def _simulated(root: Path, games: int, wanted: list[int] | None, bot: str | None, seed: int, fmt: str,
               workers: int | None, limits: Limits, echo, against: Against | None = None,
               bots: tuple[str, ...] | None = None, variant_name: str | None = None):
    """Check and simulate the pack, print the report (or hand it to ``echo``) and the time taken; the summary
    and the pack's fallback fonts (for balance.pdf, which sets the pack's names as the kit does)."""
    from .build import checked_pack
    from .report import display_path, visible
    from ..checks.composition import seating_findings
    from ..sim.report import json_report, text_report
    from ..sim.run import OverBudget, simulate, steps_per_turn
    from ..sim.summary import pack_labels, summarize, variant_figures
    from ..games.registry import varied

    pack = checked_pack(root).loaded
    engine, counts, bot = _engine_and_counts(pack, wanted, bot, games, limits)
    variant = _variant(pack, variant_name)
    if bots:
        check_bots(engine, bots, counts)
    seated = bots or bot  # the bots listed, rotated through the seats, or one bot in every seat
    if against is not None:  # --against: OLD checked, and only the player counts both packs allow
        counts = against.prepare(pack, engine, counts, games, limits.max_games)
    # A player count the board cannot seat (a warning in check: the kit still prints) cannot be played:
    # refused at the start spaces' key, as check shows it.
    for f in seating_findings(pack, counts):
        where = f.location
        raise Unplayable(f"{display_path(where.file)}:{where.line}:{where.column}: {f.code} {f.message}")
    try:
        setup = engine.prepare(pack)
    except Unplayable as exc:
        raise click.UsageError(f"'{pack.id}' cannot be simulated: {exc}") from None

    def play(pack, setup, what: str):
        """The games of one pack (with --against, of each), timed on stderr."""
        if variant is not None:  # --variant: its switches set, on both sides of --against
            setup = varied(engine, setup, variant.settings())
        started = time.perf_counter()
        with progress(what) as update:
            games_done = (lambda done, total: update("games", done, total)) if update else None
            try:
                runs = simulate(pack, engine, games, counts, seated, seed, workers, games_done, setup=setup,
                                budget=limits.max_steps)
            except OverBudget:
                raise click.UsageError(
                    f"{games * len(counts):,} games of '{pack.id}' would take more than {limits.max_steps:,} steps "
                    f"(a turn counts one step per board space, eight with the lookahead bot: here "
                    f"{max(steps_per_turn(engine, setup, b) for b in bots or (bot,)):,}); "
                    "ask for fewer with --games or --players") from None
        elapsed = time.perf_counter() - started
        total = games * len(counts)
        click.echo(visible(f"{what}: {total:,} games in {elapsed:.1f} s ({total / max(elapsed, 1e-9):,.0f} "
                           "games/s)"), err=True)
        return runs

    runs = play(pack, setup, pack.id)
    summary = summarize(engine, setup, runs, pack=pack.id, title=pack.manifest.title,
                        bot=",".join(bots) if bots else bot, seed=seed, max_turns=limits.max_turns,
                        labels=pack_labels(pack), bots=bots, variant=variant_figures(variant))
    if against is not None:  # --against: OLD played as PACK was, the paired differences
        summary["comparison"] = against.compare(pack, engine, setup, runs, play)
    shown = json_report(summary) if fmt == "json" else text_report(summary)
    if echo is not None:
        echo(shown)
    else:
        click.echo(shown, nl=False)
    return summary, pack.manifest.fonts.fallback


def _variant(pack, name: str | None):
    """The pack's [[variants]] entry ``name`` (None for none asked), or a usage error listing its variants."""
    if name is None:
        return None
    found = next((v for v in pack.manifest.variants if v.name == name), None)
    if found is None:
        from ..core.packpath import clipped

        names = [v.name for v in pack.manifest.variants]
        listed = f"its variants: {', '.join(names)}" if names else "its game.toml declares no [[variants]]"
        raise click.BadParameter(f"'{pack.id}' has no variant '{clipped(name, 40)}'; {listed}",
                                 param_hint="--variant")
    return found


def _write_balance_pdf(summary, root: Path, out_dir: Path, fallback: tuple[str, ...] = ()) -> None:
    """OUT/<pack>/balance.pdf, the summary and its charts."""
    from .build import output_name
    from ..core.output import target_in, write_files_atomically
    from .report import display_path, visible
    from ..render.balance import balance_pdf

    folder = target_in(out_dir, output_name(root))
    data, pages = balance_pdf(summary, fallback)
    write_files_atomically({target_in(folder, "balance.pdf"): data}, tree=folder)
    click.echo(visible(f"{summary['pack']}: wrote balance.pdf ({pages} pages) to {display_path(folder)}"), err=True)
