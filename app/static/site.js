// The language links keep the reader's place: a rule's anchor (#uno.catch, where a "why?" link
// lands) has the same id in both languages, but the server never sees the address's fragment.
document.addEventListener("click", function (event) {
  const link = event.target.closest && event.target.closest(".lang-switch a");
  if (link && location.hash) link.hash = location.hash;
});
