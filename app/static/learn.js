// The course with JavaScript: a step's forms (plain GET forms that work without it) are sent with
// fetch, the answer's new moves are played on the table by the step player (steps.js) before the
// answer's page takes its place, and the learner's progress is kept in localStorage: each lesson
// done or the step reached (resumable: a lesson opened again goes back to where it was left), shown
// on the index. The hand is one tab stop, the arrow keys moving through it as on the practice table.
"use strict";

(function () {
  const steps = window.UnoSteps;  // steps.js, loaded first
  const STORE = "uno-tutor-lessons";

  function progress() {
    try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (error) { return {}; }
  }

  function keep(all) {
    try { localStorage.setItem(STORE, JSON.stringify(all)); } catch (error) { /* kept for this page only */ }
  }

  // ---- The index: each lesson done or begun --------------------------------------------------

  function markCourse(course) {
    const all = progress();
    course.querySelectorAll(".lesson-item").forEach(function (item) {
      const kept = all[item.dataset.lesson];
      if (!kept) return;
      const state = kept.done ? "done" : "begun";
      item.querySelector('[data-state="' + state + '"]').hidden = false;
      if (!kept.done && kept.href) item.querySelector("a").href = kept.href;
    });
    const note = course.querySelector(".course-progress");
    if (note && Object.keys(all).length) note.hidden = false;
  }

  // ---- A step: where the learner is -----------------------------------------------------------

  // The step reached (``href``: the page to come back to, the next step once this one is complete),
  // the furthest step completed, and the lesson done once its last step is.
  function record(lesson) {
    const all = progress();
    const id = lesson.dataset.lesson;
    const number = Number(lesson.dataset.step);
    const complete = lesson.dataset.complete === "true";
    const kept = all[id] || { reached: 0 };
    const last = number === Number(lesson.dataset.steps);
    kept.href = complete && !last && lesson.dataset.next ? lesson.dataset.next : location.pathname + location.search;
    if (complete) kept.reached = Math.max(kept.reached || 0, number);
    if (complete && last) kept.done = true;
    all[id] = kept;
    keep(all);
    lesson.querySelectorAll(".step-dots a").forEach(function (dot) {
      dot.classList.toggle("reached", Number(dot.dataset.step) <= kept.reached);
    });
  }

  // Opened without a step (from the index, a bookmark), a begun lesson goes back to where it was.
  function resume(lesson) {
    const kept = progress()[lesson.dataset.lesson];
    if (new URLSearchParams(location.search).has("step") || !kept || kept.done || !kept.href) return false;
    const there = new URL(kept.href, location.href);
    if (there.pathname !== location.pathname || there.search === location.search) return false;
    location.replace(there.href);
    return true;
  }

  function setUp(lesson) {
    steps.rovingHand(lesson, lesson.querySelector(".hand-card.chosen .card-button"));
    record(lesson);
  }

  // After an answer: the next step's link once complete, a choice still to make, the card tried
  // again, else what was said, or the hand.
  function focusAfter(lesson) {
    const target = lesson.querySelector(".next-step") || lesson.querySelector(".outcome .choices button") ||
      lesson.querySelector(".hand-card.chosen .card-button") || lesson.querySelector(".ask button, .ask input") ||
      lesson.querySelector("#feedback:not([hidden])") || lesson.querySelector('.hand-cards .card-button[tabindex="0"]');
    if (target) target.focus({ preventScroll: false });
    const said = lesson.querySelector("#feedback:not([hidden])");
    if (said) steps.announce(said.textContent.trim().replace(/\s+/g, " "));
  }

  // ---- Sending a form ---------------------------------------------------------------------------

  async function send(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    // getAttribute: a form's hidden field named "action" hides the form.action property.
    const url = new URL(form.getAttribute("action"), document.baseURI);
    url.search = new URLSearchParams(data).toString();
    const current = document.querySelector(".lesson");
    current.setAttribute("aria-busy", "true");  // until the answer's step takes its place
    let fresh, page;
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      page = new DOMParser().parseFromString(await response.text(), "text/html");
      fresh = page.querySelector(".lesson");
      if (!fresh) throw new Error("no step in the answer");
    } catch (error) {
      current.removeAttribute("aria-busy");
      throw error;
    }
    history.replaceState(null, "", url);
    document.title = page.title;
    if (fresh.querySelector(".log-step.latest[data-step]") && steps.pace() !== "instant") {
      await new steps.StepPlayer(current, fresh).run();
    }
    current.replaceWith(fresh);
    setUp(fresh);
    focusAfter(fresh);
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.closest || !form.closest(".lesson") || form.dataset.plain) return;
    event.preventDefault();
    steps.sendOnce(form, event.submitter, send);
  });

  document.addEventListener("keydown", function (event) {
    if (event.target.closest && event.target.closest(".lesson")) steps.moveInHand(event);
  });

  const course = document.querySelector(".course");
  if (course) markCourse(course);
  const lesson = document.querySelector(".lesson");
  if (lesson && !resume(lesson)) setUp(lesson);
})();
