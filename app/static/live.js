// A student's phone in a live session (app/templates/live/frame.html): follow the session's event
// stream and load the page again at each frame it has not shown (the stream's id is the session's
// version), or when the session ends or this student is removed. EventSource reconnects by itself,
// sending the last id it had, so the stream never replays old frames.
(function () {
  "use strict";
  var live = document.querySelector(".live[data-events]");
  if (!live || !window.EventSource) {
    return;
  }
  var shown = live.getAttribute("data-version");
  var events = new EventSource(live.getAttribute("data-events"));
  var reload = function () {
    events.close();
    window.location.reload();
  };
  events.addEventListener("frame", function (event) {
    if (event.lastEventId !== shown) {
      reload();
    }
  });
  events.addEventListener("end", reload);
  events.addEventListener("removed", reload);
})();
