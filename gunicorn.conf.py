"""gunicorn's settings for Uno Tutor (README "Running in production"): safe on their own against a
few slow clients, and meant to sit behind a buffering proxy, which protects against many.

gunicorn reads ./gunicorn.conf.py by itself when started from the repository's root; the README's
command names it anyway (-c gunicorn.conf.py). Any setting given on the command line wins.
"""
import os

bind = os.environ.get("UNO_TUTOR_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 4)

# gthread: a connection waits for its first bytes in the worker's event loop, holding no thread, and
# is closed after `keepalive` seconds between requests. A thread then reads the request's head, and
# app.serving gives it HEAD_SECONDS (10 s) to arrive: a slow client holds one thread for that long,
# not the whole worker for as long as it likes, as with gunicorn's default sync workers. `threads`
# sets how many slow clients a worker takes before it can't answer anyone: 4 workers × 16 threads
# need 64 slow clients at once, renewed every 10 s; the proxy in front is what stops more.
# The app is thread-safe: a SQLite connection per thread, writers take turns on a lock.
worker_class = "app.serving.HeadDeadlineWorker"
threads = 16
keepalive = 2
timeout = 30  # a worker whose main loop stops (not a slow request: its threads keep the loop going)
graceful_timeout = 30

# gunicorn answers a request over these limits itself (400, 414, 431), without the app's headers
# or language; README's nginx example sets its own limits below these, so nginx answers first.
# 8190 is gunicorn's largest request line: a sandbox link carries a position up to 8,000 characters.
limit_request_line = 8190
limit_request_fields = 100
limit_request_field_size = 8190

# X-Forwarded-Proto (https) is believed only from these addresses: gunicorn's own default, or the
# proxy's address on another host (README). The client's address is the app's business:
# UNO_TUTOR_TRUSTED_PROXIES (app/classroom/limits.py).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
