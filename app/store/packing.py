"""A game's log as the store keeps it: each request's steps in one row, packed.

What a step holds is already what happened, not words: the move, its rule id, the engine's events
as kind, rule id and parameters, and the table after it (app.engine.visibility.step); messages are
worded when read (app.wording). As JSON a step is 300 bytes or more, a 30-move game's log about
40 KB, most of it the same few keys and values over and over ("kind", "match.color", "draw_pile_size",
"uno":[false,false,false,false]). So each row is that JSON compressed with a preset dictionary:
text the compressor treats as if it had come just before the row, so even a row of one step finds
its keys and common values there. A row is then about a tenth of its JSON (130-150 bytes, where
compressing without the dictionary leaves a quarter), small enough that SQLite keeps it inside
its B-tree page rather than in an overflow page of its own.

Why not a field-by-field encoding of steps, or the game's moves replayed when read: compressing
the JSON gives back exactly the text the table wrote, whatever a step holds now or will hold (a
new event, a new parameter), with no code to keep in step with the engine; a replay would tie every
stored game to the engine and bots of the release that reads it.

A packed row's first byte names its format; both use ``DICTIONARY_1``, the bytes of
log-dictionary-1.jsonl: the eleven commonest kinds of step in sample games, the commonest last
(where the compressor reaches them most cheaply). Rows written with a dictionary can only be read
with the same bytes, so that file never changes (a test pins its digest): a better dictionary
would be a new format, the old ones still read.

- Format 2, written now: one Zstandard frame (RFC 8878) with the dictionary's bytes as its raw
  content dictionary, taken in once per process (``ZSTD_DICTIONARY_1``). Packing is part of every
  move's own work, and DEFLATE at its smallest did far more of it than a few bytes were worth: on
  sample games' rows, 32 µs a row packed (DEFLATE, level 9) → 12 (Zstandard, ``ZSTD_LEVEL``), 27 →
  10 µs read back, for rows of 126 → 149 bytes on average (a 30-move game about 1 KB more on
  SQLite, bench/store.py). One compressor packs every row (``_ZSTD``: safe to share between
  threads, one call at a time); each row is a frame of its own, so no row depends on the rows
  packed before it.
- Format 1, written by the releases before: raw DEFLATE (RFC 1951) with the dictionary preset, read
  with the largest window (``RAW_DEFLATE``), which reads a stream written with any smaller one.

A release before format 2 reads no row of it: stop its hosts before this release's start writing.
"""
from __future__ import annotations

import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 14):
    from compression import zstd
else:  # the same module, from PyPI (pyproject.toml)
    from backports import zstd

from ..fast_json import dumps_bytes, loads

FORMAT_1, FORMAT_2 = 1, 2
DICTIONARY_1 = Path(__file__).with_name("log-dictionary-1.jsonl").read_bytes()
RAW_DEFLATE = -15  # zlib's window bits for DEFLATE without zlib's header and checksum, in its largest window
# Zstandard's level for format 2. On sample games' rows: 3 packs a row in 9 µs to 174 bytes, 4 in
# 12 µs to 149, 5 in 19 µs to 136, 6 in 27 µs (DEFLATE's time) to 133.
ZSTD_LEVEL = 4
ZSTD_DICTIONARY_1 = zstd.ZstdDict(DICTIONARY_1, is_raw=True)
_ZSTD = zstd.ZstdCompressor(level=ZSTD_LEVEL, zstd_dict=ZSTD_DICTIONARY_1)


def pack(steps: Sequence[dict[str, Any]]) -> bytes:
    """One request's steps as a row of the log: format 2, one Zstandard frame."""
    return bytes((FORMAT_2,)) + _ZSTD.compress(dumps_bytes(list(steps)), mode=zstd.ZstdCompressor.FLUSH_FRAME)


def unpack(packed: bytes) -> list[dict[str, Any]]:
    """The steps of a row of the log, of either format, as they were given to ``pack``; a
    ValueError for a row cut short or of another format, never a part of a row read as if it were
    all of it."""
    form = packed[:1]
    if form == bytes((FORMAT_2,)):
        try:
            return loads(zstd.decompress(packed[1:], zstd_dict=ZSTD_DICTIONARY_1))
        except zstd.ZstdError as error:
            raise ValueError(f"a log row unreadable: {error}") from None
    if form != bytes((FORMAT_1,)):
        raise ValueError(f"a log row of unknown format {form!r}")
    inflate = zlib.decompressobj(RAW_DEFLATE, zdict=DICTIONARY_1)
    text = inflate.decompress(packed[1:]) + inflate.flush()
    if not inflate.eof:
        raise ValueError("a log row cut short")
    return loads(text)
