// Answers in place, for the quiz and every rules page's "Check yourself": the same GET forms the
// page works with without JavaScript, sent with fetch (swap.js). The server's answer is the page the
// form leads to; the answered question (the element with the same id) is taken from it and put where
// the question was, and the focus moves to its explanation. The quiz page takes the whole quiz
// from the answer and its address goes into the history, so reloading or sharing shows the same.
// Anything unexpected (an error page, no answer in time): the browser simply goes to the address.
"use strict";

(function () {
  const swap = window.UnoSwap;  // swap.js, loaded first

  // Replaces ``current`` with the element of the same id in the page at ``url``; focuses what
  // ``focusSelector`` finds in it (``remember``: the address goes into the history).
  function go(url, current, focusSelector, remember) {
    swap.swap(url, current, "#" + CSS.escape(current.id), { fallback: true, history: remember && "push" }).then(function (placed) {
      if (!placed) return;
      const target = placed.querySelector(focusSelector) || placed;
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    });
  }

  document.addEventListener("submit", function (event) {
    const form = event.target.closest && event.target.closest(".quiz-form");
    if (!form) return;
    event.preventDefault();
    if (form.closest("[aria-busy]")) return;  // a second click while the first is on its way
    const url = swap.address(form, event.submitter);
    const quiz = form.closest("[data-quiz]");
    if (quiz) go(url, quiz, "#feedback", true);
    else go(url, form.closest(".quiz-item"), ".feedback", false);
  });

  // "Try again" on an answered "Check yourself" question: the question asked afresh, in place.
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest(".check-yourself a.retry");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(link.href.split("#")[0], link.closest(".quiz-item"), "button", false);
  });

  // Back and forward through the quiz's answers: show the address's page.
  window.addEventListener("popstate", function () {
    if (document.querySelector("[data-quiz]")) location.reload();
  });
})();
