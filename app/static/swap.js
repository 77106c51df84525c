// Fetch and swap for practice.js, steps.js, quiz.js, watch.js and presenter.js: every request gives
// up after TIMEOUT (a silent server must not leave a page waiting), and a failure falls back to the
// page's plain navigation, as without JavaScript, so nothing is lost. patch() puts an answer's
// region in place by changing only what differs (the practice table after each move).
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

  // ---- Patching: the answer's region put in place by changing only what differs ----------------

  // Makes ``current`` (a region of this page) read exactly as ``fresh`` (the answer's, parsed, which
  // it takes nodes from): the same attributes, the same text, the same children. A node whose kind,
  // tag or id changed, and a list whose length changed, is replaced whole; a subtree equal to the
  // answer's is not touched. So after a move the browser restyles, lays out and paints the seats,
  // the pile, the hand and the log entries that changed, not a whole new table (#36), and an
  // element that stays keeps its focus and scroll. Form fields take the answer's value and check.
  function patch(current, fresh) {
    if (current.isEqualNode(fresh)) {  // (which compares a field's attributes, not what was typed or ticked)
      const then = fieldsIn(fresh);
      fieldsIn(current).forEach(function (field, i) { answer(field, then[i]); });
      return;
    }
    if (current.nodeType !== Node.ELEMENT_NODE) {
      current.nodeValue = fresh.nodeValue;  // text or a comment (a node of another kind is equal or replaced)
      return;
    }
    if (current.localName === "template") {  // its card is in its content, which isEqualNode does not compare
      current.replaceWith(fresh);
      return;
    }
    attributes(current, fresh);
    if (FIELDS.includes(current.localName)) answer(current, fresh);
    const now = Array.from(current.childNodes);
    const then = Array.from(fresh.childNodes);
    if (now.length !== then.length || now.some(function (node, i) { return !alike(node, then[i]); })) {
      current.replaceChildren.apply(current, then);
      return;
    }
    now.forEach(function (node, i) { patch(node, then[i]); });
  }

  // The same kind of node, the same element (tag and id): one can be patched into the other.
  function alike(a, b) {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
    if (a.nodeType !== Node.ELEMENT_NODE) return a.nodeType === Node.TEXT_NODE || a.nodeType === Node.COMMENT_NODE;
    return a.id === b.id;
  }

  const FIELDS = ["input", "select", "textarea"];

  // The form fields of ``node`` and under it, in document order.
  function fieldsIn(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const under = Array.from(node.querySelectorAll(FIELDS.join(", ")));
    return FIELDS.includes(node.localName) ? [node].concat(under) : under;
  }

  // ``field`` takes the value and the check of the answer's.
  function answer(field, fresh) {
    if (field.value !== fresh.value) field.value = fresh.value;
    if (field.checked !== fresh.checked) field.checked = fresh.checked;
  }

  function attributes(current, fresh) {
    Array.from(current.attributes).forEach(function (attribute) {
      if (!fresh.hasAttribute(attribute.name)) current.removeAttribute(attribute.name);
    });
    Array.from(fresh.attributes).forEach(function (attribute) {
      if (current.getAttribute(attribute.name) !== attribute.value) current.setAttribute(attribute.name, attribute.value);
    });
  }

  return { fields: fields, address: address, load: load, follow: follow, stylesheets: stylesheets, swap: swap, patch: patch };
})();
