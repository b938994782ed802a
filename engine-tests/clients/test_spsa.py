"""scripts/tune/spsa.py: its schedule, its update and a tune resumed from its state file
(the games stubbed out: a real tune needs a tuning build and hours)."""
import importlib.util
import json

import pytest

from conftest import ROOT

spec = importlib.util.spec_from_file_location("spsa", ROOT / "scripts" / "tune" / "spsa.py")
spsa = importlib.util.module_from_spec(spec)
spec.loader.exec_module(spsa)

LINES = [
    "name, int, value, min, max, C_end, R_end",
    "rfp_margin, int, 75, 30, 150, 6, 0.002",
    "lmr_base, int, 75, 0, 200, 10, 0.002",
    "nmp_min_depth, int, 3, 1, 6, 1, 0.002",
]


def test_the_lines_of_the_spsa_command_are_read_and_the_header_skipped():
    params = spsa.parse_spsa_lines(LINES)
    assert [p["name"] for p in params] == ["rfp_margin", "lmr_base", "nmp_min_depth"]
    assert params[0] == {"name": "rfp_margin", "start": 75.0, "value": 75.0, "min": 30.0,
                         "max": 150.0, "c_end": 6.0, "r_end": 0.002}


def test_the_schedule_ends_at_c_end_and_r_end_and_starts_wider():
    param = spsa.parse_spsa_lines(LINES)[1]
    c_last, r_last = spsa.step_and_rate(param, 1000, 999)
    assert c_last == pytest.approx(10.0)
    assert r_last == pytest.approx(0.002)
    c_first, r_first = spsa.step_and_rate(param, 1000, 0)
    assert c_first == pytest.approx(10.0 * 1000 ** 0.101)
    assert r_first > r_last
    # An integer parameter is never nudged by less than half a unit.
    small = spsa.parse_spsa_lines(LINES)[2]
    assert spsa.step_and_rate(small | {"c_end": 0.1}, 1000, 999)[0] == 0.5


def test_the_update_follows_the_winning_side_and_stays_in_range():
    params = spsa.parse_spsa_lines(LINES)[:2]
    steps = [(6.0, 0.01), (10.0, 0.01)]
    spsa.update(params, [1, -1], steps, 3)
    assert params[0]["value"] == pytest.approx(75 + 0.01 * 6 * 3)
    assert params[1]["value"] == pytest.approx(75 - 0.01 * 10 * 3)
    spsa.update(params, [1, 1], [(6.0, 10.0), (10.0, 10.0)], -100)
    assert params[0]["value"] == 30.0 and params[1]["value"] == 0.0
    assert spsa.nudged(params[0], -7.6) == 30
    assert spsa.nudged({"value": 75.4, "min": 30, "max": 150}, 6.3) == 82


def stub_games(monkeypatch, played, stop_after=None):
    """Games whose result favours a larger rfp_margin, each batch recorded in `played`;
    with `stop_after`, the run is killed when it starts the batch after that many."""
    monkeypatch.setattr(spsa, "engine_params", lambda engine: spsa.parse_spsa_lines(LINES))

    def play_batch(state, plus, minus, pairs, seed):
        if stop_after is not None and len(played) == stop_after:
            raise KeyboardInterrupt
        played.append((plus, minus, pairs, seed))
        up = plus["rfp_margin"] > minus["rfp_margin"]
        return (2 * pairs, 0) if up else (0, 2 * pairs)

    monkeypatch.setattr(spsa, "play_batch", play_batch)


def test_a_tune_stopped_and_resumed_from_its_state_plays_as_one_run(tmp_path, monkeypatch,
                                                                      capsys):
    args = ["--engine", "tvilling-tune", "--params", "rfp_margin,lmr_base",
            "--pairs", "13", "--batch", "3", "--seed", "5"]
    whole = []
    stub_games(monkeypatch, whole)
    spsa.main(args + ["--state", str(tmp_path / "whole.json")])
    assert [b[2] for b in whole] == [3, 3, 3, 3, 1]

    parts = []
    stub_games(monkeypatch, parts, stop_after=2)
    with pytest.raises(KeyboardInterrupt):
        spsa.main(args + ["--state", str(tmp_path / "parts.json")])
    stub_games(monkeypatch, parts)
    spsa.main(["--state", str(tmp_path / "parts.json")])
    assert parts == whole

    whole_state = json.loads((tmp_path / "whole.json").read_text())
    assert json.loads((tmp_path / "parts.json").read_text()) == whole_state
    assert whole_state["pairs_done"] == 13 and whole_state["games"] == 26
    rfp = next(p for p in whole_state["params"] if p["name"] == "rfp_margin")
    assert rfp["value"] > 75, "the stub rewards a larger margin"
    out = capsys.readouterr().out
    assert f"rfp_margin = {round(rfp['value'])}" in out and 'EXTRA_OPTIONS="' in out
