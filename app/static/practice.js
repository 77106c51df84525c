// Progressive enhancement of the practice table: the same forms, sent with fetch, no reload.
// The server has already played the bots' replies; the learner can read them one step at a
// time ("Next step") or all at once, and each revealed step is read out by a polite live region.
// Without this file every form still works (POST, then redirect back to the table).
"use strict";

(function () {
  const live = document.createElement("div");
  live.className = "visually-hidden";
  live.setAttribute("aria-live", "polite");
  document.body.appendChild(live);
  let busy = false;
  const OPENING = "uno-tutor-opening";

  function announce(text) {
    live.textContent = "";
    // A fresh text node after clearing makes screen readers read it even if it repeats.
    window.setTimeout(function () { live.textContent = text; }, 50);
  }

  function stepText(step) {
    return Array.from(step.querySelectorAll("p")).map(function (p) {
      const copy = p.cloneNode(true);
      copy.querySelectorAll(".why").forEach(function (a) { a.remove(); });
      return copy.textContent.trim();
    }).join(" ");
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

  async function send(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    // getAttribute: the form's hidden field named "action" hides the form.action property.
    const url = new URL(form.getAttribute("action"), document.baseURI);
    const response = await fetch(url, { method: "POST", body: data, credentials: "same-origin" });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.querySelector(".practice");
    const current = document.querySelector(".practice");
    if (!fresh || !current) throw new Error("no table in the answer");
    current.replaceWith(fresh);
    document.title = page.title;
    if (response.redirected) history.replaceState(null, "", response.url);
    const choosing = new URL(response.url).searchParams.has("choose");
    // A refusal's notice is role="alert", read out as it appears: it is not announced twice, but
    // brought into view, above the hand the learner clicked in.
    const notice = fresh.querySelector("#notice");
    if (notice) notice.scrollIntoView({ block: "nearest" });
    if (!notice && response.redirected && !choosing && setUpReplay(fresh)) {
      fresh.querySelector(".log-next").focus();
      return;
    }
    const panel = fresh.querySelector("#decision");
    if (panel) panel.focus({ preventScroll: !choosing });
  }

  // A new game's opening moves (the dealer, the first card, bots before you) are followed the same
  // way: the new-game form marks the page it leads to, so a reload or a link back replays nothing.
  let opening = false;
  try {
    opening = sessionStorage.getItem(OPENING) === "1";
    sessionStorage.removeItem(OPENING);
  } catch (error) { /* no storage: the table simply opens whole */ }
  const table = document.querySelector(".practice");
  if (table && opening && setUpReplay(table)) table.querySelector(".log-next").focus();

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.classList && form.classList.contains("new-game")) {
      try { sessionStorage.setItem(OPENING, "1"); } catch (error) { /* see above */ }
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
