// Progressive enhancement of the practice table: the same forms, sent with fetch (swap.js), no
// reload, and each move's steps played on the table itself by the step player (steps.js), at the
// pace the learner sets (remembered), with pause and one step at a time. The hand is one tab stop (arrow
// keys in reading order), D and U draw and say UNO, and the log is a drawer on phones.
// Without this file every form still works (POST, then redirect back to the table).
"use strict";

(function () {
  document.documentElement.classList.add("js");  // practice.css hides what only a page without it needs
  const steps = window.UnoSteps;  // steps.js, loaded first
  const swap = window.UnoSwap;  // swap.js, loaded before it
  const announce = steps.announce, pace = steps.pace, syncControls = steps.syncControls;
  let player = null;  // the step player, while it plays a move's steps
  let sending = false;  // a move on its way (send): the table is not followed meanwhile (tables.js)
  let tapped = null;  // the card the learner tapped while the steps played: judged once they end
  const OPENING = "uno-tutor-opening";  // set by opening.js when a new game's form is sent
  const SHOW_SENDING_AFTER = 300;  // ms: a quick answer shows no "Sending" flash
  const SETTLING = 300;  // ms: the second click of a double click lands on nothing (a deliberate click comes later)
  let settledAt = 0;  // when the latest answer's table was put in place

  // ---- The table after each answer ------------------------------------------------------------

  // Roving tabindex: the hand is one tab stop; ``chosen`` keeps the focus where it was.
  function setUpHand(table) {
    return steps.rovingHand(table, table.querySelector(".card-button[data-refused]"));
  }

  // The UNO! box (macros/table.html's uno_box) becomes a toggle button: pressed, the card played
  // with it calls UNO. The box stays in the form, hidden, and is what the form sends.
  function unoButtons(table) {
    table.querySelectorAll(".uno-box").forEach(function (box) {
      const check = box.querySelector(".uno-check");
      const label = box.querySelector(".uno-toggle");
      if (!check || !label) return;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "uno-toggle";
      button.setAttribute("aria-pressed", String(check.checked));
      button.append.apply(button, Array.from(label.childNodes));
      label.replaceWith(button);
      check.hidden = true;
    });
  }

  function toggleUno(button) {
    const check = button.closest(".uno-box").querySelector(".uno-check");
    check.checked = !check.checked;
    button.setAttribute("aria-pressed", String(check.checked));
  }

  // The log's drawer on a phone (where each step's "Why:" is): open or shut, its opener saying which.
  function showLog(table, open) {
    const log = table.querySelector("#log");
    const opener = table.querySelector(".log-open");
    if (log) log.classList.toggle("open", open);
    if (opener) opener.setAttribute("aria-expanded", String(open));
    if (open) steps.showLatest(table);  // (not while it was shut: steps.js)
  }

  function setUp(table) {
    syncControls(table, null);
    unoButtons(table);
    showLog(table, Boolean(table.querySelector("#log.open")));
    const keys = table.querySelector(".keys");
    if (keys) keys.hidden = false;
    const close = table.querySelector(".log-close");
    if (close) close.hidden = false;
    setUpHand(table);
  }

  // Where the learner acts next on ``table`` (an answer's, made ready): a refused card, a choice to
  // make, or the hand on their turn.
  function nextFocus(table, choosing) {
    const refused = table.querySelector(".card-button[data-refused]");
    if (refused) return refused;
    const panel = table.querySelector("#decision");
    const waitingChoice = panel && panel.querySelector(".colours, .drawn, .notice, .result, button[name=target]");
    const hand = table.querySelector('.hand-cards .card-button[tabindex="0"]');
    return !choosing && !waitingChoice && hand && table.querySelector(".draw-button") ? hand : panel;
  }

  // The element of ``current`` that swap.patch(current, fresh) makes ``node`` (of ``fresh``) into,
  // known before the patch writes anything; null if the patch puts ``node`` itself in.
  function counterpart(current, fresh, node) {
    if (node === fresh) return current;
    const above = counterpart(current, fresh, node.parentNode);
    const pair = above && swap.paired(above, node.parentNode).find(function (pair) { return pair[1] === node; });
    return pair ? pair[0] : null;
  }

  // The move could not be sent or was not answered: the table stays as it was and says so. (If
  // the move did arrive late, the next try is told the game has moved on, and sees where.)
  function failed(current) {
    const status = current.querySelector(".sending");
    if (!status) return;
    status.classList.add("notice", "notice-error");
    status.hidden = false;
    status.textContent = status.dataset.failed;  // set once shown, so a screen reader reads it
  }

  // An answer that is not a table (a game gone, another browser's game, a server error, or in
  // pass-and-play the pass screen, which holds no hand): its page (``answer``: swap.js's) is
  // shown in place, with the stylesheets it links (swap.js), without sending the move a second time.
  async function showPage(answer) {
    const main = document.querySelector("main");
    const fresh = answer.page.querySelector("main");
    if (!main || !fresh) throw new Error("no page in the answer");
    tapped = null;  // no hand here to judge it in
    await swap.stylesheets(answer.page);
    ["table-page", "practice-table"].forEach(function (kind) {  // layout.html's root_class: the header the page has
      document.documentElement.classList.toggle(kind, answer.page.documentElement.classList.contains(kind));
    });
    main.replaceWith(fresh);
    settledAt = performance.now();
    swap.follow(answer, answer.response.redirected && "replace");
    fresh.focus();
  }

  // Puts the answer's table ``fresh`` in place of ``current``: made ready first (setUp), then
  // patched in (swap.js), so that only what differs changes on the page (#36); the log's drawer
  // stays as it is. With ``focus``, the focus goes where the learner acts next (nextFocus;
  // ``choosing``: a choice asked for; ``played``: steps were just played on ``current``). Returns
  // the table in place (``current``, now reading as ``fresh``).
  function putInPlace(current, fresh, focus) {
    const drawerOpen = Boolean(current.querySelector("#log.open"));  // opened while the steps played, too
    const log = fresh.querySelector("#log");
    if (log) log.classList.toggle("open", drawerOpen);
    setUp(fresh);
    const target = focus && nextFocus(fresh, focus.choosing);
    // Focused before the patch writes, where it is on the page already (a card that stays in the
    // hand, the panel), while the page is still laid out: focused after, it had the patched table
    // laid out within the patch's task, a move's longest (#36 item 6); and the card played gives
    // the focus up to it, not to the page. Focused once in place: a card new to the hand, a refused
    // card (scrolled to there), and any after steps played (their last writes, not laid out yet,
    // and the patch's then laid out once).
    const scroll = Boolean(target && target.hasAttribute("data-refused"));
    const early = target && !focus.played && !scroll && counterpart(current, fresh, target);
    if (early) early.focus({ preventScroll: true });
    if (current !== fresh) swap.patch(current, fresh);
    settledAt = performance.now();
    steps.showLatest(current);
    const focused = early || target;
    if (focused && document.activeElement !== focused) focused.focus({ preventScroll: !scroll });
    return current;
  }

  // Plays the latest steps of ``fresh`` on ``current``, then puts ``fresh`` in its place (and
  // the focus where the learner acts next, unless ``keepFocus``: a watcher's page). Resolves to
  // the table in place.
  async function playThenShow(current, fresh, choosing, keepFocus) {
    const entries = fresh.querySelectorAll(".log-step.latest[data-step]");
    const played = entries.length > 0 && pace() !== "instant";
    if (played) {
      player = new steps.StepPlayer(current, fresh);
      try {
        await player.run();
      } finally {
        player = null;
      }
    } else if (entries.length) {
      announce(steps.sentences(Array.from(entries)));
    }
    const table = putInPlace(current, fresh, keepFocus ? null : { choosing: choosing, played: played });
    // After the move that brought this table is answered (sendOnce lets the next one go then).
    if (tapped) window.setTimeout(judgeTapped, 0);
    return table;
  }

  // A card tapped while the steps played skipped them; now it is sent, as if tapped on this table,
  // if it is still in the hand and the learner's turn: played, or refused with the reason at the
  // card. (Not their turn, or the card gone: the table, caught up, shows why.)
  function judgeTapped() {
    const card = tapped;
    tapped = null;
    const table = document.querySelector(".practice");
    const button = table && table.querySelector('.hand-cards .card-button[data-card="' + card + '"]');
    if (!button || !button.form || !table.querySelector(".draw-button")) return;
    steps.sendOnce(button.form, button, send);
  }

  // Pass-and-play: the answer to a move is the pass screen, which holds no hand. Its latest steps
  // (the move, the bots' turns after it) are played first on this table, whose hand is still the
  // mover's own, with its log showing them as they come; then the pass screen takes its place.
  async function playBeforePassing(current, passing) {
    const entries = Array.from(passing.querySelectorAll(".log-step.latest[data-step]"));
    if (!entries.length) return;
    if (pace() === "instant") {
      announce(steps.sentences(entries));
      return;
    }
    const log = current.querySelector("#log").cloneNode(true);
    log.querySelectorAll(".log-step.latest").forEach(function (entry) { entry.classList.remove("latest"); });
    const list = log.querySelector(".log-steps");
    entries.forEach(function (entry) { list.appendChild(entry.cloneNode(true)); });
    const played = document.createElement("div");  // what the step player reads from an answer's table
    played.append(log, passing.querySelector("[data-counts]").cloneNode(false));
    passing.querySelectorAll("template[data-card]").forEach(function (card) { played.appendChild(card.cloneNode(true)); });
    player = new steps.StepPlayer(current, played);
    try {
      await player.run();
    } finally {
      player = null;
    }
  }

  // A watcher's page (watch.js) follows a game with the same table: each new table's steps played
  // on the one before, with the same pace, pause and drawer (follow resolves to the table in place).
  // A seat's table (tables.js) does too, between its own moves: ``busy`` while one is sent or played.
  window.UnoTable = {
    follow: function (current, fresh) { return playThenShow(current, fresh, false, true); },
    showPage: showPage,
    busy: function () { return sending || player !== null; },
  };

  async function send(form, submitter) {
    sending = true;
    try {
      await sendMove(form, submitter);
    } finally {
      sending = false;
    }
  }

  async function sendMove(form, submitter) {
    const current = document.querySelector(".practice");
    const status = current && current.querySelector(".sending");
    if (status) {  // a failure's notice from an earlier try gives way
      status.hidden = true;
      status.classList.remove("notice", "notice-error");
      status.textContent = "";
    }
    const shown = window.setTimeout(function () {
      if (current) current.dataset.slow = "1";  // the progress cursor (practice.css): a slow answer's only
      if (!status) return;
      status.hidden = false;
      status.textContent = status.dataset.sending;
    }, SHOW_SENDING_AFTER);
    if (current) current.setAttribute("aria-busy", "true");
    let answer;
    try {
      // getAttribute: the form's hidden field named "action" hides the form.action property.
      answer = await swap.load(form.getAttribute("action"), { method: "POST", body: swap.fields(form, submitter) });
    } catch (error) {  // no network, the server down or silent: not sent again behind the learner's back
      if (current) failed(current);
      return;
    } finally {
      window.clearTimeout(shown);
      if (current) {
        current.removeAttribute("aria-busy");
        current.removeAttribute("data-slow");
      }
    }
    const response = answer.response;
    const fresh = answer.page.querySelector(".practice");
    // A table's title and address follow the answer's with its parsing, not in the task that puts
    // it in place, a move's longest at the instant pace (#36 item 6; showPage follows its own).
    if (fresh && current) swap.follow(answer, response.redirected && "replace");
    await swap.nextTask();  // the answer parsed in one task, put in place in the next (#36)
    const passing = answer.page.querySelector(".pass-screen");
    if (passing && current && response.redirected) {
      if (status) status.hidden = true;
      await playBeforePassing(current, passing);
    }
    if (!fresh || !current) {
      await showPage(answer);
      return;
    }
    const choosing = new URL(response.url).searchParams.has("choose");
    const setting = form.classList.contains("hints-form");  // hints on or off: no move to play
    const moved = response.redirected && !choosing && !setting && fresh.dataset.version !== current.dataset.version;
    if (status) status.hidden = true;
    if (moved) {
      await playThenShow(current, fresh, false);
      return;
    }
    const table = putInPlace(current, fresh, setting ? null : { choosing: choosing });
    const switched = setting && table.querySelector(".hints-form button");
    if (switched) switched.focus();
  }

  // A new game's opening moves (the dealer, the first card, bots before you) play the same way:
  // the new-game form (opening.js, data-opening) marks the page it leads to, so a reload or a link back replays nothing.
  // The mark is the time the form was sent: one left by a form that never arrived goes stale.
  let opening = false;
  try {
    opening = Date.now() - Number(sessionStorage.getItem(OPENING)) < 10000;
    sessionStorage.removeItem(OPENING);
  } catch (error) { /* no storage: the table simply opens whole */ }
  const table = document.querySelector(".practice");
  if (table) {
    setUp(table);
    steps.showLatest(table);
    if (opening && table.querySelector(".log-step.latest[data-step]")) {
      const whole = table.cloneNode(true);
      emptyTable(table);
      playThenShow(table, whole, false);
    }
  }

  // The table before the deal: no cards in any hand, none on the pile.
  function emptyTable(table) {
    table.querySelectorAll("#players .player").forEach(function (chip) {
      chip.dataset.count = 0;  // no backs fanned
      chip.querySelectorAll(".player-count, .fan-count").forEach(function (count) { count.textContent = ""; });
    });
    table.querySelectorAll("#players .badge, #players .player-last").forEach(function (mark) {
      if (mark.classList.contains("player-last")) mark.textContent = "";
      else mark.hidden = true;
    });
    table.querySelectorAll(".player-turn").forEach(function (chip) {
      chip.classList.remove("player-turn");
      chip.removeAttribute("aria-current");
    });
    const top = table.querySelector(".pile-top");
    if (top) {
      top.replaceChildren();
      top.dataset.card = "";
    }
    const hand = table.querySelector(".hand-cards");
    if (hand) hand.style.visibility = "hidden";
    const colour = table.querySelector(".active-colour");
    if (colour) colour.hidden = true;
  }

  // ---- Controls: pace, the log's drawer, the hand's keys --------------------------------------

  document.addEventListener("change", function (event) {
    if (event.target.id !== "pace") return;
    try { localStorage.setItem(steps.PACE, event.target.value); } catch (error) { /* kept for this page only */ }
    if (player && event.target.value === "instant") player.finish();
  });

  // The second click of a double click, landing on the table the first one brought (or on the pass
  // screen, whose button would show the next player's hand): it clicks nothing. (Only that click: a
  // single click is never held back, and the table stays clickable.)
  document.addEventListener("click", function (event) {
    if (event.detail > 1 && performance.now() - settledAt < SETTLING && event.target.closest && event.target.closest(".practice, .pass-screen")) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);

  document.addEventListener("click", function (event) {
    const target = event.target.closest && event.target.closest("button, a");
    if (!target || !target.closest(".practice")) return;
    if (target.classList.contains("uno-toggle")) {
      toggleUno(target);
    } else if (target.classList.contains("pace-pause")) {
      if (player) player.pause(!player.paused);
    } else if (target.classList.contains("pace-step")) {
      if (player) player.step();
    } else if (target.classList.contains("log-open")) {
      event.preventDefault();
      showLog(target.closest(".practice"), true);
      document.querySelector("#log .log-close").focus();
    } else if (target.classList.contains("log-close")) {
      showLog(target.closest(".practice"), false);
      const opener = document.querySelector(".log-open");
      if (opener) opener.focus();
    }
  });

  // A long press on a card shows its hint, as hover and focus do.
  document.addEventListener("contextmenu", function (event) {
    const card = event.target.closest && event.target.closest(".hand-card");
    if (!card || !card.querySelector(".hint-text")) return;
    event.preventDefault();
    document.querySelectorAll(".hand-card.pressed").forEach(function (other) { other.classList.remove("pressed"); });
    card.classList.add("pressed");
  });
  document.addEventListener("pointerdown", function (event) {
    if (event.target.closest && event.target.closest(".hand-card.pressed")) return;
    document.querySelectorAll(".hand-card.pressed").forEach(function (other) { other.classList.remove("pressed"); });
  });

  document.addEventListener("keydown", function (event) {
    const inTable = event.target.closest && event.target.closest(".practice");
    // A held Enter key repeats: its repeats must not click through the table the move brings back.
    if (event.repeat && event.key === "Enter" && inTable) {
      event.preventDefault();
      return;
    }
    if (event.key === "Escape") {
      const log = document.querySelector("#log.open");
      if (log) {
        showLog(log.closest(".practice"), false);
        const opener = document.querySelector(".log-open");
        if (opener) opener.focus();
      }
      return;
    }
    if (steps.moveInHand(event)) return;
    // D draws a card and U says UNO, wherever the focus is on the table (never while typing).
    if (event.ctrlKey || event.metaKey || event.altKey || player) return;
    if (event.target.matches && event.target.matches("input:not([type=checkbox]), select, textarea")) return;
    const key = event.key.toLowerCase();
    const page = document.querySelector(".practice");
    if (!page) return;
    if (key === "d") {
      const draw = page.querySelector(".draw-button");
      if (draw) {
        event.preventDefault();
        draw.click();
      }
    } else if (key === "u") {
      const uno = page.querySelector(".uno-button, button.uno-toggle");  // a late UNO, else the toggle
      if (uno) {
        event.preventDefault();
        uno.click();
        if (uno.matches(".uno-toggle") && document.activeElement !== uno) {  // said where the focus is not on it
          announce(uno.textContent + (uno.getAttribute("aria-pressed") === "true" ? " ✓" : " ✗"));
        }
      }
    }
  }, true);

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (!form.classList || !form.classList.contains("move-form") || !form.closest(".practice")) return;
    if (form.dataset.plain) return;  // the fallback below: let the browser send it
    event.preventDefault();
    if (player) {  // a move while steps play: the table catches up first (this form is out of date)
      const card = event.submitter && event.submitter.closest(".hand-cards .card-button");
      tapped = card ? card.dataset.card : null;  // then the card is judged on the table caught up
      player.finish();
      return;
    }
    steps.sendOnce(form, event.submitter, send);  // one move at a time; the server refuses replays anyway
  });
})();
