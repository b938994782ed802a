#!/usr/bin/env python3
"""How each side of a refereed draughts match used its clock (scripts/match/match_dxp.sh).

    clock_use.py results.jsonl --clock 60 [--hub-in hub-in.log]

From the referee's results (each game's think time per side) prints the share of the clock
each side left unused at the game's end. With `--hub-in`, what the Hub engine was sent (each
search's `pos` and `level time=`), it adds our time a move by stage of the game: the clock
fell by that much from one of our searches to the next, and by the rest of the game's think
time on the last one. Plies count from the ballot position.
"""
import argparse
import json
import re
import statistics

US = "tvilling-hub.sh"
STAGES = [(1, 20), (21, 40), (41, 60), (61, 80), (81, None)]


def stage_name(first, last):
    return f"{first}-{last}" if last else f"{first}+"


def searches(path):
    """Each search as (start position, plies before it, clock before it)."""
    position = None
    for line in open(path):
        if line.startswith("pos "):
            fen = re.search(r"pos=(\S+)", line).group(1)
            moves = re.search(r'moves="([^"]*)"', line)
            position = (fen, len(moves.group(1).split()) if moves else 0)
        elif line.startswith("level ") and position:
            time = re.search(r"\btime=([0-9.eE+-]+)", line)
            if time:
                yield position[0], position[1], float(time.group(1))
            position = None


def games_of(path):
    """The searches split into games: a game goes on while each search is two plies on."""
    games = []
    for fen, plies, clock in searches(path):
        last = games[-1][-1] if games else None
        if last and last[0] == fen and plies == last[1] + 2:
            games[-1].append((fen, plies, clock))
        else:
            games.append([(fen, plies, clock)])
    return games


def unused(results, side, clock):
    left = [clock - g["think"][side] for g in results if side in g["think"]]
    if not left:
        return None
    med, low, high = statistics.median(left), min(left), max(left)
    return (f"median {med:.1f} s ({100 * med / clock:.0f} %), min {low:.1f} s "
            f"({100 * low / clock:.0f} %), max {high:.1f} s ({100 * high / clock:.0f} %)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("--clock", type=float, required=True, help="each side's clock, seconds")
    ap.add_argument("--hub-in", help="the Hub engine's input log")
    args = ap.parse_args()
    results = [json.loads(line) for line in open(args.results)]
    if not results:
        return
    sides = {s for g in results for s in g["think"]}
    for side in [US] + sorted(sides - {US}):
        text = unused(results, side, args.clock)
        if text:
            name = "tvilling" if side == US else side
            print(f"CLOCK {name} left unused of {args.clock:g} s over {len(results)} games: {text}")
    plies = [g["plies"] for g in results]
    print(f"CLOCK games lasted {statistics.median(plies):.0f} plies (median; {min(plies)}-{max(plies)})")
    if not args.hub_in:
        return
    games = games_of(args.hub_in)
    if len(games) != len(results):
        print(f"CLOCK {args.hub_in}: {len(games)} games against {len(results)} results, no stages")
        return
    spent = {stage: [] for stage in STAGES}
    for searched, result in zip(games, results):
        end_clock = args.clock - result["think"][US]
        clocks = [s[2] for s in searched] + [end_clock]
        for (_, before, clock), after in zip(searched, clocks[1:]):
            ply = before + 1
            for first, last in STAGES:
                if ply >= first and (last is None or ply <= last):
                    spent[(first, last)].append(clock - after)
    parts = []
    for (first, last), times in spent.items():
        if times:
            share = 100 * sum(times) / (args.clock * len(results))
            parts.append(f"{stage_name(first, last)}: {statistics.mean(times):.2f} s a move, "
                         f"{share:.0f} % of the clock")
    print("CLOCK tvilling by ply: " + "; ".join(parts))


if __name__ == "__main__":
    main()
