// The course with JavaScript: a step's forms (plain GET forms that work without it) are sent with
// fetch, the answer's new moves are played on the table by the step player (steps.js) before the
// answer's page takes its place, and the learner's progress is kept in localStorage: each lesson
// done or the step reached (resumable: a lesson opened again goes back to where it was left), shown
// on the index. A lesson is done once every one of its steps is complete, in any order; where a
// learner stopped is kept as the step's query alone, so the course in either language links to it in
// its own. The hand is one tab stop, the arrow keys moving through it as on the practice table.
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
      if (!kept.done && kept.query) {
        const link = item.querySelector("a");
        link.href = link.pathname + kept.query;
      }
    });
    const note = course.querySelector(".course-progress");
    if (note && Object.keys(all).length) note.hidden = false;
  }

  // ---- A step: where the learner is -----------------------------------------------------------

  // The step reached (``query``: the page to come back to, in whatever language: the next step once
  // this one is complete), the steps completed (``completed``), and the lesson done once all are.
  function record(lesson) {
    const all = progress();
    const id = lesson.dataset.lesson;
    const number = Number(lesson.dataset.step);
    const total = Number(lesson.dataset.steps);
    const complete = lesson.dataset.complete === "true";
    const kept = all[id] || {};
    const last = number === total;
    const completed = new Set(Array.isArray(kept.completed) ? kept.completed : []);
    kept.query = complete && !last && lesson.dataset.next ? new URL(lesson.dataset.next, location.href).search : location.search;
    delete kept.href;  // kept by an older page with its language in it
    if (complete) completed.add(number);
    kept.completed = Array.from(completed).sort(function (a, b) { return a - b; });
    if (kept.completed.length === total) kept.done = true;
    all[id] = kept;
    keep(all);
    lesson.querySelectorAll(".step-dots a").forEach(function (dot) {
      dot.classList.toggle("reached", completed.has(Number(dot.dataset.step)));
    });
  }

  // Opened without a step (from the index, a bookmark), a begun lesson goes back to where it was.
  function resume(lesson) {
    const kept = progress()[lesson.dataset.lesson];
    if (new URLSearchParams(location.search).has("step") || !kept || kept.done || !kept.query) return false;
    if (kept.query === location.search) return false;
    location.replace(location.pathname + kept.query);
    return true;
  }

  // ---- A step on a phone: the instruction, the table and the hand on the first screen -----------

  const PHONE = matchMedia("(max-width: 39.99rem)");
  let unfolded = null;  // the step whose "More" was pressed

  // A long instruction's lead folded to the lines (one at least) that leave the hand on the first
  // screen; its task stays in view, and the whole of it in the page for a screen reader.
  function fold(lesson) {
    const text = lesson.querySelector(".instruction"), lead = lesson.querySelector(".instruction-lead");
    const more = lesson.querySelector(".instruction-more");
    const last = lesson.querySelector(".lesson-table .hand-cards") || lesson.querySelector(".lesson-table .piles");
    if (!lead || !last || !PHONE.matches || unfolded === lesson.dataset.step) return;
    const over = function () { return last.getBoundingClientRect().bottom + scrollY + 8 - innerHeight; };
    if (over() <= 0) return;
    lead.style.setProperty("--lines", "999");  // measured whole, with the task and "More" below it
    text.classList.add("folded");
    more.hidden = false;
    const height = lead.getBoundingClientRect().height, line = parseFloat(getComputedStyle(lead).lineHeight);
    const lines = Math.max(1, Math.floor((height - over()) / line));
    if (lines * line >= height) {  // "More" would take the line it saves
      text.classList.remove("folded");
      more.hidden = true;
      return;
    }
    lead.style.setProperty("--lines", lines);
    more.addEventListener("click", function () {
      unfolded = lesson.dataset.step;
      text.classList.remove("folded");
      more.hidden = true;
      lead.tabIndex = -1;
      lead.focus();
    });
  }

  function setUp(lesson) {
    steps.rovingHand(lesson, lesson.querySelector(".hand-card.chosen .card-button"));
    record(lesson);
    fold(lesson);
  }

  // The verdict on the screen after an answer, and the next step's link below it as far as it fits.
  function reveal(lesson) {
    const said = lesson.querySelector("#feedback:not([hidden])");
    if (!said) return;
    const top = said.getBoundingClientRect().top;
    const over = (lesson.querySelector(".coach-answer .next-step") || said).getBoundingClientRect().bottom + 8 - innerHeight;
    if (top < 0 || over > 0) scrollBy(0, top < 0 ? top - 8 : Math.min(over, top - 8));
  }

  // After an answer: the next step's link once complete, a choice still to make, the card tried
  // again, the question; while the step goes on, the learner's next decision on the table (a
  // challenge or a catch, else the hand), the table brought whole into view (on a phone the pile
  // and the hand together); else what was said, or the hand. What was said is then brought on
  // screen (``reveal``: a phone's answer lies below the hand) and read out either way.
  function focusAfter(lesson) {
    const table = lesson.querySelector(".lesson-table .position");
    const next = lesson.dataset.complete !== "true" && table &&
      (table.querySelector(".panel .choices button.primary") || table.querySelector('.hand-cards .card-button[tabindex="0"]'));
    const target = lesson.querySelector(".next-step") || lesson.querySelector(".outcome .choices button") ||
      lesson.querySelector(".hand-card.chosen .card-button") || lesson.querySelector(".ask button, .ask input") ||
      next || lesson.querySelector("#feedback:not([hidden])") || lesson.querySelector('.hand-cards .card-button[tabindex="0"]');
    if (target === next) {
      target.focus({ preventScroll: true });
      table.scrollIntoView({ block: "nearest" });
    } else if (target) {
      target.focus({ preventScroll: false });
    }
    reveal(lesson);
    const said = lesson.querySelector("#feedback:not([hidden])");
    if (said) steps.announce(said.textContent.trim().replace(/\s+/g, " "));
  }

  // ---- Sending a form ---------------------------------------------------------------------------

  async function send(form, submitter) {
    const fresh = await steps.fetchAndPlay(form, submitter, ".lesson");
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
