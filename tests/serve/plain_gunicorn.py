"""gunicorn as the serve tests start it when the store, not the production server, is under test:
plain threaded workers, every setting on the command line and an empty config file (so the
repository's gunicorn.conf.py is not read), on a port the kernel chooses; and a JSON request."""
import contextlib
import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

from tests.tools import missing

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
WAIT = 120  # seconds: a bound on any wait for the server, so that a stuck server fails, never hangs


def executable(name: str) -> str | None:
    return shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)


@contextlib.contextmanager
def served(environment: dict[str, str], folder: Path, workers: int, threads: int, *options: str):
    """gunicorn with ``workers`` gthread workers of ``threads`` threads (and ``options``), stopped
    after; yields its port and the lines it writes (its log, any traceback), all of them once stopped."""
    gunicorn = executable("gunicorn")
    if not gunicorn:
        missing("gunicorn (pip install -e '.[serve]')")
    config = folder / "gunicorn.conf.py"
    config.write_text("")  # named, so that the repository's gunicorn.conf.py is not read
    command = [gunicorn, "-c", str(config), "--chdir", str(ROOT), "-b", f"{HOST}:0", "-k", "gthread",
               "-w", str(workers), "--threads", str(threads), "--log-level", "info", *options, "app:create_app()"]
    log: list[str] = []
    listening = threading.Event()
    with subprocess.Popen(command, cwd=ROOT, env=environment, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as process:

        def read_log():  # to the end, so that gunicorn never waits on a full pipe
            for line in process.stderr:
                log.append(line)
                if "Listening at:" in line:
                    listening.set()

        reader = threading.Thread(target=read_log, daemon=True)
        reader.start()
        try:
            if not listening.wait(WAIT):
                raise RuntimeError(f"gunicorn did not start: {''.join(log)}")
            yield int(re.search(r"Listening at: http://[\d.]+:(\d+)", "".join(log))[1]), log
        finally:
            process.terminate()
            try:
                process.wait(timeout=WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
            reader.join(timeout=WAIT)


def request(port, method, path, body=None, cookie=None):
    """(status, Set-Cookie, JSON or None) over a connection of its own."""
    import http.client

    conn = http.client.HTTPConnection(HOST, port, timeout=WAIT)
    try:
        headers = {"Content-Type": "application/json", **({"Cookie": cookie} if cookie else {})}
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        answer = conn.getresponse()
        data = answer.read()
    finally:
        conn.close()
    try:
        return answer.status, answer.getheader("Set-Cookie"), json.loads(data)
    except ValueError:
        return answer.status, answer.getheader("Set-Cookie"), None
