#!/usr/bin/env python3
"""The practice table's main thread while a move plays: busy time, the longest task, long tasks.

    .venv/bin/python bench/table_main_thread.py [--base /work/wt/base] [--moves 12] [--runs 3] [--rate 4]

A phone (375x667) with its CPU slowed four times (CDP ``Emulation.setCPUThrottlingRate``) plays
``--moves`` moves of a seeded game with the mouse (bench/table.py's learner: a playable card, else
a draw), at the default pace (the bots' steps played on the table) and at "instant" (the answer's
table put in place at once). For each move, from the click to the table settled, it reads the
renderer's main-thread time (``Performance.getMetrics``: TaskDuration, and of it ScriptDuration,
RecalcStyleDuration, LayoutDuration) and the tasks over 50 ms (a PerformanceObserver of
'longtask'), and prints per pace: busy ms per move (median, p90), the share of the move's time
the thread was busy, the longest task, the long tasks per move (Chromium reports no frame's
rendering there: traced, the 30-110 ms frame at 4x that paints a patched table is not one), and
per move the style updates (one a frame in which the page changed) and the elements the browser
styled anew, the layouts and those of the whole page (a layout that starts at the page's root, not
at a contained box: a relayout boundary, docs/step-player.md) and the layers painted (traced):
counts that do not vary with the machine's load. With ``--rate 1`` (the CPU not slowed) it also
prints the processor time of the renderer's main thread (Linux's /proc/<pid>/task/<pid>/schedstat),
the work alone, which a loaded machine stretches far less than the busy time (about a fifth of the
busy time at 4x; throttled, Chromium keeps that thread spinning, so the figure would be the
spin's). The move is awaited by watching the page's mutations (bench/table.py's
CLICK_TO_SETTLED), never by a frame-by-frame loop, which would itself keep the main thread
rendering every frame.

With ``--base`` (another checkout, e.g. main in a second worktree:
``git worktree add /work/wt/anim36-base main --detach``) both are served, each by its own Python
process on 127.0.0.1, and measured one after the other, alternating, ``--runs`` times; each run
ends with the ratios this checkout / the base (below 1: this one keeps the thread less busy).
Timings vary with the machine's load: compare the ratios of one run, never figures across runs.

Main (December 2026, 12 moves): at 4x on a quiet machine (load 0.3) busy 391 ms a move at the
brisk pace (p90 507, longest task 115 ms), 97 ms at instant (longest task 133 ms); the same code
under a load of 5 to 8 on two cores, 537 to 696 ms and 134 to 191 ms. At ``--rate 1`` (load 2 to
7) the main thread's processor time is 73 to 84 ms a move at brisk, 22 to 28 ms at instant, with
10.8 whole-page layouts a move at brisk: the #36 goal (200 ms at 4x, half of 391) is roughly 40 ms of it.
A card played flown onto the pile as its face (docs/step-player.md): at brisk, 0.83 to 0.90 of main's
processor time a move (56 to 62 ms, load 0.5 to 2), 9.2 whole-page layouts a move, busy at 4x 0.67 to
0.95 of main's (400 to 435 ms, load 1.4 to 3.8).
With the focus put before the answer's patch (#36 item 6, docs/step-player.md), at 4x (load 1.7
to 3.1) the instant pace's longest task was 55, 86 and 0 ms in three runs against main's 160, 217
and 110 beside it, its long tasks 0 to 0.17 a move against 0.33 to 0.50.
"""
from __future__ import annotations

import os
import sys

# bench/http.py would shadow the standard library's http: keep this folder off the path, the repo on it.
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path[:] = [REPO] + [p for p in sys.path if os.path.abspath(p or ".") != HERE]

import argparse  # noqa: E402
import json  # noqa: E402
import shutil  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from bench.table import CLICK_TO_SETTLED, LAUNCH_ARGS, next_move  # noqa: E402

VIEWPORT = {"width": 375, "height": 667}
THROTTLING = 4
PACES = ("brisk", "instant")  # the default pace (steps.js's DEFAULT_PACE), and none
# The server of one checkout, run by this Python with the checkout first on its path: prints its port.
SERVER = """
import os, sys, threading
sys.path.insert(0, sys.argv[1])
os.environ["UNO_TUTOR_INSTANCE_PATH"] = sys.argv[2]
from werkzeug.serving import WSGIRequestHandler, make_server
from app import create_app
class Quiet(WSGIRequestHandler):
    def log_request(self, *args):
        pass
server = make_server("127.0.0.1", 0, create_app({"SECRET_KEY": "bench"}), threaded=True, request_handler=Quiet)
print(server.server_port, flush=True)
server.serve_forever()
"""
# Counts the page's tasks over 50 ms from now on (read and emptied by TAKE_LONG_TASKS).
WATCH_LONG_TASKS = """() => {
  window.benchLongTasks = [];
  new PerformanceObserver(list => { for (const task of list.getEntries()) window.benchLongTasks.push(task.duration); })
    .observe({ type: 'longtask' });
}"""
TAKE_LONG_TASKS = "() => window.benchLongTasks.splice(0)"
METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


@dataclass
class Move:
    """One move as the main thread lived it: ms busy (each metric), its wall time, its long tasks
    and the processor time of every renderer's main thread over it (by process id: ``play`` keeps
    the page's)."""
    busy: dict[str, float]
    elapsed: float
    long_tasks: list[float]
    cpu: dict[int, float]


def renderers_cpu() -> dict[int, float]:
    """Each renderer process's main thread (its first, whose id is the process's): how long it has
    run on a processor, in ms (Linux's schedstat), without the time it waited for one: a figure that
    a shared machine's load stretches far less than the busy time (the work alone at ``--rate 1``
    only: throttled, the thread spins)."""
    cpu = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if b"--type=renderer" not in cmdline.read():
                    continue
            with open(f"/proc/{pid}/task/{pid}/schedstat") as schedstat:
                cpu[int(pid)] = int(schedstat.read().split()[0]) / 1e6
        except (FileNotFoundError, ProcessLookupError, PermissionError):  # a process that has just ended
            pass
    return cpu


@dataclass
class Traced:
    """What the trace of a game's moves says of the renderer's main thread, whatever the machine's
    load: its process id, the style updates (UpdateLayoutTree events: one in each frame the page
    changed, or a script asked for its layout), the elements they styled anew (their
    elementCount), the layouts and those of the whole page (not of a contained box alone: a
    relayout boundary, docs/step-player.md), and the paints (a Paint event for each layer painted)."""
    pid: int
    updates: int
    restyled: int
    layouts: int
    whole_layouts: int
    paints: int


def traced(trace: bytes) -> Traced:
    events = json.loads(trace)["traceEvents"]
    threads = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain"}
    mine = [e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in threads]
    pid = statistics.mode(e["pid"] for e in mine)
    named = {name: [e for e in mine if e["name"] == name] for name in ("UpdateLayoutTree", "Layout", "Paint")}
    return Traced(pid, len(named["UpdateLayoutTree"]), sum(e["args"].get("elementCount", 0) for e in named["UpdateLayoutTree"]),
                  len(named["Layout"]), sum(not e["args"]["beginData"].get("partialLayout") for e in named["Layout"]),
                  len(named["Paint"]))


def serve(checkout: str, instance: str) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([sys.executable, "-c", SERVER, checkout, instance], stdout=subprocess.PIPE, text=True,
                               cwd=checkout)
    port = process.stdout.readline().strip()
    if not port:
        sys.exit(f"the server of {checkout} did not start")
    return process, f"http://127.0.0.1:{port}"


def metrics(cdp) -> dict[str, float]:
    values = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {name: values[name] * 1000 for name in METRICS}


def play(browser, base: str, pace: str, moves: int, seed: str, lang: str, rate: float) -> tuple[list[Move], Traced]:
    """Plays ``moves`` moves of a fresh game at ``pace`` on the app at ``base``: each move, and
    what the trace of them all says (the tracing's own cost is the same on both sides)."""
    context = browser.new_context(viewport=VIEWPORT, base_url=base)
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('uno-tutor-pace', '{pace}')")
    page.goto(f"/{lang}/play?seed={seed}")
    with page.expect_navigation():
        page.click("#quick-start button")
    page.wait_for_selector(".practice:not(.playing)", timeout=120_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.evaluate(WATCH_LONG_TASKS)
    browser.start_tracing(page=page, categories=["devtools.timeline"])
    played = []
    for _ in range(moves):
        selector = next_move(page)
        if selector is None:
            break
        before, cpu = metrics(cdp), renderers_cpu()
        elapsed = page.evaluate(CLICK_TO_SETTLED, selector)
        after, cpu_after = metrics(cdp), renderers_cpu()
        played.append(Move({name: after[name] - before[name] for name in METRICS}, elapsed,
                           page.evaluate(TAKE_LONG_TASKS), {pid: cpu_after[pid] - cpu[pid] for pid in cpu if pid in cpu_after}))
    trace = traced(browser.stop_tracing())
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    context.close()
    return played, trace


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]


def summary(played: list[Move], trace: Traced) -> dict[str, float]:
    busy = [move.busy["TaskDuration"] for move in played]
    tasks = [task for move in played for task in move.long_tasks]
    moves = len(played)
    figures = {"busy": statistics.median(busy), "busy p90": p90(busy), "restyled/move": trace.restyled / moves,
               "style updates/move": trace.updates / moves, "cpu": statistics.median(move.cpu.get(trace.pid, 0.0) for move in played),
               "layouts/move": trace.layouts / moves, "whole layouts/move": trace.whole_layouts / moves,
               "paints/move": trace.paints / moves,
               "busy share": sum(busy) / sum(move.elapsed for move in played),
               "longest task": max(tasks, default=0.0), "long tasks/move": len(tasks) / len(played)}
    for name in METRICS[1:]:
        figures[name.removesuffix("Duration").lower()] = statistics.median(move.busy[name] for move in played)
    return figures


def line(name: str, figures: dict[str, float], moves: int, cpu: bool) -> str:
    """One checkout's figures (``cpu``: with the main thread's processor time, the work alone at --rate 1 only)."""
    return (f"  {name:<6} {moves:>2} moves: busy/move median {figures['busy']:6.0f} ms, p90 {figures['busy p90']:6.0f} ms "
            f"({figures['busy share']:4.0%} of the time); longest task {figures['longest task']:4.0f} ms, "
            f"long tasks/move {figures['long tasks/move']:4.2f}; median script {figures['script']:4.0f}, "
            f"style {figures['recalcstyle']:4.0f}, layout {figures['layout']:4.0f} ms; "
            f"style updates/move {figures['style updates/move']:4.0f}, elements restyled/move {figures['restyled/move']:5.0f}; "
            + (f"main thread's CPU/move median {figures['cpu']:5.1f} ms; " if cpu else "")
            + f"layouts/move {figures['layouts/move']:4.1f} "
            f"({figures['whole layouts/move']:4.1f} of the whole page), layers painted/move {figures['paints/move']:4.1f}")


def ratio(ours: float, base: float) -> str:
    return f"{ours / base:.2f}" if base else ("1.00" if not ours else "inf")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", help="another checkout (e.g. main's worktree) to measure beside this one")
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", default="2024")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--rate", type=float, default=THROTTLING,
                        help="the CPU slowed this many times (1: the main thread's processor time is its work alone)")
    parser.add_argument("--pace", choices=PACES, action="append", help="one pace only (default: both)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    chromium = next(filter(None, map(shutil.which, ("chromium-headless-shell", "chromium"))), None)
    if chromium is None:
        sys.exit("needs Debian's chromium-headless-shell or chromium")
    checkouts = {"ours": REPO} | ({"base": os.path.abspath(args.base)} if args.base else {})
    instance = tempfile.mkdtemp(prefix="bench-main-thread-")
    servers = {name: serve(path, os.path.join(instance, name)) for name, path in checkouts.items()}
    print(f"the table at {VIEWPORT['width']}x{VIEWPORT['height']}, CPU slowed {args.rate:g}x, seed {args.seed} ({args.lang}); "
          f"ours: {REPO}" + (f", base: {checkouts['base']}" if args.base else ""))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=LAUNCH_ARGS)
            for run in range(1, args.runs + 1):
                for pace in args.pace or PACES:
                    order = list(servers) if run % 2 else list(reversed(servers))  # alternating who goes first
                    figures = {}
                    print(f"run {run}, pace {pace}:")
                    for name in order:
                        played, trace = play(browser, servers[name][1], pace, args.moves, args.seed, args.lang, args.rate)
                        figures[name] = summary(played, trace)
                        print(line(name, figures[name], len(played), args.rate == 1), flush=True)
                    if "base" in figures:
                        ours, base = figures["ours"], figures["base"]
                        cpu = f"main thread's CPU/move median {ratio(ours['cpu'], base['cpu'])}, " if args.rate == 1 else ""
                        print(f"  ours/base: busy/move median {ratio(ours['busy'], base['busy'])}, {cpu}"
                              f"whole-page layouts/move {ratio(ours['whole layouts/move'], base['whole layouts/move'])}, "
                              f"layers painted/move {ratio(ours['paints/move'], base['paints/move'])}, "
                              f"p90 {ratio(ours['busy p90'], base['busy p90'])}, "
                              f"longest task {ratio(ours['longest task'], base['longest task'])}, "
                              f"style updates/move {ratio(ours['style updates/move'], base['style updates/move'])}, "
                              f"elements restyled/move {ratio(ours['restyled/move'], base['restyled/move'])}, "
                              f"long tasks/move {ours['long tasks/move']:.2f} vs {base['long tasks/move']:.2f}", flush=True)
            browser.close()
    finally:
        for process, _ in servers.values():
            process.terminate()
            process.wait()
        shutil.rmtree(instance, ignore_errors=True)


if __name__ == "__main__":
    main()
