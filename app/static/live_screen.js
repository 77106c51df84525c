// The projector of a class's live session (app/templates/live/screen.html): every second, the
// teacher's JSON of the session (GET /api/v1/classes/<code>/live, .presenter[data-live-api]) draws
// the chart of the class's answers again — how many chose each answer, how many were right, the
// rules the wrong ones broke, never a name — and, when another of the teacher's devices has stepped
// the session (a greater version), the screen loads its new frame. presenter.js steps it from here.
"use strict";

(function () {
  const POLL_MS = 1000;

  function screen() {
    return document.querySelector(".presenter[data-live-api]");
  }

  // ``element``'s text, changed only if it differs (a screen reader or a check reading the page
  // meanwhile keeps its nodes).
  function setText(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  // One row of the chart: its count, and its bar's share of all the answers.
  function setRow(row, count, total) {
    const bar = row.querySelector("progress");
    if (bar.max !== Math.max(total, 1)) bar.max = Math.max(total, 1);
    if (bar.value !== count) bar.value = count;
    setText(row.querySelector(".chart-count"), String(count));
  }

  function draw(chart, answers) {
    const drawn = JSON.stringify(answers);
    if (chart.dataset.drawn === drawn) return;  // nothing new since the last poll
    chart.dataset.drawn = drawn;
    setText(chart.querySelector("[data-total]"), String(answers.total));
    setText(chart.querySelector("[data-right]"), String(answers.right));
    const rows = chart.querySelector(".chart-rows");
    const shown = {};
    rows.querySelectorAll("li[data-choice]").forEach(function (row) { shown[row.dataset.choice] = row; });
    Object.keys(answers.by_answer).sort().forEach(function (answer) {
      if (shown[answer]) return;
      const row = chart.querySelector("template.chart-row").content.firstElementChild.cloneNode(true);
      row.dataset.choice = answer;
      row.querySelector("bdi").textContent = answer;
      rows.appendChild(row);
      shown[answer] = row;
    });
    Object.keys(shown).forEach(function (answer) { setRow(shown[answer], answers.by_answer[answer] || 0, answers.total); });
    const rules = JSON.parse(chart.dataset.rules);
    const broken = Object.keys(answers.by_rule).sort(function (a, b) {
      return answers.by_rule[b] - answers.by_rule[a] || (a < b ? -1 : 1);
    });
    const list = chart.querySelector(".chart-rules ol");
    const wanted = broken.map(function (rule) { return rule + ":" + answers.by_rule[rule]; }).join(" ");
    const shownRules = Array.prototype.map.call(list.children, function (item) {
      return item.dataset.rule + ":" + item.querySelector(".chart-count").textContent;
    }).join(" ");
    if (wanted === shownRules) return;  // the rules as drawn already
    list.replaceChildren.apply(list, broken.map(function (rule) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      const count = document.createElement("span");
      item.dataset.rule = rule;
      link.className = "why";
      link.href = rules[rule] ? rules[rule].url : "#";
      link.textContent = rules[rule] ? rules[rule].title : rule;
      count.className = "chart-count";
      count.textContent = String(answers.by_rule[rule]);
      item.append(link, " ", count);
      return item;
    }));
    chart.querySelector(".chart-rules").hidden = broken.length === 0;
  }

  async function poll() {
    const root = screen();
    if (!root) return;
    try {
      const answer = await fetch(root.dataset.liveApi, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (answer.status === 404) {  // the session has ended: the class page says so
        location.href = root.dataset.liveScreen;
        return;
      }
      if (answer.ok) {
        const shown = await answer.json();
        const now = screen();
        if (now && !now.dataset.stepping && shown.session.version > Number(now.dataset.version)) {
          location.reload();  // stepped from another of the teacher's devices
          return;
        }
        const chart = now && now.querySelector(".live-chart");
        if (chart && shown.session.version === Number(now.dataset.version)) draw(chart, shown.answers);
      }
    } catch (error) {
      // offline for a moment: the next poll tries again
    }
    setTimeout(poll, POLL_MS);
  }

  if (screen()) setTimeout(poll, POLL_MS);
})();
