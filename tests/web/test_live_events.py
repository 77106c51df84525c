"""The live session's event stream (issue 37, item 5): server-sent events that start at the
current frame, resume there after a lost connection (Last-Event-ID), carry every step, keep quiet
streams open with heartbeats, end with the session, the class or the student's removal, reach the
streams of another app on the same database (another host), and poll past a process's streams. On
both databases. A stream sends the newest frame when it wakes, not every one in between: the tests
wait for each step's event before the next step.

Every wait below is bounded by a timeout that only a failure reaches: nothing here is timed."""
import queue
import threading
import time

import pytest

from app import create_app
from app.live import stream
from app.store.following import Followers
from app.store.opened import store as the_store

from .test_classes import join, make_class, student
from .test_live import DEMO, live, start, step

pytestmark = pytest.mark.usefixtures("backend")  # every test on both databases

WAIT = 10  # seconds a test waits for an event before it fails


class Events:
    """A client's event stream, read on a thread of its own: ``next()`` is the next block (a dict
    of its fields: ``id``, ``event``, ``data``, ``retry``, or ``comment``); None once it has closed."""

    def __init__(self, client, code, last_id=None, lang="en", url=None):
        headers = {"Last-Event-ID": str(last_id)} if last_id is not None else {}
        self.blocks = queue.Queue()
        url = url or f"/api/v1/classes/{code}/live/events?lang={lang}"  # ``url``: another stream (a table's)
        # Asked and read on one thread, as a server does: the stream's request context is that thread's.
        threading.Thread(target=self._read, args=(client, url, headers), daemon=True).start()
        self.response = self.blocks.get(timeout=WAIT)

    def _read(self, client, url, headers):
        response = client.get(url, headers=headers, buffered=False)
        self.blocks.put(response)
        if response.status_code != 200:
            return
        buffer = ""
        try:
            for chunk in response.response:
                buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    self.blocks.put(_parsed(block))
        finally:
            self.blocks.put(None)

    def next(self):
        return self.blocks.get(timeout=WAIT)

    def next_event(self):
        """The next event or the end, past heartbeats."""
        while True:
            block = self.next()
            if block is None or "event" in block:
                return block


def _parsed(block):
    fields = {}
    for line in block.split("\n"):
        if line.startswith(":"):
            fields["comment"] = line[1:].strip()
        else:
            name, _, value = line.partition(": ")
            fields[name] = value
    if "data" in fields:
        import json
        fields["data"] = json.loads(fields["data"])
    return fields


@pytest.fixture
def quick(app):
    app.config["LIVE_HEARTBEAT"] = 0.05  # a heartbeat at once: a quiet stream shows one quickly
    return app


def a_class(app, client):
    code = make_class(client)["code"]
    pupil = student(app, "198.51.100.1")
    assert join(pupil, code).status_code == 201
    assert start(client, code, demo=DEMO).status_code == 201
    return code, pupil


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_stream_starts_at_the_current_frame_and_carries_each_step(quick, client, lang):
    code, pupil = a_class(quick, client)
    step(client, code, "next")
    events = Events(pupil, code, lang=lang)
    assert events.response.mimetype == "text/event-stream"
    assert events.response.headers["Cache-Control"] == "private, no-store"
    assert events.next() == {"retry": str(stream.RETRY_MS)}
    first = events.next_event()
    assert first["event"] == "frame" and first["data"] == live(pupil, code, lang).get_json()
    assert int(first["id"]) == first["data"]["session"]["version"] and first["data"]["frame"] == 2
    moved = step(client, code, "next").get_json()
    following = events.next_event()
    assert following["data"]["frame"] == 3 and int(following["id"]) == moved["session"]["version"]
    assert following["data"] == live(pupil, code, lang).get_json()
    ended = client.post(f"/api/v1/classes/{code}/live/end").get_json()
    last = events.next_event()
    assert last["event"] == "end" and int(last["id"]) == ended["session"]["version"]
    assert events.next() is None  # closed: EventSource's reconnection then gets 404, and stops
    assert Events(pupil, code).response.status_code == 404


def test_a_quiet_stream_sends_heartbeats(quick, client):
    code, pupil = a_class(quick, client)
    events = Events(pupil, code)
    events.next(), events.next_event()
    assert "comment" in events.next()
    client.post(f"/api/v1/classes/{code}/live/end")
    assert events.next_event()["event"] == "end"


def test_a_reconnection_resumes_at_the_current_frame_without_replaying(quick, client):
    code, pupil = a_class(quick, client)
    seen = live(pupil, code).get_json()["session"]["version"]
    for _ in range(3):
        step(client, code, "next")
    now = live(pupil, code).get_json()
    events = Events(pupil, code, last_id=seen)
    first = events.next_event()
    assert first["data"] == now and int(first["id"]) == now["session"]["version"]  # the current frame alone
    up_to_date = Events(pupil, code, last_id=now["session"]["version"])
    assert up_to_date.next() == {"retry": str(stream.RETRY_MS)}
    assert "comment" in up_to_date.next()  # nothing to send: it has the frame
    step(client, code, "next")
    assert up_to_date.next_event()["data"]["frame"] == now["frame"] + 1
    assert events.next_event()["data"]["frame"] == now["frame"] + 1
    client.post(f"/api/v1/classes/{code}/live/end")  # after both had the step: a stream sends the newest
    assert events.next_event()["event"] == "end" and up_to_date.next_event()["event"] == "end"


def test_a_removed_student_stops_receiving_frames(quick, client):
    code, pupil = a_class(quick, client)
    events, teachers = Events(pupil, code), Events(client, code)
    assert events.next_event()["event"] == "frame" and teachers.next_event()["event"] == "frame"
    assert client.delete(f"/api/v1/classes/{code}/students/1").status_code == 204
    assert events.next_event()["event"] == "removed"
    assert events.next() is None
    assert Events(pupil, code).response.status_code == 403
    step(client, code, "next")
    assert teachers.next_event()["data"]["frame"] == 2  # the teacher's stream goes on
    client.post(f"/api/v1/classes/{code}/end")  # the class's end ends the session, and its streams
    assert teachers.next_event()["event"] == "end"


def test_a_student_removed_on_another_host_stops_receiving_frames(quick, client):
    """Removed through another app on the database: on PostgreSQL its NOTIFY ends the stream; on
    SQLite, whose other processes announce nothing here, the stream's heartbeat finds it."""
    code, pupil = a_class(quick, client)
    teacher_there = another_host(client)
    events, teachers = Events(pupil, code), Events(client, code)
    assert events.next_event()["event"] == "frame" and teachers.next_event()["event"] == "frame"
    assert teacher_there.delete(f"/api/v1/classes/{code}/students/1").status_code == 204
    assert events.next_event()["event"] == "removed" and events.next() is None
    step(client, code, "next")
    assert teachers.next_event()["data"]["frame"] == 2  # the teacher's stream goes on
    client.post(f"/api/v1/classes/{code}/live/end")
    assert teachers.next_event()["event"] == "end"


def test_a_classs_streams_read_its_students_once_a_heartbeat_between_them(quick, client, monkeypatch):
    """Each heartbeat checks that its reader may still read; a class's streams in one process share
    one read of its students per heartbeat (two queries a stream at each beat before). Counted: ten
    streams beat five times each, and the class's students are read far fewer times than that."""
    quick.config.update(LIVE_HEARTBEAT=0.2, LIVE_STREAMS=10)
    code, pupil = a_class(quick, client)
    with quick.app_context():
        store = the_store()
    reads, read = [], store.class_members
    monkeypatch.setattr(store, "class_members", lambda found: reads.append(found) or read(found))
    streams = [Events(reader, code) for reader in [client] * 2 + [pupil] * 8]
    beats = 5  # heartbeats each
    for events in streams:
        seen = 0
        while seen < beats:
            block = events.next()
            seen += "comment" in block
    assert reads and set(reads) == {code}
    assert len(reads) < len(streams) * beats / 2, reads  # one a stream at each beat: 50
    client.post(f"/api/v1/classes/{code}/live/end")
    for events in streams:
        assert events.next_event()["event"] == "end"


def test_a_read_of_a_classs_students_serves_every_stream_until_one_asks_for_a_later_one():
    followers, reads = Followers(), []

    def read():
        reads.append(1)
        return frozenset({"owner"})

    with followers.follow("ACDEFH") as one, followers.follow("ACDEFH") as other:
        since = time.monotonic()
        asking = [threading.Thread(target=(one, other)[n % 2].shared, args=(read, since)) for n in range(20)]
        for thread in asking:
            thread.start()
        for thread in asking:
            thread.join()
        assert len(reads) == 1  # asked at once by twenty beats: read once
        assert other.shared(read, since) == {"owner"} and len(reads) == 1
        assert one.shared(read, time.monotonic() + 1) == {"owner"} and len(reads) == 2  # a later read: again
    with followers.follow("ACDEFH") as anew:  # let go by its last stream, then followed again
        anew.shared(read, 0.0)
        assert len(reads) == 3


def another_host(client):
    """Another app on the same database, as another host, with the teacher's cookie."""
    other = create_app({"TESTING": True})
    teacher_there = other.test_client()
    for name in ("uno_owner", "__Host-uno_owner"):
        cookie = client.get_cookie(name)
        if cookie is not None:
            teacher_there.set_cookie(name, cookie.value)
    return teacher_there


def test_a_step_on_another_host_reaches_this_hosts_streams(quick, client, backend):
    """Two apps on one database, as two hosts: the teacher steps on one, the student follows on the
    other (PostgreSQL: its NOTIFY; SQLite: the other process's poll of the followed classes)."""
    code, pupil = a_class(quick, client)
    teacher_there = another_host(client)
    events = Events(pupil, code)
    assert events.next_event()["data"]["frame"] == 1
    assert step(teacher_there, code, "next").get_json()["frame"] == 2
    assert events.next_event()["data"]["frame"] == 2
    teacher_there.post(f"/api/v1/classes/{code}/live/end")
    assert events.next_event()["event"] == "end"


def test_past_the_processs_streams_a_stream_answers_at_once_and_closes(quick, client):
    quick.config["LIVE_STREAMS"] = 0
    code, pupil = a_class(quick, client)
    events = Events(pupil, code)
    assert events.next() == {"retry": str(stream.POLL_RETRY_MS)}
    shown = events.next()
    assert shown["data"] == live(pupil, code).get_json()
    assert events.next() is None  # EventSource asks again after POLL_RETRY_MS
    again = Events(pupil, code, last_id=shown["id"])
    assert again.next() == {"retry": str(stream.POLL_RETRY_MS)} and again.next() is None  # nothing new


def test_every_stream_gives_its_slot_back(quick, client):
    code, pupil = a_class(quick, client)
    before = stream.SLOTS.open
    streams = [Events(reader, code) for reader in (client, pupil, pupil)]
    for events in streams:
        assert events.next_event()["event"] == "frame"
    assert stream.SLOTS.open == before + 3
    client.post(f"/api/v1/classes/{code}/live/end")
    for events in streams:
        assert events.next_event()["event"] == "end" and events.next() is None
    assert stream.SLOTS.open == before


def test_the_stream_is_never_compressed(quick, client):
    code, pupil = a_class(quick, client)
    pupil.environ_base["HTTP_ACCEPT_ENCODING"] = "br, gzip"
    events = Events(pupil, code)
    assert "Content-Encoding" not in events.response.headers
    assert events.next_event()["event"] == "frame"
    client.post(f"/api/v1/classes/{code}/live/end")
    assert events.next_event()["event"] == "end"
