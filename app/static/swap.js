// Fetch and swap for practice.js, steps.js, quiz.js, watch.js and presenter.js: every request gives
// up after TIMEOUT (a silent server must not leave a page waiting), and a failure falls back to the
// page's plain navigation, as without JavaScript, so nothing is lost.
"use strict";

window.UnoSwap = (function () {
  const TIMEOUT = 20000;  // ms

  // What ``form`` sends, with the button that sent it.
  function fields(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    return data;
  }

  // Where a GET ``form`` goes (getAttribute: a field named "action" hides form.action).
  function address(form, submitter) {
    const url = new URL(form.getAttribute("action"), document.baseURI);
    url.search = new URLSearchParams(fields(form, submitter)).toString();
    return url;
  }

  // ``url`` fetched (``init``: fetch's options) and parsed: {response, page} (no page for a 204).
  async function load(url, init) {
    const waited = new AbortController();
    const timer = setTimeout(function () { waited.abort(); }, TIMEOUT);
    try {
      const response = await fetch(url, Object.assign({ credentials: "same-origin", signal: waited.signal }, init));
      const text = await response.text();
      const page = response.status === 204 ? null : new DOMParser().parseFromString(text, "text/html");
      return { response: response, page: page };
    } finally {
      clearTimeout(timer);
    }
  }

  // The answer's title becomes this page's; with ``how`` ("push" or "replace") its address too.
  function follow(answer, how) {
    document.title = answer.page.title;
    if (how) history[how + "State"](null, "", answer.response.url);
  }

  // The stylesheets ``page`` (a parsed answer) links that this page lacks, added to this page's head;
  // resolves once they are loaded (or failed): a page swapped in whole (practice.js's showPage, e.g.
  // pass-and-play's pass screen in place of a table) is styled as when loaded, from its first frame.
  function stylesheets(page) {
    const have = new Set([...document.querySelectorAll('link[rel="stylesheet"]')].map(function (link) { return link.href; }));
    const added = [...page.querySelectorAll('head link[rel="stylesheet"]')]
      .filter(function (link) { return !have.has(new URL(link.getAttribute("href"), document.baseURI).href); })
      .map(function (link) {
        const fresh = document.createElement("link");
        fresh.rel = "stylesheet";
        fresh.href = new URL(link.getAttribute("href"), document.baseURI).href;
        const loaded = new Promise(function (resolve) { fresh.onload = fresh.onerror = resolve; });
        document.head.appendChild(fresh);
        return loaded;
      });
    return Promise.all(added);
  }

  // Loads ``url``; awaits ``options.before(fresh, answer)`` (a move played on ``current``), puts the
  // answer's ``selector`` in place of ``current`` (aria-busy till then) and follows it (``history``).
  // Resolves to the new region. No answer in time, or none with the region (an error page): with
  // ``fallback`` the browser goes to ``url`` (resolving to null), else it rejects.
  async function swap(url, current, selector, options) {
    current.setAttribute("aria-busy", "true");
    let answer, fresh;
    try {
      answer = await load(url);
      fresh = answer.page && answer.page.querySelector(selector);
      if (!fresh) throw new Error("no " + selector + " in the answer");
    } catch (error) {
      current.removeAttribute("aria-busy");
      if (!options.fallback) throw error;
      location.assign(url);
      return null;
    }
    if (options.before) await options.before(fresh, answer);
    current.replaceWith(fresh);
    if (options.history) follow(answer, options.history);
    return fresh;
  }

  return { fields: fields, address: address, load: load, follow: follow, stylesheets: stylesheets, swap: swap };
})();
