"use strict";
// An old link to a rule that moved to a page of its own lands on the old page's link to it
// (pages/_contents.html, app.pages.anchors.MOVED): go on there.
(function () {
  const moved = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (moved && moved.classList.contains("contents-moved")) location.replace(moved.querySelector("a").href);
})();
