// The sandbox with JavaScript: a card or a decision tried on the position is sent with fetch (the
// same GET form that works without it), what happens if it is played plays out on the table through
// the step player (steps.js: the card travels to the pile, counts change, the direction turns), and
// then the answer takes its place: the position as it was, with the outcome said below it (for screen
// readers too) and the move in the address. The hand is one tab stop, the arrow keys moving through
// it as on the practice table. The builder stays a plain form.
"use strict";

(function () {
  const steps = window.UnoSteps;  // steps.js, loaded first
  const PLACE = ".sandbox-position";
  const OUTCOME = ".outcome, .outcome-room";  // the outcome, or the room made for the first one

  function setUp(place) {
    steps.rovingHand(place, place.querySelector('.hand-card.chosen .card-button'));
  }

  // After an answer: a colour or player still to choose, else the card tried (the hand's tab stop).
  function focusAfter(place) {
    const outcome = place.querySelector(".outcome");
    const target = (outcome && outcome.querySelector(".choices button")) ||
      place.querySelector('.hand-cards .card-button[tabindex="0"]') || outcome;
    if (target) target.focus();
    const verdict = outcome && outcome.querySelector(".outcome-verdict");
    if (verdict) steps.announce(verdict.textContent.trim().replace(/\s+/g, " "));
  }

  async function send(form, submitter) {
    const position = document.querySelector(PLACE + " .position");
    if (position && !position.querySelector(OUTCOME)) {  // the step player says the move where the outcome goes
      const room = document.createElement("div");
      room.className = "outcome-room";
      position.appendChild(room);
    }
    const fresh = await steps.fetchAndPlay(form, submitter, PLACE, OUTCOME);
    setUp(fresh);
    focusAfter(fresh);
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.closest || !form.closest(PLACE + " .position") || form.dataset.plain) return;
    event.preventDefault();
    steps.sendOnce(form, event.submitter, send);
  });

  document.addEventListener("keydown", function (event) {
    if (event.target.closest && event.target.closest(PLACE)) steps.moveInHand(event);
  });

  const place = document.querySelector(PLACE);
  if (place) setUp(place);
})();
