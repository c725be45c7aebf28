"""How fast the engine plays every registered ruleset and scenario, in figures (asserts nothing).

    python benchmarks/engine_speed.py [--seconds 2] [--json PATH] [--only RULESET[:SCENARIO]]

For every ruleset and scenario it prints:

- random-playout actions/s: each step lists ``state.legal_actions`` and picks one uniformly
  with ``random.Random(seed)``, then applies it (listing included; making the game is not);
- sampled-playout actions/s: each step draws a uniformly random legal action with
  ``explorer.core.sampling.random_action`` (no full listing where the ruleset has an action space),
  action by action in turn with a playout that lists, and how many times faster than that it is
  (engines older than the sampler have no such figure);
- apply+undo pairs/s, on every position of random playouts (up to 4 legal actions each);
- clone cost in µs, on the same kind of positions, 4 clones each (``state.clone()``, else
  ``copy.deepcopy``);
- complete greedy-versus-greedy games/s (each ruleset's ``GreedyBot``; at most 5000 actions
  a game; making the game included), with the mean actions a game;
- the cost of ``ruleset.new_game`` in ms.

Each measurement is time-boxed (``--seconds`` of wall time; a greedy game under way when the
box closes is finished) and times only what it measures, in CPU time of the process (less the
cost of reading the clock), which a busy shared machine disturbs far less than wall time.

Only the public API that the old and the new engine share is used, so ``benchmarks/compare.py``
runs this same script against an older commit (``--serve`` is its worker mode). A ruleset,
scenario or measurement that raises shows its error in its row and the run goes on.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import importlib
import inspect
import json
import platform
import random
import subprocess
import sys
import traceback
from collections.abc import Mapping
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from timing import TimeBox  # noqa: E402

APPLY_UNDO_PER_POSITION = 4
SAMPLED_SEEDS = 500  # the sampled measure's first seed, past the seed: playouts take the first few hundred
CLONES_PER_POSITION = 4

# name in the JSON, column heading, format, True if more is faster
FIGURES = [
    ("playout_actions_per_s", "playout act/s", "{:,.0f}", True),
    ("sampled_actions_per_s", "sampled act/s", "{:,.0f}", True),
    ("sampled_over_listed", "sampled/listed", "×{:,.2f}", None),
    ("apply_undo_pairs_per_s", "apply+undo /s", "{:,.0f}", True),
    ("clone_us", "clone µs", "{:,.1f}", False),
    ("greedy_games_per_s", "greedy games/s", "{:,.2f}", True),
    ("greedy_actions_per_game", "act/game", "{:,.0f}", None),
    ("new_game_ms", "new game ms", "{:,.2f}", False),
]


def short_error(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    return text if len(text) <= 160 else text[:157] + "..."


# -- finding rulesets -----------------------------------------------------------------------
def ruleset_names(explorer) -> tuple[list[str], dict[str, str]]:
    """Every ruleset name: the registered ones and every package under explorer.rulesets."""
    names: list[str] = []
    errors: dict[str, str] = {}
    try:
        found = explorer.all_rulesets()
        items = found.keys() if isinstance(found, Mapping) else found
        names += [item if isinstance(item, str) else item.name for item in items]
    except Exception as exc:  # one broken ruleset must not hide the others
        errors["(all_rulesets)"] = short_error(exc)
    try:
        import pkgutil

        import explorer.rulesets as packages

        names += [m.name for m in pkgutil.iter_modules(packages.__path__) if m.ispkg and not m.name.startswith("_")]
    except Exception:
        pass
    return list(dict.fromkeys(names)), errors


def greedy_factory(name: str):
    """``seed -> bot`` from ``explorer.rulesets.<name>.GreedyBot``, or None if there is none.

    Not ``explorer.core.simulate.seeded``: benchmarks/compare.py runs this file against old commits'
    engines, which predate it."""
    module = importlib.import_module(f"explorer.rulesets.{name}")
    bot = getattr(module, "GreedyBot", None)
    if bot is None:
        return None
    try:
        seeded = "seed" in inspect.signature(bot).parameters
    except (TypeError, ValueError):
        seeded = False
    return (lambda seed: bot(seed=seed)) if seeded else (lambda seed: bot())


def cloner(state):
    clone = getattr(state, "clone", None)
    return ("clone", lambda s: s.clone()) if callable(clone) else ("deepcopy", copy.deepcopy)


# -- measurements ---------------------------------------------------------------------------
def random_positions(ruleset, scenario, box: TimeBox, seed: int, max_actions: int):
    """Yield ``(state, legal)`` along random playouts until the box closes (new seeds as needed)."""
    game = 0
    while box.open():
        s = seed + game
        state, rng = ruleset.new_game(scenario, seed=s), random.Random(s)
        for _ in range(max_actions):
            if state.is_over or not box.open():
                break
            legal = list(state.legal_actions)
            if not legal:
                raise RuntimeError(f"no legal actions, game not over (seed {s}, after {len(state.history)} actions)")
            yield state, legal
            state.apply(rng.choice(legal))
        game += 1


def listed_pick(state, rng):
    """A random playout's step: list the legal actions, pick one uniformly."""
    return rng.choice(list(state.legal_actions))


def play_timed(state, rng, pick, box: TimeBox, section: TimeBox, max_actions: int) -> int:
    """Play ``pick(state, rng)`` until the game ends, ``max_actions`` or ``box`` closes, timed in ``section``;
    how many actions were played."""
    played = 0
    with section.measure():
        for _ in range(max_actions):
            if state.is_over or not box.open():
                break
            state.apply(pick(state, rng))
            played += 1
    return played


def measure_playouts(ruleset, scenario, seconds: float, seed: int, max_actions: int) -> dict:
    box = TimeBox(seconds)
    actions = games = 0
    while box.open():
        s = seed + games
        state = ruleset.new_game(scenario, seed=s)
        actions += play_timed(state, random.Random(s), listed_pick, box, box, max_actions)
        games += 1
    return {"actions": actions, "games_started": games, "seconds": box.measured}


def measure_sampled(ruleset, scenario, seconds: float, seed: int, max_actions: int) -> dict:
    """Random playouts drawn by the sampler and, side by side, playouts that list as :func:`measure_playouts`
    does: two games at a time, one action of each in turn, each side timed on its own (a game may outlast a
    short time box, so taking whole games in turn could leave one side unmeasured). Each side's next game
    takes the next seed from ``SAMPLED_SEEDS`` on: no two games on one seed (the second would find the first
    one's answers kept for the table), and none the playout measure has just played (its answers ready)."""
    try:
        from explorer.core.sampling import random_action
    except ImportError:
        raise LookupError("this engine has no sampler (explorer.core.sampling)") from None
    box, listed_box = TimeBox(seconds), TimeBox(seconds)
    games = 0
    sides = [[None, None, listed_pick, listed_box, 0], [None, None, random_action, box, 0]]  # state, rng, pick, time, n
    while box.open():
        for side in sides:
            state, rng, pick, section, _ = side
            if state is None or state.is_over or len(state.history) >= max_actions:
                s = seed + SAMPLED_SEEDS + games
                state, rng = side[0], side[1] = ruleset.new_game(scenario, seed=s), random.Random(s)
                games += 1
            with section.measure():
                state.apply(pick(state, rng))
            side[4] += 1
    return {"actions": sides[1][4], "seconds": box.measured, "listed_actions": sides[0][4],
            "listed_seconds": listed_box.measured, "games_started": games}


def measure_apply_undo(ruleset, scenario, seconds: float, seed: int, max_actions: int) -> dict:
    box = TimeBox(seconds)
    pairs = positions = 0
    pick = random.Random(seed + 10_000)
    for state, legal in random_positions(ruleset, scenario, box, seed, max_actions):
        chosen = pick.sample(legal, min(APPLY_UNDO_PER_POSITION, len(legal)))
        with box.measure():
            for action in chosen:
                state.apply(action)
                state.undo()
        pairs += len(chosen)
        positions += 1
    return {"pairs": pairs, "positions": positions, "seconds": box.measured}


def measure_clone(ruleset, scenario, seconds: float, seed: int, max_actions: int) -> dict:
    box = TimeBox(seconds)
    clones = 0
    method = None
    for state, _legal in random_positions(ruleset, scenario, box, seed, max_actions):
        if method is None:
            method, clone = cloner(state)
        with box.measure():
            for _ in range(CLONES_PER_POSITION):
                clone(state)
        clones += CLONES_PER_POSITION
    return {"method": method, "clones": clones, "seconds": box.measured}


def measure_greedy(ruleset, scenario, make_bot, seconds: float, seed: int, max_actions: int) -> dict:
    if make_bot is None:
        raise LookupError("no GreedyBot in this ruleset")
    box = TimeBox(seconds)
    games = actions = unfinished = 0
    while box.open():
        s = seed + games
        with box.measure():
            state, bots = ruleset.new_game(scenario, seed=s), {}
            for _ in range(max_actions):
                if state.is_over:
                    break
                player = state.current_player
                if player not in bots:
                    bots[player] = make_bot(s * 31 + len(bots))
                state.apply(bots[player](state))
        unfinished += not state.is_over
        actions += len(state.history)
        games += 1
    return {"games": games, "unfinished": unfinished, "actions": actions, "seconds": box.measured}


def measure_new_game(ruleset, scenario, seconds: float, seed: int) -> dict:
    box = TimeBox(seconds)
    made = 0
    with box.measure():
        while box.open():
            ruleset.new_game(scenario, seed=seed + made)
            made += 1
    return {"games": made, "seconds": box.measured}


MEASURES = ("new_game", "playout", "sampled", "apply_undo", "clone", "greedy")


def measure(name: str, ruleset, scenario, make_bot, seconds: float, seed: int, max_actions: int) -> dict:
    """One measurement's raw totals (counts and seconds; totals of several runs simply add up)."""
    if name == "new_game":
        return measure_new_game(ruleset, scenario, min(0.5, seconds / 4), seed)
    if name == "greedy":
        return measure_greedy(ruleset, scenario, make_bot, seconds, seed, max_actions)
    run = {"playout": measure_playouts, "sampled": measure_sampled, "apply_undo": measure_apply_undo,
           "clone": measure_clone}[name]
    return run(ruleset, scenario, seconds, seed, max_actions)


def add_totals(a: dict | None, b: dict) -> dict:
    if not a:
        return dict(b)
    return {k: (a.get(k, 0) + v if isinstance(v, (int, float)) and not isinstance(v, bool) else v)
            for k, v in b.items()}


def figures(details: dict) -> dict:
    """The printed figures from the raw totals of each measurement."""
    out = {}
    per = lambda n, d: n / d if d else None
    if d := details.get("new_game"):
        out["new_game_ms"] = per(1e3 * d["seconds"], d["games"])
    if d := details.get("playout"):
        out["playout_actions_per_s"] = per(d["actions"], d["seconds"])
    if d := details.get("sampled"):
        out["sampled_actions_per_s"] = sampled = per(d["actions"], d["seconds"])
        listed = per(d["listed_actions"], d["listed_seconds"])
        out["sampled_over_listed"] = sampled / listed if sampled and listed else None
    if d := details.get("apply_undo"):
        out["apply_undo_pairs_per_s"] = per(d["pairs"], d["seconds"])
    if d := details.get("clone"):
        out["clone_us"] = per(1e6 * d["seconds"], d["clones"])
    if d := details.get("greedy"):
        out["greedy_games_per_s"] = per(d["games"], d["seconds"])
        out["greedy_actions_per_game"] = per(d["actions"], d["games"])
    return out


def measure_scenario(ruleset, scenario, make_bot, args) -> dict:
    details: dict = {}
    errors: dict = {}
    for name in MEASURES:
        try:
            details[name] = measure(name, ruleset, scenario, make_bot, args.seconds, args.seed, args.max_actions)
        except Exception as exc:
            errors[name] = short_error(exc)
            if args.traceback:
                traceback.print_exc()
    return {"figures": figures(details), "details": details, "errors": errors}


def serve(explorer) -> int:
    """Answer measurement requests, one JSON object a line on stdin, one JSON answer a line on stdout.

    Used by compare.py, which keeps one of these per tree and alternates its requests between them.
    Requests: {"list": true}, or {"ruleset", "scenario", "measure", "seconds", "seed", "max_actions"}.
    """
    out = sys.stdout
    sys.stdout = sys.stderr  # nothing else may write on the answer channel
    rulesets: dict = {}
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if request.get("list"):
                answer = {"rows": list_rows(explorer, [])}
            else:
                name = request["ruleset"]
                if name not in rulesets:
                    try:
                        make_bot = greedy_factory(name)
                    except Exception as exc:
                        def make_bot(seed, exc=exc):
                            raise LookupError(f"GreedyBot: {short_error(exc)}")
                    rulesets[name] = explorer.get_ruleset(name), make_bot
                ruleset, make_bot = rulesets[name]
                answer = {"details": measure(request["measure"], ruleset, request["scenario"], make_bot,
                                             request["seconds"], request["seed"], request["max_actions"])}
        except Exception as exc:
            answer = {"error": short_error(exc)}
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return 0


def list_rows(explorer, only: list[str]) -> list[dict]:
    """A row per (ruleset, scenario) wanted; a ruleset that fails to load gets one row with its error."""
    names, _ = ruleset_names(explorer)
    rows = []
    for name in names:
        if not wanted(only, name):
            continue
        try:
            ruleset = explorer.get_ruleset(name)
            scenarios = [s if isinstance(s, str) else s.name for s in ruleset.scenarios]
        except Exception as exc:
            rows.append({"ruleset": name, "scenario": None, "errors": {"ruleset": short_error(exc)}})
            continue
        rows += [{"ruleset": name, "scenario": s} for s in scenarios if wanted(only, name, s)]
    return rows


# -- running and printing -------------------------------------------------------------------
def wanted(only: list[str], ruleset: str, scenario: str | None = None) -> bool:
    if not only:
        return True
    for item in only:
        r, _, s = item.partition(":")
        if r == ruleset and (scenario is None or not s or s == scenario):
            return True
    return False


def git_describe(path: Path) -> str | None:
    try:
        out = subprocess.run(["git", "-C", str(path), "log", "-1", "--format=%h %s"],
                             capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "-C", str(path), "status", "--porcelain", "--", "explorer"],
                               capture_output=True, text=True, timeout=10)
        if out.returncode == 0:
            return out.stdout.strip() + (" (+ uncommitted changes in explorer/)" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        pass
    return None


def cell(value, fmt: str) -> str:
    return "—" if value is None else fmt.format(value)


def print_table(rows: list[dict]) -> None:
    heads = ["ruleset", "scenario"] + [head for _, head, _, _ in FIGURES]
    table = [[r["ruleset"], r["scenario"] or "—"] + [cell(r.get("figures", {}).get(k), f) for k, _, f, _ in FIGURES]
             for r in rows]
    widths = [max(len(h), *(len(t[i]) for t in table)) if table else len(h) for i, h in enumerate(heads)]
    line = lambda cells: "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
    print(line(heads))
    print(line(["-" * w for w in widths]))
    for r, t in zip(rows, table):
        print(line(t))
        for name, error in r.get("errors", {}).items():
            print(f"    {name}: {error}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time box of each measurement (default 2)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures to this JSON file")
    parser.add_argument("--only", action="append", default=[], metavar="RULESET[:SCENARIO]",
                        help="measure only these (repeatable)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument("--max-actions", type=int, default=5000, help="cap on actions a game (default 5000)")
    parser.add_argument("--list", action="store_true", help="list rulesets and scenarios, measure nothing")
    parser.add_argument("--serve", action="store_true", help="answer JSON requests on stdin (for compare.py)")
    parser.add_argument("--traceback", action="store_true", help="print the traceback of each error")
    args = parser.parse_args(argv)

    meta = {"python": platform.python_version(), "started": datetime.datetime.now().isoformat(timespec="seconds"),
            "seconds": args.seconds, "seed": args.seed, "max_actions": args.max_actions}
    result: dict = {"meta": meta, "rows": []}

    def finish(code: int) -> int:
        if args.json:
            Path(args.json).write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")
        return code

    try:
        import explorer
    except Exception as exc:
        traceback.print_exc()
        result["error"] = f"cannot import explorer: {short_error(exc)}"
        print(result["error"])
        return finish(1)
    tree = Path(explorer.__file__).resolve().parents[1]
    meta.update(explorer=str(tree), commit=git_describe(tree))
    if args.serve:
        return serve(explorer)
    _, listing_errors = ruleset_names(explorer)
    if listing_errors:
        result["listing_errors"] = listing_errors

    if not args.list:
        print(f"Engine speed: {tree} ({meta['commit'] or 'not a git tree'}), Python {meta['python']}")
        print(f"  each figure is time-boxed to {args.seconds:g} s and counts process CPU time; "
              f"games are capped at {args.max_actions} actions")
        for where, error in listing_errors.items():
            print(f"  {where}: {error}")

    rows = result["rows"]
    for row in list_rows(explorer, args.only):
        rows.append(row)
        if args.list or row["scenario"] is None:
            continue
        name, scenario = row["ruleset"], row["scenario"]
        print(f"  measuring {name} / {scenario} ...", file=sys.stderr, flush=True)
        try:
            make_bot, bot_error = greedy_factory(name), None
        except Exception as exc:
            make_bot, bot_error = None, short_error(exc)
        row.update(measure_scenario(explorer.get_ruleset(name), scenario, make_bot, args))
        if bot_error:
            row["errors"]["greedy"] = f"GreedyBot: {bot_error}"

    if args.list:
        for row in rows:
            print(f"{row['ruleset']}:{row['scenario'] or ''}")
        return finish(0)
    print()
    print_table(rows)
    clones = {r["details"]["clone"]["method"] for r in rows if "clone" in r.get("details", {})}
    if "deepcopy" in clones:
        print("\n  clone µs: the state has no clone(), so copy.deepcopy(state) was timed")
    return finish(0)


if __name__ == "__main__":
    sys.exit(main())
