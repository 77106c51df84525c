// The teacher's class page (classroom/page.html) kept up to date: every few seconds it reads the
// class's JSON (GET /api/v1/classes/<code>, in the page's language) and redraws the students'
// rows and the refused rules (the few the class gets wrong most) from the page's own <template>s, the markup the server draws them
// with (each row's link to remove its student included). Text goes in as text: a nickname is
// never read as HTML. Without JavaScript the page
// reloads itself as often (a meta refresh in <noscript>), so this file keeps the place instead.
// A part a feature adds (the class's tables) is read again as its own page and put in place.
"use strict";

(function () {
  const progress = document.getElementById("progress");
  if (!progress) return;
  const refusals = document.getElementById("refusals");
  const every = Number(progress.dataset.refresh) * 1000;

  function fill(row, field, text) {
    const cell = row.querySelector('[data-field="' + field + '"]');
    if (cell) cell.textContent = String(text);
    return cell;
  }

  function studentRow(student) {
    const row = document.getElementById("student-row").content.firstElementChild.cloneNode(true);
    fill(row, "name", student.name);
    fill(row, "round", student.round);
    fill(row, "cards_left", student.cards_left);
    fill(row, "refused", student.refused);
    const worst = row.querySelector('[data-field="most_refused"]');
    if (student.most_refused) {
      const link = document.createElement("a");
      link.href = student.most_refused.url;
      link.textContent = student.most_refused.title;
      worst.replaceChildren(link);
    } else {
      worst.textContent = "—";
    }
    fill(row, "finished", student.finished ? progress.dataset.yes : progress.dataset.notYet);
    const watch = row.querySelector('[data-field="watch"]');
    watch.href = student.watch || "";
    watch.hidden = !student.watch;  // the class has ended: its watch links are off
    watch.querySelector("bdi").textContent = student.name;
    const remove = row.querySelector('[data-field="remove"]');
    remove.href = progress.dataset.remove + student.number + "/remove";
    remove.querySelector("bdi").textContent = student.name;
    return row;
  }

  function refusalRow(refusal) {
    const row = document.getElementById("refusal-row").content.firstElementChild.cloneNode(true);
    const link = row.querySelector("a");
    link.href = refusal.url;
    link.textContent = refusal.title;
    row.querySelector("td").textContent = String(refusal.count);
    return row;
  }

  // A section's table (or its "none yet" line) with ``rows`` in it.
  function show(section, rows) {
    section.querySelector("tbody").replaceChildren.apply(section.querySelector("tbody"), rows);
    section.querySelector(".table-wrap").hidden = rows.length === 0;
    section.querySelector(".empty").hidden = rows.length > 0;
  }

  async function look() {
    let answer;
    try {
      const response = await fetch(progress.dataset.api, { credentials: "same-origin", cache: "no-store" });
      if (response.status === 403) window.location.reload();  // no longer this class's teacher: the page says so
      if (!response.ok) return;
      answer = await response.json();
    } catch (error) {
      return;  // no network for now: look again later
    }
    if (answer.ended && !("ended" in progress.dataset)) {
      window.location.reload();  // ended on another device: the page says so, without the ways to join
      return;
    }
    show(progress, answer.students.map(studentRow));
    show(refusals, answer.refusals.slice(0, Number(refusals.dataset.shown)).map(refusalRow));
    document.querySelectorAll("section[data-part]").forEach(lookAtPart);
  }

  // A part a feature adds to the page (the class's tables: data-part, the same part on a page of
  // its own, drawn by the server as here): its new contents put in place when they changed, the
  // focus kept on the link that had it (found again by its id).
  async function lookAtPart(part) {
    let fresh;
    try {
      const response = await fetch(part.dataset.part, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      fresh = page.getElementById(part.id);
    } catch (error) {
      return;
    }
    if (!fresh || fresh.innerHTML === part.innerHTML) return;
    const focused = part.contains(document.activeElement) && document.activeElement.id;
    part.replaceChildren.apply(part, Array.from(fresh.childNodes));
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  window.setInterval(function () { if (!document.hidden) look(); }, every);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) look(); });
})();
