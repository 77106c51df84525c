// The time left to answer a live session's question (.live-timer[data-remaining]: whole seconds
// when the page was drawn), counted down on the projector and on the phones from this device's own
// clock, so a phone whose clock is wrong still counts the right seconds. At zero it says that
// answers are closed (the server refuses them from then on, whatever this clock says).
"use strict";

(function () {
  const TICK_MS = 250;

  function tick() {
    document.querySelectorAll(".live-timer[data-remaining]").forEach(function (timer) {
      if (!timer.dataset.until) timer.dataset.until = String(Date.now() + Number(timer.dataset.remaining) * 1000);
      const left = Math.max(0, Math.ceil((Number(timer.dataset.until) - Date.now()) / 1000));
      const clock = timer.querySelector(".live-clock").firstChild;  // its text node, changed in place
      const shown = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
      if (clock.nodeValue !== shown) clock.nodeValue = shown;
      if (left === 0 && !timer.classList.contains("live-timer-over")) {
        timer.classList.add("live-timer-over");
        timer.querySelector(".live-timer-note").hidden = false;
      }
    });
  }

  tick();
  setInterval(tick, TICK_MS);
})();
