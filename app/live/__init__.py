"""A class's live session (issue 37): the teacher's demo or quiz on every student's phone, each
in the student's own language, following the teacher's steps as they happen.

- ``sessions``: start, step and end a session, and who may read it (the class's teachers and
  students).
- ``frames``: what a frame shows, from the presenter's demos and the quiz's items.
- ``stream``: the server-sent events that carry each step to the phones.
- ``pages``: the student's phone page, which follows the stream.
"""
