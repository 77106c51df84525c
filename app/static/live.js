// A student's phone in a live session (app/templates/live/frame.html).
// - Follow the session's event stream and swap in the page of each frame it has not shown (the
//   stream's id is the session's version), keeping the one stream open; load the page again when
//   the session ends or this student is removed. EventSource reconnects by itself, sending the last
//   id it had, so the stream never replays old frames. Before a session starts, look again every
//   data-refresh seconds, as the page does without JavaScript.
// - Answer through the JSON API (POST .../live/answers) instead of the form's POST, and show the
//   engine's verdict in place (#live-verdict, a status region): the mark, the reason and the rule's
//   link, in the page's language (the API's ?lang=); then the controls are locked on the answer.
(function () {
  "use strict";
  var live = document.querySelector(".live[data-events]");
  if (!live) {
    return;
  }

  var lock = function (answer) {
    live.querySelectorAll(".live-answer button, .live-answer input").forEach(function (control) {
      control.disabled = true;
    });
    live.querySelectorAll(".live-choices details").forEach(function (details) {
      details.open = false;
    });
    live.querySelectorAll(".live-choices li[data-choice]").forEach(function (item) {
      if (item.getAttribute("data-choice") === answer) {
        item.setAttribute("data-chosen", "");
      }
    });
  };

  var say = function (body) {
    var verdict = document.getElementById("live-verdict");  // each frame's page has its own
    var line = document.createElement("p");
    if (body.error) {
      line.className = "live-notice";
      line.textContent = body.message;
    } else {
      var mark = document.createElement("span");
      mark.className = "live-mark";
      mark.setAttribute("aria-hidden", "true");
      mark.textContent = body.right ? "✓" : "✗";
      var link = document.createElement("a");
      link.href = body.rule_url;
      link.textContent = body.message.slice(body.said.length + 1);  // the message is the verdict, then the rule
      line.append(mark, " " + body.said + " ", link);
      verdict.setAttribute("data-right", body.right ? "true" : "false");
      verdict.setAttribute("data-legal", body.legal ? "true" : "false");
    }
    verdict.replaceChildren(line);
    verdict.scrollIntoView({block: "nearest"});
  };

  var given = function (form, submitter) {
    var answer = submitter && submitter.name === "answer" ? submitter.value : form.elements.namedItem("answer").value;
    if (submitter && submitter.name === "color") {  // a wild, with the colour its button names
      return {action: "play", card: answer, color: submitter.value};
    }
    return /^[0-9]{1,4}$/.test(answer) && form.classList.contains("live-number") ? Number(answer) : answer;
  };

  if (window.fetch) {
    live.addEventListener("submit", function (event) {
      var form = event.target;
      if (!form.classList.contains("live-answer")) {
        return;
      }
      event.preventDefault();
      var submitter = event.submitter;
      var asked = live.getAttribute("data-version");
      var body = {frame: Number(form.elements.namedItem("frame").value), answer: given(form, submitter)};
      fetch(form.getAttribute("data-answers"), {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/json", "Accept": "application/json"}, body: JSON.stringify(body)
      }).then(function (response) {
        return response.json();
      }).then(function (answered) {
        if (live.getAttribute("data-version") !== asked) {  // a newer frame came meanwhile: its page says it all
          return;
        }
        if (answered.error === "live-frame-gone") {
          window.location.reload();
          return;
        }
        if (!answered.error || answered.error === "live-answers-closed") {
          lock(answered.answer);
        }
        say(answered);
      }).catch(function () {  // the network or the server failed: the form's own POST says why
        if (submitter && submitter.name) {
          var field = document.createElement("input");
          field.type = "hidden";
          field.name = submitter.name;
          field.value = submitter.value;
          form.append(field);
        }
        form.submit();
      });
    });
  }

  var reload = function () {
    window.location.reload();
  };
  if (!live.hasAttribute("data-version")) {  // no session yet: look again as the page without JavaScript does
    window.setTimeout(reload, 1000 * Number(live.getAttribute("data-refresh") || 2));
    return;
  }
  if (!window.EventSource || !window.fetch || !window.DOMParser) {
    return;
  }

  // The page of a newer frame, swapped in place of this one's: the stream stays open (one per phone
  // for the whole session), and the page keeps its scroll. A frame older than the one shown (two
  // steps' pages crossing) is left out; anything unexpected loads the page again.
  var version = function (element) {
    return Number(element.getAttribute("data-version") || 0);
  };
  var swap = function () {
    fetch(window.location.pathname, {credentials: "same-origin", cache: "no-store"}).then(function (response) {
      if (!response.ok) {
        throw new Error(response.status);
      }
      return response.text();
    }).then(function (html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".live[data-events]");
      if (!fresh || !fresh.hasAttribute("data-version")) {
        reload();
      } else if (version(fresh) > version(live)) {
        ["class", "data-version", "data-frame", "data-kind"].forEach(function (name) {
          live.setAttribute(name, fresh.getAttribute(name));
        });
        live.replaceChildren.apply(live, Array.from(fresh.childNodes));
      }
    }).catch(reload);
  };

  var events = new EventSource(live.getAttribute("data-events"));
  var ended = function () {
    events.close();
    reload();
  };
  events.addEventListener("frame", function (event) {
    if (Number(event.lastEventId) > version(live)) {
      swap();
    }
  });
  events.addEventListener("end", ended);
  events.addEventListener("removed", ended);
  events.addEventListener("error", function () {
    if (events.readyState === EventSource.CLOSED) {  // the stream refused (the session ended, or the student removed)
      ended();
    }
  });
})();
