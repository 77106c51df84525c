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

  // Resolves in a task of its own: work split there holds the page's thread for one half at a time.
  function nextTask() {
    return new Promise(function (resolve) { setTimeout(resolve, 0); });
  }

  // The answer's title becomes this page's; with ``how`` ("push" or "replace") its address too.
  function follow(answer, how) {
    document.title = answer.page.title;
    const url = answer.response.url;  // (not replaced by itself: a replaceState cost ~1 ms a move, #36)
    if (how && !(how === "replace" && url === location.href)) history[how + "State"](null, "", url);
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

  // ---- Patching ----

  const FIELDS = "input, select, textarea";

  // Makes ``current`` read exactly as ``fresh`` (the answer's, parsed; nodes are taken from it),
  // changing only what differs; its fields take the answer's value and check: docs/step-player.md.
  function patch(current, fresh) {
    const then = Array.from(fresh.querySelectorAll(FIELDS), function (field) { return [field.value, field.checked]; });
    patchNode(current, fresh);
    current.querySelectorAll(FIELDS).forEach(function (field, i) {
      const [value, checked] = then[i];
      if (field.value !== value) field.value = value;
      if (field.checked !== checked) field.checked = checked;
    });
  }

  function patchNode(current, fresh) {
    if (current.isEqualNode(fresh)) return;
    if (current.nodeType !== Node.ELEMENT_NODE) {
      current.nodeValue = fresh.nodeValue;  // text or a comment (a node of another kind is equal or replaced)
      return;
    }
    if (current.localName === "template") {  // its card is in its content, which isEqualNode does not compare
      current.replaceWith(fresh);
      return;
    }
    attributes(current, fresh);
    const pairs = paired(current, fresh);
    const kept = new Set(pairs.map(function (pair) { return pair[0]; }));
    Array.from(current.childNodes).forEach(function (node) { if (!kept.has(node)) node.remove(); });
    let next = null;  // the node the next one (going backwards) is put before
    for (let i = pairs.length - 1; i >= 0; i -= 1) {
      const [old, node] = pairs[i];
      if (old) patchNode(old, node);
      else current.insertBefore(node, next);
      next = old || node;
    }
  }

  // Each child of ``fresh`` with the child of ``current`` it is patched onto (null: put in), paired
  // by key in order; nothing that stays is moved (docs/step-player.md).
  function paired(current, fresh) {
    const now = Array.from(current.childNodes);
    const waiting = new Map();  // key -> the children of ``current`` with it, in order
    now.forEach(function (node, index) {
      const k = key(node);
      if (!waiting.has(k)) waiting.set(k, []);
      waiting.get(k).push(index);
    });
    let last = -1;
    return Array.from(fresh.childNodes).map(function (node) {
      const queue = waiting.get(key(node)) || [];
      while (queue.length && queue[0] <= last) queue.shift();
      if (!queue.length) return [null, node];
      last = queue.shift();
      return [now[last], node];
    });
  }

  // Kind and tag, then id, else a log entry's number, else a card (a hand's place holds it first).
  function key(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeName;
    const card = node.classList.contains("hand-card") ? node.firstElementChild : node;
    return node.localName + "#" + (node.id || node.getAttribute("value") || (card && card.getAttribute("data-card")) || "");
  }

  function attributes(current, fresh) {
    Array.from(current.attributes).forEach(function (attribute) {
      if (!fresh.hasAttribute(attribute.name)) current.removeAttribute(attribute.name);
    });
    Array.from(fresh.attributes).forEach(function (attribute) {
      if (current.getAttribute(attribute.name) !== attribute.value) current.setAttribute(attribute.name, attribute.value);
    });
  }

  return { fields: fields, address: address, load: load, nextTask: nextTask, follow: follow, stylesheets: stylesheets, swap: swap, patch: patch, paired: paired };
})();
