// The presenter with JavaScript: keys for a keyboard or a clicker (→ Page Down Space: next step,
// ← Page Up: back, B . Escape: blank the screen, Home End: the demo's first and last step, 1-9: the
// demos in the index's order, L: the other language at the same step), never while the focus is in
// a form control. Presenter remotes send "." or Escape for their "blank" button (issue 35), so both
// blank as B does; F5, which some send for "start the slideshow", is left to the browser: it reloads,
// and the address keeps the frame, so the remote's button is harmless and a reload stays a reload. The next frame is fetched and its move played on this table by the
// step player (steps.js) before the frame takes its place (swap.js), and the address follows, so a
// reload or the language link keeps the place. Every frame also works without this: Back and Next links.
// The keys are the same in an Arabic page: a clicker's forward button sends → or Page Down
// whatever the language, so → is always "next" (the on-screen links point the way the page reads).
// Pressed with nowhere to go (← on a demo's first frame, → after the last demo), a key shows
// .presenter-edge for a moment, so the presenter sees it was heard.
"use strict";

(function () {
  const steps = window.UnoSteps;  // steps.js, loaded first
  const NEXT = ["ArrowRight", "PageDown", " ", "Spacebar"];
  const BACK = ["ArrowLeft", "PageUp"];
  const BLANK = [".", "Escape"];  // and B, by its place (below)
  const EDGE_MS = 2500;
  let busy = false;
  let playing = null;
  let edgeTimer = null;

  function presenter() {
    return document.querySelector(".presenter");
  }

  function blank() {
    return presenter().querySelector(".presenter-blank");
  }

  function setBlank(on) {
    const cover = blank();
    cover.hidden = !on;
    presenter().querySelector(".presenter-stage").inert = on;
    if (on) steps.announce(cover.textContent.trim());
  }

  // Before the frame at ``url`` takes the place of ``current``: with ``forward``, its move played.
  async function play(current, fresh, forward) {
    if (forward && fresh.querySelector(".log-step.latest[data-step]") && steps.pace() !== "instant") {
      playing = new steps.StepPlayer(current, fresh);
      await playing.run();
      playing = null;
    } else {
      steps.announce(fresh.querySelector("#log, .presenter-end").textContent.trim().replace(/\s+/g, " "));
    }
  }

  // Shows the frame at ``url`` (failing that, the browser goes there, as without JavaScript).
  async function go(url, forward) {
    if (busy) {  // pressed again while a move plays: finish it at once
      if (playing) playing.finish();
      return;
    }
    busy = true;
    const current = presenter();
    const focused = current.contains(document.activeElement) && document.activeElement.getAttribute("rel");
    const before = function (fresh) { return play(current, fresh, forward); };
    const fresh = await window.UnoSwap.swap(url, current, ".presenter", { fallback: true, history: "replace", before: before });
    if (!fresh) return;
    showKeys();
    if (focused) {  // the link that was pressed, on the new frame
      const link = fresh.querySelector('.presenter-nav a[rel="' + focused + '"]');
      if (link) link.focus();
    }
    busy = false;
  }

  // ``to`` ("back" or "next"): the way there is none; says so if this screen has that edge.
  function atEdge(to) {
    const note = presenter().querySelector('.presenter-edge[data-edge="' + to + '"]');
    if (!note) return;
    note.hidden = false;
    steps.announce(note.textContent.trim());
    clearTimeout(edgeTimer);
    edgeTimer = setTimeout(function () { note.hidden = true; }, EDGE_MS);
  }

  // Where Home, End or a digit key goes from ``root`` (undefined: not one of them; null: nowhere,
  // a digit with no demo). By the key's place (event.code), so the Arabic-Indic digits work too.
  function jumpTo(root, event) {
    if (event.shiftKey || !root.dataset.first) return undefined;  // a live session's screen has no jumps
    if (event.key === "Home") return new URL(root.dataset.first, location.href).href;
    if (event.key === "End") return new URL(root.dataset.last, location.href).href;
    const digit = /^(Digit|Numpad)([1-9])$/.exec(event.code);
    if (!digit) return undefined;
    const demo = JSON.parse(root.dataset.demos)[Number(digit[2]) - 1];
    return demo ? new URL(demo, location.href).href : null;
  }

  // A class's live session (.presenter[data-live-step]): ``to`` (next, back, reveal: R) posted to its
  // API, so every phone follows, then its new frame shown; a disabled button: nowhere to go.
  async function liveStep(root, to) {
    if (busy || root.dataset.stepping) {
      if (playing) playing.finish();
      return;
    }
    const button = root.querySelector('.live-nav button[data-to="' + to + '"]');
    const summary = root.querySelector(".live-nav .live-summary");
    if (to === "next" && !button && summary) location.href = summary.href;  // the quiz's last item: its summary
    if (!button || button.disabled) return;
    root.dataset.stepping = to;
    let answer = null;
    try {
      answer = await fetch(root.dataset.liveStep, { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify({ to: to }) });
    } catch (error) {
      answer = null;
    }
    if (!answer || !answer.ok) {  // the screen as the session now is (another device may have ended it)
      location.href = root.dataset.liveScreen;
      return;
    }
    go(root.dataset.liveScreen, to === "next");
  }

  function showKeys() {
    const hint = presenter().querySelector(".presenter-keys");
    if (hint) hint.hidden = false;
  }

  document.addEventListener("keydown", function (event) {
    if (!presenter() || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
    // A live session's Back, Reveal and Next buttons keep the keys (arrows, R...) but their own Space and Enter.
    const onButton = event.target.closest && event.target.closest(".live-nav button");
    if (onButton && (event.key === " " || event.key === "Enter")) return;
    if (!onButton && event.target.closest && event.target.closest("input, select, textarea, button, [contenteditable]")) return;
    const root = presenter();
    if (!blank().hidden) {  // any key brings the screen back, and does nothing else
      event.preventDefault();
      setBlank(false);
      return;
    }
    // B and L by the key's place (event.code), so they work in any keyboard layout (L is م in Arabic).
    const jump = jumpTo(root, event);
    if (event.code === "KeyB" || BLANK.indexOf(event.key) >= 0) {
      event.preventDefault();
      setBlank(true);
    } else if (jump !== undefined) {
      event.preventDefault();
      if (jump && jump !== location.href) go(jump, false);
    } else if (event.code === "KeyL") {
      event.preventDefault();
      location.href = root.querySelector(".presenter-lang").href;
    } else if (NEXT.indexOf(event.key) >= 0 && !event.shiftKey) {
      event.preventDefault();
      if (root.dataset.liveStep) liveStep(root, "next");
      else if (root.dataset.next) go(root.dataset.next, true);
      else atEdge("next");
    } else if (BACK.indexOf(event.key) >= 0 || (event.key === " " && event.shiftKey)) {
      event.preventDefault();
      if (root.dataset.liveStep) liveStep(root, "back");
      else if (root.dataset.back) go(root.dataset.back, false);
      else atEdge("back");
    } else if (event.code === "KeyR" && root.dataset.liveStep) {
      event.preventDefault();
      liveStep(root, "reveal");
    }
  });

  // The Back and Next links, clicked or tapped: the same as the keys.
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest('.presenter-nav a[rel="next"], .presenter-nav a[rel="prev"]');
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(link.href, link.rel === "next");
  });

  // A live session's Back, Reveal and Next buttons: the same as the keys (their form, without JavaScript).
  document.addEventListener("click", function (event) {
    const button = event.target.closest && event.target.closest(".live-nav button[data-to]");
    if (!button || !presenter()) return;
    event.preventDefault();
    liveStep(presenter(), button.dataset.to);
  });

  document.addEventListener("click", function (event) {
    if (presenter() && event.target.closest && event.target.closest(".presenter-blank")) setBlank(false);
  });

  if (presenter()) showKeys();
})();
