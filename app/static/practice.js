// Progressive enhancement of the practice table: the same forms, sent with fetch, no reload.
// The server has already played the bots' replies; the learner can read them one step at a
// time ("Next step") or all at once, and each revealed step is read out by a polite live region.
// Without this file every form still works (POST, then redirect back to the table).
"use strict";

(function () {
  document.documentElement.classList.add("js");  // practice.css hides what only a page without it needs
  const live = document.createElement("div");
  live.className = "visually-hidden";
  live.setAttribute("aria-live", "polite");
  document.body.appendChild(live);
  let busy = false;
  const OPENING = "uno-tutor-opening";
  const SHOW_SENDING_AFTER = 300;  // ms: a quick answer shows no "Sending" flash
  const GIVE_UP_AFTER = 20000;  // ms: a server that never answers must not freeze the table
  const SETTLING = 300;  // ms: the second click of a double click lands on nothing (a deliberate click comes later)

  function announce(text) {
    live.textContent = "";
    // A fresh text node after clearing makes screen readers read it even if it repeats.
    window.setTimeout(function () { live.textContent = text; }, 50);
  }

  function stepText(step) {
    return Array.from(step.querySelectorAll("p:not(.log-follow)")).map(function (p) {
      const copy = p.cloneNode(true);
      copy.querySelectorAll(".why").forEach(function (a) { a.remove(); });
      return copy.textContent.trim();
    }).join(" ");
  }

  // Beside the table (a wide screen) the log scrolls in its own box: bring the box's foot into the
  // window (scrolling the page at most to the box's top, where it sticks), then the latest move's
  // steps to the top of the box, under its heading, as #log-latest does without JavaScript.
  // Elsewhere the log does not scroll, and this changes nothing.
  function showLatest(table) {
    const log = table.querySelector(".log");
    const latest = table.querySelector("#log-latest");
    if (!log || !latest || log.scrollHeight <= log.clientHeight) return;
    const box = log.getBoundingClientRect();
    const below = box.bottom - window.innerHeight;
    if (below > 0) window.scrollBy(0, Math.min(below, box.top));
    log.scrollTop = latest.offsetTop - log.querySelector("h2").offsetHeight;
  }

  // The table waits while the learner follows the latest steps: it shows where play stands after
  // the last of them, so it comes back (and takes focus) once they are all shown. Returns whether
  // there are steps to follow.
  function setUpReplay(table) {
    const steps = Array.from(table.querySelectorAll(".log-step.latest"));
    const controls = table.querySelector(".log-controls");
    if (!steps.length || !controls) return false;
    steps.slice(1).forEach(function (step) { step.classList.add("pending"); });
    announce(stepText(steps[0]));
    if (steps.length < 2) return false;
    table.classList.add("replaying");
    controls.hidden = false;
    const next = controls.querySelector(".log-next");
    const all = controls.querySelector(".log-all");
    function reveal(list) {
      list.forEach(function (step) { step.classList.remove("pending"); });
      announce(list.map(stepText).join(" "));
      if (table.querySelector(".log-step.pending")) {
        list[list.length - 1].scrollIntoView({ block: "nearest" });
        return;
      }
      controls.hidden = true;
      table.classList.remove("replaying");
      showLatest(table);
      const panel = table.querySelector("#decision");
      if (panel) panel.focus();
    }
    next.addEventListener("click", function () {
      const first = table.querySelector(".log-step.pending");
      if (first) reveal([first]);
    });
    all.addEventListener("click", function () {
      reveal(Array.from(table.querySelectorAll(".log-step.pending")));
    });
    return true;
  }

  // The move could not be sent or was not answered: the table stays as it was and says so. (If
  // the move did arrive late, the next try is told the game has moved on, and sees where.)
  function failed(current) {
    const status = current.querySelector(".sending");
    if (!status) return;
    status.classList.add("notice", "notice-error");
    status.hidden = false;
    status.textContent = status.dataset.failed;  // set once shown, so a screen reader reads it
  }

  // An answer that is not a table (a game gone, another browser's game, a server error): its
  // page is shown in place, without sending the move a second time.
  function showPage(page) {
    const main = document.querySelector("main");
    const answer = page.querySelector("main");
    if (!main || !answer) throw new Error("no page in the answer");
    main.replaceWith(answer);
    document.title = page.title;
    answer.focus();
  }

  async function send(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    // getAttribute: the form's hidden field named "action" hides the form.action property.
    const url = new URL(form.getAttribute("action"), document.baseURI);
    const current = document.querySelector(".practice");
    const status = current && current.querySelector(".sending");
    if (status) {  // a failure's notice from an earlier try gives way
      status.hidden = true;
      status.classList.remove("notice", "notice-error");
      status.textContent = "";
    }
    const shown = window.setTimeout(function () {
      if (!status) return;
      status.hidden = false;
      status.textContent = status.dataset.sending;
    }, SHOW_SENDING_AFTER);
    const waited = new AbortController();
    const giveUp = window.setTimeout(function () { waited.abort(); }, GIVE_UP_AFTER);
    if (current) current.setAttribute("aria-busy", "true");
    let response, text;
    try {
      response = await fetch(url, { method: "POST", body: data, credentials: "same-origin", signal: waited.signal });
      text = await response.text();
    } catch (error) {  // no network, the server down or silent
      if (current) failed(current);
      return;
    } finally {
      window.clearTimeout(shown);
      window.clearTimeout(giveUp);
      if (current) current.removeAttribute("aria-busy");
    }
    const page = new DOMParser().parseFromString(text, "text/html");
    const fresh = page.querySelector(".practice");
    if (!fresh || !current) {
      showPage(page);
      return;
    }
    fresh.classList.add("settling");
    window.setTimeout(function () { fresh.classList.remove("settling"); }, SETTLING);
    current.replaceWith(fresh);
    document.title = page.title;
    if (response.redirected) history.replaceState(null, "", response.url);
    const choosing = new URL(response.url).searchParams.has("choose");
    const setting = form.classList.contains("hints-form");  // hints on or off: no move to follow
    // A refusal's notice is role="alert", read out as it appears: it is not announced twice, but
    // brought into view, above the hand the learner clicked in.
    const notice = fresh.querySelector("#notice");
    if (notice) notice.scrollIntoView({ block: "nearest" });
    if (!notice && response.redirected && !choosing && !setting && setUpReplay(fresh)) {
      fresh.querySelector(".log-next").focus();
      return;
    }
    showLatest(fresh);
    // Focus where the learner is: the decision, or the hints switch they just pressed.
    const focused = fresh.querySelector(setting ? ".hints-form button" : "#decision");
    if (focused) focused.focus({ preventScroll: !choosing && !setting });
  }

  // A new game's opening moves (the dealer, the first card, bots before you) are followed the same
  // way: the new-game form marks the page it leads to, so a reload or a link back replays nothing.
  // The mark is the time the form was sent: one left by a form that never arrived goes stale.
  let opening = false;
  try {
    opening = Date.now() - Number(sessionStorage.getItem(OPENING)) < 10000;
    sessionStorage.removeItem(OPENING);
  } catch (error) { /* no storage: the table simply opens whole */ }
  const table = document.querySelector(".practice");
  if (table && opening && setUpReplay(table)) table.querySelector(".log-next").focus();
  else if (table) showLatest(table);

  // A held Enter key repeats: its repeats must not click through the table the move brings back.
  document.addEventListener("keydown", function (event) {
    if (event.repeat && event.key === "Enter" && event.target.closest && event.target.closest(".practice")) {
      event.preventDefault();
    }
  }, true);

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.classList && form.classList.contains("new-game")) {
      try { sessionStorage.setItem(OPENING, String(Date.now())); } catch (error) { /* see above */ }
      return;
    }
    if (!form.classList || !form.classList.contains("move-form") || !form.closest(".practice")) return;
    if (form.dataset.plain) return;  // the fallback below: let the browser send it
    event.preventDefault();
    if (busy) return;  // a double click sends one move; the server refuses replays anyway
    busy = true;
    const submitter = event.submitter;
    send(form, submitter).then(function () { busy = false; }, function () {
      busy = false;
      form.dataset.plain = "1";  // something failed: send the plain form, as without JavaScript
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
    });
  });
})();
