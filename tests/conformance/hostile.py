"""The long check of hostile input, run on demand (``make hostile``), a sample of it in CI (``test_hostile.py``).

    python -m tests.conformance.hostile --cases 2000     (in all: 80 per ruleset and entry point)

Malformed saves and hostile actions for every ruleset, through every entry point: JSON text
(``load_json``), dicts (``load_game``), the page's ``Session`` (load, try), Python objects (an action
built with a hostile field), ``State(game, position)`` (a position with a hostile field) and the page's own
path, ``boards.live`` (hostile share links and taps: :func:`~.cases.hostile_commands`; the longest one's time
is printed, a figure, not a check). Counts per
ruleset and entry point: cases, refused, accepted, and three that must be 0: raw exceptions (anything but
the engine's own error in words, or a message over :data:`MAX_MESSAGE` characters), positions accepted
that the rules forbid (accepted, yet listing its actions, playing one or saving it fails), and games left
stuck (after a refused load the session offers nothing). Exits 1 unless all three are 0.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections import Counter

from explorer.core import MalformedAction, RuleViolation, SaveGameError, load_game, load_json
from explorer.core.frozen import evolve
from explorer.core.session import Session

from .cases import HOSTILE_TEXT, HOSTILE_VALUES, hostile_commands, mutated, new_game, random_walk, save_paths, \
    scenario_cases

ENTRIES = ("json", "dict", "session", "python", "position", "page")
MAX_MESSAGE = 1000  # a message longer than this echoes input: counted as raw
PLACEHOLDER = "__hostile__"
OWN_ERRORS = (SaveGameError, MalformedAction, RuleViolation)


def _refusal_ok(error: BaseException, own=OWN_ERRORS) -> bool:
    return isinstance(error, own) and 0 < len(str(error)) <= MAX_MESSAGE


def _sound(state) -> bool:
    """An accepted game is playable: its actions list, one plays, and its save loads back."""
    try:
        legal = list(state.legal_actions)
        if not legal and not state.is_over:
            return False
        load_json(state.to_json())
        if legal:
            state.clone().apply(legal[0])
        return True
    except Exception:  # noqa: BLE001 - any failure here is a position the rules should have refused
        return False


class Tally:
    def __init__(self):
        self.counts: dict[tuple[str, str], Counter] = {}
        self.examples: list[str] = []
        self.longest: tuple[float, str] = (0.0, "")  # the slowest page case: seconds, what it was

    def add(self, ruleset: str, entry: str, what: str, example: str = "") -> None:
        self.counts.setdefault((ruleset, entry), Counter())[what] += 1
        self.counts[(ruleset, entry)]["cases"] += 1
        if what in ("raw", "forbidden", "stuck") and len(self.examples) < 20:
            self.examples.append(f"{ruleset}/{entry} {what}: {example[:300]}")

    def bad(self) -> int:
        return sum(c[k] for c in self.counts.values() for k in ("raw", "forbidden", "stuck"))


def _load(tally: Tally, name: str, entry: str, load, session: Session | None = None) -> None:
    try:
        state = load()
    except Exception as error:  # noqa: BLE001 - sorted below: our own error in words, or raw
        ok = _refusal_ok(error)
        tally.add(name, entry, "refused" if ok else "raw", f"{type(error).__name__}: {str(error)[:200]}")
        return
    tally.add(name, entry, "accepted" if _sound(state) else "forbidden", "an accepted save does not play")


def hostile_save(rng: random.Random, base: dict, paths: list, as_text: bool):
    """A mutated save: a dict (``as_text`` false), or JSON text, which may hold raw JSON no dict can
    (brackets 100,000 deep, a number of 5,000 digits)."""
    path = rng.choice(paths)
    if not (as_text and rng.random() < 0.3):
        how = rng.choice(("replace", "replace", "replace", "delete", "double", "add"))
        if how == "add":  # a key the format does not know, anywhere
            data = json.loads(json.dumps(base))
            target = data
            for key in path:
                target = target[key]
            if not isinstance(target, dict):
                target = data
            target[rng.choice(("extra", "x" * 300, ""))] = rng.choice(HOSTILE_VALUES[:14])
        else:
            data = mutated(base, path, how, rng.choice(HOSTILE_VALUES))
        if not as_text:
            return data
        try:
            return json.dumps(data)
        except (ValueError, RecursionError):  # too deep or too long for json to write: raw text instead
            pass
    text = json.dumps(mutated(base, path, "replace", PLACEHOLDER))
    return text.replace(json.dumps(PLACEHOLDER), rng.choice(HOSTILE_TEXT), 1)


def run_case(tally: Tally, case, rng: random.Random, entry: str, base: dict, paths: list, start) -> None:
    name = case[0]
    if entry == "json":
        text = hostile_save(rng, base, paths, as_text=True)
        _load(tally, name, entry, lambda: load_json(text))
        return
    if entry == "dict":
        data = hostile_save(rng, base, paths, as_text=False)
        _load(tally, name, entry, lambda: load_game(data))
        return
    if entry == "session":
        session = Session(case[0], case[1], seed=rng.randrange(4))
        before = session.save()
        roll = rng.random()
        if roll < 0.1:  # a side renamed all through the save: a game nobody at this table could play
            side = json.dumps(rng.choice(base["sides"]))
            text = json.dumps(base).replace(side, json.dumps(rng.choice(("purple", "x" * 300))))
            answer = _answer(tally, name, lambda: session.load(text))
        elif roll < 0.55:
            text = hostile_save(rng, base, paths, as_text=True)
            answer = _answer(tally, name, lambda: session.load(text))
        else:
            answer = _answer(tally, name, lambda: session.try_action(_hostile_action_data(session, rng)))
        if answer is None:
            return
        message = answer.get("message") or {}
        if message.get("kind") == "error":
            stuck = session.save() != before or (not session.answer()["actions"] and not session.state.is_over)
        else:
            stuck = not session.answer()["actions"] and not session.state.is_over
        text = str(message.get("text", ""))
        what = "stuck" if stuck else "raw" if len(text) > MAX_MESSAGE else "refused" if message.get("kind") == "error" \
            else "accepted"
        tally.add(name, entry, what, text[:200])
        return
    if entry == "page":
        _page_case(tally, case, rng)
        return
    state = start.clone()
    if entry == "python":
        kind = rng.choice(state.ruleset.action_types)
        values = {f.name: rng.choice(HOSTILE_VALUES) if rng.random() < 0.5 else "green"
                  for f in dataclasses.fields(kind)}
        before = state.to_json()
        try:
            act = kind(**values)
            violation = state.why_illegal(act)
            if violation is None:
                state.apply(act)
                state.undo()
        except Exception as error:  # noqa: BLE001
            tally.add(name, entry, "refused" if _refusal_ok(error) else "raw", f"{type(error).__name__}: {str(error)[:200]}")
            return
        if violation is not None and len(str(violation)) > MAX_MESSAGE:
            tally.add(name, entry, "raw", "a refusal quotes too much")
        else:
            tally.add(name, entry, "refused" if violation else "accepted" if state.to_json() == before else "forbidden",
                      "an odd action changed the game")
        return
    # entry == "position": one field of the position, or of a piece inside it, made hostile
    position = state.position
    fields = [f.name for f in dataclasses.fields(position)]
    field = rng.choice(fields)
    value = rng.choice(HOSTILE_VALUES)
    pieces = next((getattr(position, f) for f in ("figures", "fighters", "units") if hasattr(position, f)), {})
    if pieces and rng.random() < 0.5:
        pid, piece = rng.choice(list(pieces.items()))
        pfield = rng.choice([f.name for f in dataclasses.fields(piece)])
        changed = evolve(position, **{_pieces_field(position): {**pieces, pid: evolve(piece, **{pfield: value})}})
    else:
        changed = evolve(position, **{field: value})

    def build():
        try:
            return type(state)(state.game, changed, seed=1)
        except ValueError as error:
            if type(error) is ValueError and str(error).startswith("not a legal position"):
                raise SaveGameError(str(error)) from None  # the documented refusal, in words
            raise
    _load(tally, name, entry, build)


def _page_case(tally: Tally, case, rng: random.Random) -> None:
    """One hostile link or tap through the page's own calls (``boards.live``): refused in words, game kept."""
    from boards import live  # the boards' layers: the engine's long check imports them only for this entry

    started = json.loads(live.start(json.dumps({"ruleset": case[0], "scenario": case[1], "seed": rng.randrange(4)})))
    what, (command, args) = rng.choice(list(hostile_commands(started["save"]).items()))
    began = time.perf_counter()
    answer = _answer(tally, case[0], lambda: json.loads(live.command(json.dumps({"name": command, "args": args}))),
                     "page")
    tally.longest = max(tally.longest, (time.perf_counter() - began, f"{case[0]}: {what}"))
    if answer is None:
        return
    message = answer["message"]
    what_came = ("stuck" if answer["save"] != started["save"] else "raw" if len(message["text"]) > MAX_MESSAGE
                 else "refused" if message["kind"] == "error" else "accepted")
    tally.add(case[0], "page", what_came, f"{what}: {message['text'][:200]}")


def _pieces_field(position) -> str:
    return next(f for f in ("figures", "fighters", "units") if hasattr(position, f))


def _answer(tally: Tally, name: str, ask, entry: str = "session"):
    try:
        return ask()
    except Exception as error:  # noqa: BLE001 - the Session must answer, never raise
        tally.add(name, entry, "raw", f"{type(error).__name__}: {str(error)[:200]}")
        return None


def _hostile_action_data(session: Session, rng: random.Random):
    legal = session.answer()["actions"]
    base = dict(rng.choice(legal)["action"]) if legal else {"type": session.ruleset.action_types[0].__name__}
    key = rng.choice([*base, "extra"])
    value = rng.choice(HOSTILE_VALUES)
    if rng.random() < 0.3 or isinstance(value, list) and len(value) == 1:  # a deep value goes as raw text
        return json.dumps({**base, key: PLACEHOLDER}).replace(json.dumps(PLACEHOLDER), rng.choice(HOSTILE_TEXT), 1)
    return {**base, key: value}


def hostile(cases: int, seed: int = 0, rulesets=None) -> Tally:
    """``cases`` hostile inputs in all, shared evenly among the rulesets and entry points (each spread over
    the ruleset's scenarios)."""
    tally = Tally()
    rng = random.Random(seed)
    by_ruleset: dict[str, list] = {}
    for case in scenario_cases():
        if rulesets is None or case[0] in rulesets:
            by_ruleset.setdefault(case[0], []).append(case)
    for name, scenario_list in by_ruleset.items():
        prepared = []
        for case in scenario_list:
            state = random_walk(new_game(case, seed=3), random.Random(3), 25)
            base = json.loads(state.to_json())
            prepared.append((case, base, list(save_paths(base)), new_game(case, seed=3)))
        each = max(1, -(-cases // (len(by_ruleset) * len(ENTRIES))))
        for entry in ENTRIES:
            for i in range(each):
                case, base, paths, start = prepared[i % len(prepared)]
                run_case(tally, case, rng, entry, base, paths, start)
    return tally


def report(tally: Tally) -> str:
    lines = [f"{'ruleset':16} {'entry':9} {'cases':>6} {'refused':>8} {'accepted':>9} {'raw':>4} {'forbidden':>9} {'stuck':>6}"]
    for (name, entry), c in sorted(tally.counts.items()):
        lines.append(f"{name:16} {entry:9} {c['cases']:6} {c['refused']:8} {c['accepted']:9} {c['raw']:4} "
                     f"{c['forbidden']:9} {c['stuck']:6}")
    total = Counter()
    for c in tally.counts.values():
        total.update(c)
    lines.append(f"{'all':26} {total['cases']:6} {total['refused']:8} {total['accepted']:9} {total['raw']:4} "
                 f"{total['forbidden']:9} {total['stuck']:6}")
    if tally.longest[1]:
        lines.append(f"longest page case: {tally.longest[0]:.3f} s ({tally.longest[1]})")
    lines += [f"    {example}" for example in tally.examples]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=2000, help="hostile inputs in all (shared by rulesets and entries)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    tally = hostile(args.cases, args.seed)
    print(report(tally))
    return 1 if tally.bad() else 0


if __name__ == "__main__":
    sys.exit(main())
