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

// An old link to a rule that moved to a page of its own lands on the old page's link to it
// (pages/_contents.html, app.pages.anchors.MOVED): go on there.
(function () {
  const moved = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (moved && moved.classList.contains("contents-moved")) location.replace(moved.querySelector("a").href);
})();
