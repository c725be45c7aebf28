"""Big lookup tables for Bokeh's JS callbacks, packed small.

The static site keeps every answer a control can give (odds for each choice,
each replay frame) in the page, so the controls work without Python. Those
tables repeat themselves: the same sentences in many odds texts, the same
terrain layer in every replay frame. ``packed(data)`` writes them once:

- every string is split into sentences, each sentence stored once, and the
  string becomes the base-36 numbers of its sentences (``"3 1f"``);
- every list or object met again (by its JSON) becomes ``"#"`` and its number.

The result is one JSON text, passed to a ``CustomJS`` as a string (so Bokeh
does not wrap every object in its own map format), and read back in the
browser by ``unpack(text)`` from ``UNPACK_JS``, which caches what it unpacked.
"""

from __future__ import annotations

import json
import re

SENTENCE_END = re.compile(r"(?<=[.:;!?]) ")  # split after a sentence's end; joined back with one space
SHARED_MIN = 24  # a list or object shorter than this (as JSON) is cheaper written out again


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


class _Packer:
    def __init__(self):
        self.parts: list[str] = []
        self.part_index: dict[str, int] = {}
        self.shared: list = []
        self.shared_index: dict[str, int] = {}
        self.seen: dict[str, int] = {}

    def count(self, value) -> None:
        """First pass: how often each list or object occurs (only repeats are shared)."""
        if isinstance(value, (list, dict)):
            key = json.dumps(value, sort_keys=True, separators=(",", ":"))
            self.seen[key] = self.seen.get(key, 0) + 1
            if self.seen[key] > 1:
                return  # its insides were counted the first time
            for item in value.values() if isinstance(value, dict) else value:
                self.count(item)

    def string(self, text: str) -> str:
        refs = []
        for part in SENTENCE_END.split(text):
            if part not in self.part_index:
                self.part_index[part] = len(self.parts)
                self.parts.append(part)
            refs.append(_base36(self.part_index[part]))
        return " ".join(refs)

    def pack(self, value):
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, (list, dict)):
            key = json.dumps(value, sort_keys=True, separators=(",", ":"))
            if self.seen.get(key, 0) > 1 and len(key) >= SHARED_MIN:
                if key not in self.shared_index:
                    self.shared_index[key] = len(self.shared)
                    self.shared.append(None)  # reserve the number, then fill it
                    self.shared[self.shared_index[key]] = self._pack_inside(value)
                return "#" + _base36(self.shared_index[key])
            return self._pack_inside(value)
        return value

    def _pack_inside(self, value):
        if isinstance(value, dict):
            return {k: self.pack(v) for k, v in value.items()}
        return [self.pack(v) for v in value]


def packed(data) -> str:
    """``data`` (JSON-able: dicts with string keys, lists, strings, numbers) as a compact JSON text."""
    packer = _Packer()
    packer.count(data)
    tree = packer.pack(data)
    return json.dumps({"t": packer.parts, "s": packer.shared, "d": tree}, separators=(",", ":"))


def unpacked(text: str):
    """What ``unpack`` gives in the browser, in Python (for tests)."""
    raw = json.loads(text)
    parts, shared = raw["t"], raw["s"]

    def walk(value):
        if isinstance(value, str):
            if value.startswith("#"):
                return walk(shared[int(value[1:], 36)])
            return " ".join(parts[int(ref, 36)] for ref in value.split(" "))
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    return walk(raw["d"])


UNPACK_JS = """
const unpack = (text) => {
  const cache = (window.tsrUnpacked = window.tsrUnpacked || new Map());
  if (cache.has(text)) return cache.get(text);
  const {t, s, d} = JSON.parse(text);
  const done = new Map();
  const walk = (v) => {
    if (typeof v === 'string') {
      if (v[0] === '#') {
        const i = parseInt(v.slice(1), 36);
        if (!done.has(i)) done.set(i, walk(s[i]));
        return done.get(i);
      }
      return v.split(' ').map(r => t[parseInt(r, 36)]).join(' ');
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const o = {};
      for (const k in v) o[k] = walk(v[k]);
      return o;
    }
    return v;
  };
  const value = walk(d);
  cache.set(text, value);
  return value;
};
"""


class ReasonIndex:
    """The reasons of many explanations (an odds explorer's table), each written once as a linked sentence.

    ``index(explained)`` gives the numbers of its reasons in ``texts``; the
    page joins them back. ``links`` (a :class:`widgets.links.RuleLinks`) words each reason.
    """

    def __init__(self, links):
        self.links = links
        self.texts: list[str] = []
        self._index: dict[str, int] = {}

    def __call__(self, explained) -> list[int]:
        out = []
        for reason in explained.reasons:
            text = self.links.reason(reason)
            if text not in self._index:
                self._index[text] = len(self.texts)
                self.texts.append(text)
            out.append(self._index[text])
        return out
