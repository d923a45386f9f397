"""`rulesengine convert-rating --from ingo|bcf VALUE`: the old national-rating conversions the
1990s FIDE Swiss rules quote for ranking players without a FIDE rating:
Elo = 2840 - 8 x Ingo, and Elo = 600 + 8 x BCF grade."""

from __future__ import annotations

import argparse
from fractions import Fraction

from rulesengine.errors import UsageError

CONVERSIONS = {
    "ingo": ("Ingo", lambda v: 2840 - 8 * v),
    "bcf": ("BCF grade", lambda v: 600 + 8 * v),
}


def register(subparsers) -> None:
    parser = subparsers.add_parser("convert-rating", help="convert an Ingo or BCF grade to an Elo estimate",
                                   description="Convert a national rating to the Elo estimate the 1990s "
                                               "FIDE Swiss rules quote: 2840 - 8 x Ingo; 600 + 8 x BCF grade.")
    parser.add_argument("--from", dest="source", required=True, choices=sorted(CONVERSIONS),
                        help="the national rating system of VALUE")
    parser.add_argument("value", help="the national rating (a number)")
    parser.set_defaults(handler=run)


def convert(source: str, value: Fraction) -> Fraction:
    return CONVERSIONS[source][1](value)


def run(args: argparse.Namespace) -> int:
    try:
        value = Fraction(args.value)
    except (ValueError, ZeroDivisionError):
        raise UsageError(f"convert-rating: {args.value!r} is not a number") from None
    if value < 0:
        raise UsageError(f"convert-rating: a rating cannot be negative ({args.value})")
    elo = convert(args.source, value)
    print(int(elo) if elo.denominator == 1 else float(elo))
    return 0
