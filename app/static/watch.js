// A watcher's table (practice/watch.html) follows the game by itself: every few seconds it asks
// for the table again, saying which version and which steps it shows (?after=&since=). "No
// change" is a 204; anything else is the table with the steps since, which practice.js's step
// player plays on this one, as on the owner's table, leaving the focus where the watcher had it.
// A link turned off, or a game gone, answers with its page, shown in place: then it stops.
// Without this file the page's Refresh link does the same by hand.
"use strict";

(function () {
  const table = window.UnoTable;  // practice.js, loaded first
  let stopped = false;

  function marker(root) {
    return root.querySelector(".watch-refresh");
  }

  function sleep(ms) {
    return new Promise(function (resolve) { window.setTimeout(resolve, ms); });
  }

  // Where the focus was inside the old table, to find it again in the new one.
  function selector(element) {
    if (element.id) return "#" + CSS.escape(element.id);
    return element.classList.length ? "." + CSS.escape(element.classList[0]) : null;
  }

  async function look() {
    const shown = document.querySelector(".practice");
    const mark = shown && marker(shown);
    if (!mark) return;
    const url = new URL(mark.getAttribute("href"), document.baseURI);
    url.searchParams.set("after", shown.dataset.version);
    url.searchParams.set("since", mark.dataset.logged);
    let answer;
    try {
      answer = await window.UnoSwap.load(url, { cache: "no-store" });  // swap.js, loaded first
    } catch (error) {
      return;  // no network for now, or no answer in time: look again later
    }
    if (answer.response.status === 204) return;
    const fresh = answer.page.querySelector(".practice");
    if (!answer.response.ok || !fresh) {
      stopped = true;
      await table.showPage(answer);
      return;
    }
    marker(fresh).hidden = true;
    window.UnoSwap.follow(answer);
    const focused = shown.contains(document.activeElement) ? selector(document.activeElement) : null;
    const placed = await table.follow(shown, fresh);
    const again = focused && placed.querySelector(focused);
    if (again && again !== document.activeElement) again.focus({ preventScroll: true });
    if (marker(placed).dataset.over === "true") stopped = true;  // the game is over: nothing more to see
  }

  const first = marker(document);
  if (!first || !table) return;
  first.hidden = true;  // this script looks again by itself
  const every = Number(first.dataset.poll) * 1000;
  (async function follow() {
    while (!stopped && first.dataset.over !== "true") {
      await sleep(every);
      if (!document.hidden) await look();
    }
  })();
})();
