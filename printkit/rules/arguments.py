"""What arguments each placeholder takes, and the finding for one it does not.

An argument is a word after the placeholder's name. Most are positional
(``{{sum gags points}}``); a placeholder that takes ``KEY=VALUE`` arguments
(``{{cards DECK columns=name,cost}}``, ``{{balance games=500}}``) reads every
word with an ``=`` as one. A placeholder without keyword arguments reads such
a word as a positional one, as ``{{count kids kind=main}}`` does.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..core.packpath import clipped
from ..core.suggest import did_you_mean
from ..model.rules_generated import PlaceholderError

MAX_ARGUMENT = 1_000  # characters in one argument


@dataclass(frozen=True)
class Signature:
    usage: str  # how the placeholder is written, for hints
    positional: int = 0  # arguments without a KEY= it takes, at most
    keywords: tuple[str, ...] = ()  # KEY=VALUE arguments it takes, each at most once


@dataclass(frozen=True)
class Arguments:
    positional: tuple[str, ...] = ()
    keywords: Mapping[str, str] = field(default_factory=dict)
    index: Mapping[str, int] = field(default_factory=dict)  # each keyword's place among all the arguments


def read_arguments(name: str, args: tuple[str, ...], signature: Signature) -> Arguments:
    """``args`` sorted into positional and keyword ones; PlaceholderError at the first ``name`` does not take."""
    usage = f"write it as {signature.usage}"
    positional: list[str] = []
    keywords: dict[str, str] = {}
    index: dict[str, int] = {}
    for n, arg in enumerate(args):
        shown = clipped(arg, 40)  # a hostile argument may be thousands of characters long
        if len(arg) > MAX_ARGUMENT:
            raise PlaceholderError(f"an argument of {{{{{name}}}}} is {len(arg):,} characters long; "
                                   f"at most {MAX_ARGUMENT:,} are read", usage, argument=n)
        key, eq, value = arg.partition("=")
        if signature.keywords and eq:
            if key not in signature.keywords:
                guess = did_you_mean(key, signature.keywords)
                raise PlaceholderError(f"'{shown}' is not an argument of {{{{{name}}}}}",
                                       f"{guess} {usage[:1].upper()}{usage[1:]}" if guess else usage, argument=n)
            if key in keywords:
                raise PlaceholderError(f"{{{{{name}}}}} gives '{key}' twice", usage, argument=n)
            keywords[key], index[key] = value, n
        elif len(positional) < signature.positional:
            positional.append(arg)
        elif not signature.positional and not signature.keywords:
            raise PlaceholderError(f"{{{{{name}}}}} takes no arguments", usage, argument=n)
        elif not signature.positional:
            raise PlaceholderError(f"'{shown}' is not an argument of {{{{{name}}}}}", usage, argument=n)
        else:
            raise PlaceholderError(f"'{shown}' is one argument too many for {{{{{name}}}}}", usage, argument=n)
    return Arguments(tuple(positional), keywords, index)
