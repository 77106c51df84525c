"""A game's log as the store keeps it: each request's steps in one row, packed.

What a step holds is already what happened, not words: the move, its rule id, the engine's events
as kind, rule id and parameters, and the table after it (app.engine.visibility.step); messages are
worded when read (app.wording). As JSON a step is 300 bytes or more, a 30-move game's log about
40 KB, most of it the same few keys and values over and over ("kind", "match.color", "draw_pile_size",
"uno":[false,false,false,false]). So each row is that JSON deflated (zlib's DEFLATE, RFC 1951)
with a preset dictionary: text the compressor treats as if it had come just before the row, so
even a row of one step finds its keys and common values there. A row is then about a tenth of its
JSON (about 130 bytes, where deflating without the dictionary leaves a quarter), small enough that
SQLite keeps it inside its B-tree page rather than in an overflow page of its own.

Why not a field-by-field encoding of steps, or the game's moves replayed when read: deflating
the JSON gives back exactly the text the table wrote, whatever a step holds now or will hold (a
new event, a new parameter), with no code to keep in step with the engine; a replay would tie every
stored game to the engine and bots of the release that reads it.

The compressor is sized for rows (``WINDOW_BITS``, ``MEMORY_LEVEL``). zlib's defaults, a 32 KB
window and a hash table of 32,768 entries, are made for long streams: each row's compressor set
up and cleared about 256 KB to deflate 4 KB of dictionary and a row of 1-2 KB. Sized for rows it
sets up a quarter of that, and packing costs a move a tenth to a fifth less CPU (measured in
bench/move_cost.py's moves, where the caches are cold: the more so, the busier the machine). An
8 KB window still reaches the whole dictionary from any point of a row of nearly 4 KB, so rows
are as small as before (126 bytes on average in sample games, either way); a longer row only
finds fewer matches near its end. Rows are read with the largest window (``RAW_DEFLATE``), which
reads a stream written with any smaller one: the format is the same, and rows written before
read as ever.

The dictionary is taken in once per process (``_PRIMED``): each row is deflated by a copy of that
compressor, which starts where a new one would be once it had read the dictionary, so a row's
bytes are the same, where a new compressor set the dictionary for every row (callgrind, rows of
sample games: 206,000 → 183,000 instructions a row).

A packed row's first byte names its format; format 1 is raw DEFLATE with ``DICTIONARY_1``, the
bytes of log-dictionary-1.jsonl: the eleven commonest kinds of step in sample games, the
commonest last (where DEFLATE reaches them most cheaply). Rows written with a dictionary can only
be read with the same bytes, so that file never changes (a test pins its digest): a better
dictionary would be format 2, with format 1 still read.
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..fast_json import dumps_bytes, loads

FORMAT_1 = 1
DICTIONARY_1 = Path(__file__).with_name("log-dictionary-1.jsonl").read_bytes()
RAW_DEFLATE = -15  # zlib's window bits for DEFLATE without zlib's header and checksum: 2-6 bytes a row less
LEVEL = 9  # smallest: on rows this short, no slower than the default
WINDOW_BITS = -13  # raw DEFLATE, as RAW_DEFLATE, in an 8 KB window: the dictionary and a row (see above)
MEMORY_LEVEL = 6  # a hash table of 8,192 entries: one per byte of that window (zlib's default, 8: 32,768)


# A compressor that has taken in the dictionary and nothing else; only ever copied, never used.
_PRIMED = zlib.compressobj(LEVEL, zlib.DEFLATED, WINDOW_BITS, MEMORY_LEVEL, zdict=DICTIONARY_1)


def pack(steps: Sequence[dict[str, Any]]) -> bytes:
    """One request's steps as a row of the log, deflated by a copy of ``_PRIMED``."""
    deflate = _PRIMED.copy()  # copying takes a lock of the compressor's own: safe in every thread
    return bytes((FORMAT_1,)) + deflate.compress(dumps_bytes(list(steps))) + deflate.flush()


def unpack(packed: bytes) -> list[dict[str, Any]]:
    """The steps of a row of the log, as they were given to ``pack``."""
    if packed[:1] != bytes((FORMAT_1,)):
        raise ValueError(f"a log row of unknown format {packed[:1]!r}")
    inflate = zlib.decompressobj(RAW_DEFLATE, zdict=DICTIONARY_1)
    text = inflate.decompress(packed[1:]) + inflate.flush()
    if not inflate.eof:  # cut short: never read a part of a row as if it were all of it
        raise ValueError("a log row cut short")
    return loads(text)
