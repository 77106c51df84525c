// The language links keep the reader's place: a rule's anchor (#uno.catch, where a "why?" link
// lands) has the same id in both languages, but the server never sees the address's fragment.
document.addEventListener("click", function (event) {
  const link = event.target.closest && event.target.closest(".lang-switch a");
  if (link && location.hash) link.hash = location.hash;
});

// A new game's form (data-opening: home, practice, a class) marks the table it opens, whose
// practice.js plays the opening moves.
document.addEventListener("submit", function (event) {
  if (event.target.hasAttribute("data-opening")) {
    try { sessionStorage.setItem("uno-tutor-opening", String(Date.now())); } catch (e) { /* none */ }
  }
});
