"use strict";
// A new game's form (data-opening: home, practice, a class) marks the table it opens, whose
// practice.js plays the opening moves.
document.addEventListener("submit", function (event) {
  if (event.target.hasAttribute("data-opening")) {
    try { sessionStorage.setItem("uno-tutor-opening", String(Date.now())); } catch (e) { /* none */ }
  }
});
