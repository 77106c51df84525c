"""gunicorn's settings for Uno Tutor, for several processes BEHIND A BUFFERING PROXY only (README
"Running in production"). README's production command is waitress (app/production.py), which is
safe on its own against slow clients; gunicorn is not: its threads read each request's head and
body themselves, so as many clients sending a byte a second as there are threads leave nobody to
answer (bench/slow_clients.py --server gunicorn). The proxy in front, which reads each request
whole before passing it on, is what makes it safe.

gunicorn reads ./gunicorn.conf.py by itself when started from the repository's root; the README's
command names it anyway (-c gunicorn.conf.py). Any setting given on the command line wins.
"""
import os

bind = os.environ.get("UNO_TUTOR_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY") or 4)

# gunicorn's own threaded worker, as it comes: a connection waits for its first bytes in the
# worker's event loop, holding no thread, and is closed after `keepalive` seconds between requests.
# The app is thread-safe: a SQLite connection per thread, writers take turns on a lock.
worker_class = "gthread"
threads = 16
# A live session's event stream holds a thread while it is open: at most threads - 4 of them per
# worker (app/live/stream.py PAGE_THREADS), so the pages keep 4; past it, a phone polls every second.
os.environ.setdefault("UNO_TUTOR_LIVE_STREAMS", str(threads - 4))
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
# UNO_TUTOR_TRUSTED_PROXIES (app/limits.py).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
