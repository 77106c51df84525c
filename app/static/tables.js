// A seat's table (tables/table.html) follows its table live: the table's event stream
// (GET /api/v1/tables/<id>/events, README "Tables API") says each new version, never a card; the
// page then asks for this seat's table again with the steps since the ones it shows (?since=),
// and practice.js's step player plays them here, as a watcher's page does (watch.js). Not while a
// move of this seat's is on its way or playing (UnoTable.busy): its answer brings that version.
// A join is no new version: while a seat is free (data-free) the page also asks every few seconds,
// and a table whose people changed (data-people) is put in place too, naming who sat down.
// A card being completed (a wild's colour, a 7's player: ?choose=, data-choose) is asked for again
// with the new version, so the chooser stays and the choice, sent on that version, plays; the
// server drops it if the card can no longer be played then.
// A table gone answers with its page, shown in place. Without this file a Refresh link, and a
// page that asks again by itself while another seat is to move, do the same.
"use strict";

(function () {
  const table = window.UnoTable;  // practice.js, loaded first
  const first = document.querySelector(".table-follow");
  if (!table || !first || !window.EventSource) return;
  document.documentElement.classList.add("following");  // no Refresh link: this script follows the table (classroom.css)
  let wanted = 0;  // the newest version the stream announced
  let looking = false;
  let recheck = false;  // a free seat's look: whoever sat down since
  const FREE_SEAT_LOOK = 5000;  // ms between two looks while a seat is free

  function sleep(ms) {
    return new Promise(function (resolve) { window.setTimeout(resolve, ms); });
  }

  function shown() {
    return document.querySelector(".practice");
  }

  function behind() {
    const current = shown();
    return Boolean(current) && (recheck || wanted > Number(current.dataset.version));
  }

  // Whether ``fresh`` is newer than ``current``: a later version, or the same with other people.
  function newer(fresh, current) {
    const before = Number(current.dataset.version), after = Number(fresh.dataset.version);
    const people = function (root) { return root.querySelector(".table-follow").dataset.people; };
    return after > before || (after === before && people(fresh) !== people(current));
  }

  // Where the focus was inside the old table, to find it again in the new one.
  function selector(element) {
    if (element.id) return "#" + CSS.escape(element.id);
    return element.classList.length ? "." + CSS.escape(element.classList[0]) : null;
  }

  async function look() {
    if (looking) return;
    looking = true;
    try {
      while (behind()) {
        if (table.busy()) {
          await sleep(100);
          continue;
        }
        const current = shown();
        const mark = current.querySelector(".table-follow");
        recheck = false;
        const url = new URL(mark.getAttribute("href"), document.baseURI);
        url.searchParams.set("since", mark.dataset.logged);
        if (mark.dataset.choose) {
          url.searchParams.set("choose", mark.dataset.choose);
          if (mark.hasAttribute("data-uno")) url.searchParams.set("uno", "1");
        }
        let answer;
        try {
          answer = await window.UnoSwap.load(url, { cache: "no-store" });  // swap.js
        } catch (error) {
          return;  // no network for now: the stream's next version, or its heartbeat, tries again
        }
        const fresh = answer.page.querySelector(".practice");
        if (!answer.response.ok || !fresh) {
          stream.close();
          await table.showPage(answer);
          return;
        }
        if (table.busy() || shown() !== current || !newer(fresh, current)) continue;
        const focused = current.contains(document.activeElement) ? selector(document.activeElement) : null;
        const placed = await table.follow(current, fresh);
        const again = focused && placed.querySelector(focused);
        if (again && again !== document.activeElement) again.focus({ preventScroll: true });
      }
    } finally {
      looking = false;
    }
  }

  (async function lookForPeople() {
    for (;;) {
      await sleep(FREE_SEAT_LOOK);
      const mark = shown() && shown().querySelector(".table-follow");
      if (!mark || !mark.hasAttribute("data-free")) return;  // every seat a person's now
      if (document.hidden) continue;
      recheck = true;
      look();
    }
  })();

  const stream = new EventSource(first.dataset.events);
  stream.addEventListener("version", function (event) {
    wanted = Math.max(wanted, JSON.parse(event.data).version);
    look();
  });
  function gone() {
    stream.close();
    window.location.reload();  // the table's page says why: gone, or this browser's seat lost
  }
  stream.addEventListener("gone", gone);
  stream.addEventListener("error", function () {
    if (stream.readyState === EventSource.CLOSED) gone();  // refused (a 404, a 403), not merely cut
  });
})();
