// Answers in place, for the quiz and every rules page's "Check yourself": the same GET forms the
// page works with without JavaScript, sent with fetch. The server's answer is the page the form
// leads to; the answered question (the element with the same id) is taken from it and put where
// the question was, and the focus moves to its explanation. The quiz page takes the whole quiz
// from the answer and its address goes into the history, so reloading or sharing shows the same.
// Anything unexpected (an error page, no answer): the browser simply goes to the address.
"use strict";

(function () {
  const GIVE_UP_AFTER = 15000;  // ms: a server that never answers must not leave the page waiting

  function address(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    return form.action + "?" + new URLSearchParams(data).toString();
  }

  function fetchPage(url) {
    const controller = new AbortController();
    const timer = setTimeout(function () { controller.abort(); }, GIVE_UP_AFTER);
    return fetch(url, { credentials: "same-origin", signal: controller.signal }).then(function (response) {
      clearTimeout(timer);
      if (!response.ok) throw new Error(String(response.status));
      return response.text().then(function (html) {
        return { url: response.url, page: new DOMParser().parseFromString(html, "text/html") };
      });
    });
  }

  // Replace ``current`` with the element of the same id in ``page``; focus what ``focusSelector`` finds in it.
  function swap(current, page, focusSelector) {
    const fresh = page.getElementById(current.id);
    if (!fresh) return null;
    const placed = document.importNode(fresh, true);
    current.replaceWith(placed);
    const target = placed.querySelector(focusSelector) || placed;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    return placed;
  }

  function go(url, current, focusSelector, remember) {
    const form = current.querySelector(".quiz-form");
    if (form) form.setAttribute("aria-busy", "true");
    fetchPage(url).then(function (answer) {
      if (!swap(current, answer.page, focusSelector)) throw new Error("not in the answer");
      if (remember) {
        history.pushState(null, "", answer.url);
        document.title = answer.page.title;
      }
    }).catch(function () { location.assign(url); });
  }

  document.addEventListener("submit", function (event) {
    const form = event.target.closest && event.target.closest(".quiz-form");
    if (!form) return;
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;  // a second click while the first is on its way
    const url = address(form, event.submitter);
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
