#!/usr/bin/env python3
"""elo_pool.py - several legs of one match pooled from their summaries, when the logs are gone.

`scripts/stats/sprt_pool.py` pools legs pair by pair from match.py's logs, which is exact. A leg
known only by its summary (a README row, a note) still pools well enough: the pooled score
adds up every leg's games, and its error adds up each leg's own error (match.py's
pentanomial 95 % half-width in Elo, turned back into a score error), weighted by the leg's
share of the games.

  python3 scripts/stats/elo_pool.py W-D-L:HALF ... [/ W-D-L:HALF ...]

Each leg is its wins, draws and losses and the half-width of its Elo interval, for
example `35-61-4:38.5`. With `/`, the legs before it and the legs after it are pooled
apart and the first pool's Elo is divided by the second's, with the error of the
quotient: Lazy SMP's yardstick, the threads match over the time match of
`scripts/match/smp_scaling.sh`.
"""

import math
import sys

# match.py's Z95 and elo_of, restated: importing match.py needs python-chess, which
# pooling summaries does not, so this runs on any python3.
# The normal quantile of a two-sided 95 % interval, as match.py's half-widths use.
Z95 = 1.959964


def elo(score: float) -> float:
    """The Elo difference that a score (0 < score < 1) stands for."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def elo_per_score(score: float) -> float:
    """How fast Elo grows with the score there, to carry errors from one to the other."""
    return 400.0 / (math.log(10.0) * score * (1.0 - score))


def parse_leg(text: str) -> tuple:
    """`W-D-L:HALF` as (wins, draws, losses, half-width)."""
    try:
        counts, half = text.split(":")
        wins, draws, losses = (int(x) for x in counts.split("-"))
        half = float(half)
    except ValueError:
        raise ValueError(f"a leg is W-D-L:HALF (such as 35-61-4:38.5), not {text!r}") from None
    games = wins + draws + losses
    if min(wins, draws, losses) < 0 or half <= 0 or games == 0:
        raise ValueError(f"{text!r}: counts must be >= 0 with at least one game, HALF > 0")
    score = (wins + draws / 2) / games
    if not 0 < score < 1:
        raise ValueError(f"{text!r}: a score of 0 or 1 has no Elo to pool")
    return wins, draws, losses, half


def pool(legs: list) -> tuple:
    """(games, W, D, L, Elo, 95 % half-width) of the legs taken together."""
    games = sum(w + d + l for w, d, l, _ in legs)
    wins, draws, losses = (sum(leg[i] for leg in legs) for i in range(3))
    # Every leg's score lies strictly between 0 and 1 (parse_leg), so the pooled one does.
    score = (wins + draws / 2) / games
    variance = 0.0
    for w, d, l, half in legs:
        n = w + d + l
        leg_score = (w + d / 2) / n
        score_error = half / Z95 / elo_per_score(leg_score)
        variance += (n / games) ** 2 * score_error**2
    half = Z95 * math.sqrt(variance) * elo_per_score(score)
    return games, wins, draws, losses, elo(score), half


def describe(label: str, pooled: tuple) -> str:
    """One line for a pool, in match.py's words."""
    games, wins, draws, losses, value, half = pooled
    return f"{label}: {games} games, +{wins} ={draws} -{losses}, {value:+.1f} +- {half:.1f} Elo"


def main(argv: list) -> int:
    """Pools the legs on the command line; exit status 2 on a malformed one."""
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    groups = [[]]
    for arg in argv:
        if arg == "/":
            groups.append([])
        else:
            groups[-1].append(arg)
    if len(groups) > 2 or not all(groups):
        print("elo_pool.py: legs, or legs / legs (one '/', legs on both sides)", file=sys.stderr)
        return 2
    try:
        pools = [pool([parse_leg(arg) for arg in group]) for group in groups]
    except ValueError as e:
        print(f"elo_pool.py: {e}", file=sys.stderr)
        return 2
    for i, pooled in enumerate(pools):
        print(describe("pooled" if len(pools) == 1 else ("numerator", "denominator")[i], pooled))
    if len(pools) == 2:
        (_, _, _, _, top, top_half), (_, _, _, _, bottom, bottom_half) = pools
        if bottom <= 0:
            print("ratio: undefined (the denominator's Elo is not above 0)")
            return 0
        ratio = top / bottom
        # Relative errors add in quadrature; a numerator of 0 leaves only its absolute error.
        half = math.hypot(top_half / bottom, ratio * bottom_half / bottom)
        print(f"ratio: {ratio:.2f} +- {half:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
