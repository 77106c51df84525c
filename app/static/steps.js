// The step player: a move's steps played on a table that shows where play stood before them — a
// card travels to the pile, the acting player is marked, counts change, the direction turns — at
// the learner's pace, each step said in the caption and to a polite live region (reduced motion:
// nothing travels, the places are lit). practice.js, learn.js, sandbox.js and presenter.js use it.
// The markup it plays on, and why it does what it does as it does: docs/step-player.md.
"use strict";

window.UnoSteps = (function () {
  const PACE = "uno-tutor-pace";
  // ms a step's event stays in view. "brisk", the default, plays a bot's ordinary turn (a card
  // flies, the sentence is said) in about the second a card game gives it; the slower paces are
  // for teaching. The names are kept in the learner's storage: a kept "normal" stays normal.
  const PACES = { slow: 1700, normal: 900, brisk: 650, fast: 400, instant: 0 };
  const DEFAULT_PACE = "brisk";
  const FLIGHT = 550;  // ms: the longest a card travels, however slow the pace
  const OVERRUN = 40;  // ms: a flight's animation lasts this much longer than the card is left to fly
  // The events whose card (or card's back) travels; the others light a place and say their words.
  const TRAVELS = new Set(["play", "first", "redraw", "draw", "deal"]);
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const live = document.createElement("div");
  live.className = "visually-hidden";
  live.setAttribute("aria-live", "polite");
  document.body.appendChild(live);

  let saying = null;  // the timer of a repeated sentence
  function announce(text) {
    window.clearTimeout(saying);
    if (live.textContent !== text) {  // said at once: no second change (a frame of the page's) to come
      live.textContent = text;
      return;
    }
    live.textContent = "";
    // The same sentence again: cleared first, so that screen readers read it again.
    saying = window.setTimeout(function () { live.textContent = text; }, 50);
  }

  // Text, an attribute or a flag written only if it changes: a write of the same value still
  // makes the browser restyle (and, for text, lay out) what it touches. settle() writes every
  // seat's whole state at each step, and most of it stays as it was.
  function setText(element, text) {
    if (element && element.textContent !== String(text)) element.textContent = text;
  }
  function setAttr(element, name, value) {
    if (value === null) element.removeAttribute(name);
    else if (element.getAttribute(name) !== String(value)) element.setAttribute(name, value);
  }
  function setHidden(element, hidden) {
    if (element && element.hidden !== hidden) element.hidden = hidden;
  }

  // A flying card moves on a layer of its own, fixed over the page and contained (practice.css's
  // .sky): put in or taken out, it is laid out and painted alone, never the table under it (#36).
  let layer = null;
  function sky() {
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.className = "sky";
      layer.setAttribute("aria-hidden", "true");
      document.body.appendChild(layer);
    }
    return layer;
  }

  function pace() {
    let chosen = null;
    try { chosen = localStorage.getItem(PACE); } catch (error) { /* no storage: the default */ }
    return chosen in PACES ? chosen : DEFAULT_PACE;
  }

  function sleep(ms) {
    return new Promise(function (resolve) { window.setTimeout(resolve, ms); });
  }

  // ---- The step player ----------------------------------------------------------------------

  // Plays the latest log entries of ``fresh`` (the answer's page: their data-step JSON) on
  // ``table``, the table as it stood before them; the caller then puts ``fresh`` in its place. The
  // table never disappears: its decision panel says each step while it plays. ``log``: the
  // selector of the element that holds the entries (#log on the practice table and in a lesson; the
  // sandbox's outcome).
  function StepPlayer(table, fresh, log) {
    this.table = table;
    this.fresh = fresh;
    this.log = log || "#log";
    this.paused = false;
    this.release = null;
    this.done = false;
    // The words for card counts: the practice table keeps them on #players, a lesson beside its table.
    this.counts = JSON.parse(fresh.querySelector("[data-counts]").dataset.counts);
    this.me = Number(table.dataset.me || 0);  // the seat whose hand the table shows (pass-and-play: data-me)
    this.lit = new Set();  // the places lit by the step that plays
  }

  StepPlayer.prototype.seat = function (seat) {
    return this.table.querySelector('.players [data-seat="' + seat + '"]');
  };

  // Where a seat's cards are: its fanned backs (the practice table), else its chip.
  StepPlayer.prototype.backs = function (seat) {
    const chip = this.seat(seat);
    return (chip && chip.querySelector(".fan")) || chip;
  };

  StepPlayer.prototype.countLabel = function (n) {
    return this.counts[n] !== undefined ? this.counts[n] : String(n);
  };

  StepPlayer.prototype.setCount = function (seat, n) {
    const chip = this.seat(seat);
    if (!chip) return;
    setAttr(chip, "data-count", n);  // the backs fanned (seats.css)
    setText(chip.querySelector(".player-count"), this.countLabel(n));
    setText(chip.querySelector(".fan-count"), n);
  };

  StepPlayer.prototype.count = function (seat) {
    const chip = this.seat(seat);
    return chip ? Number(chip.dataset.count) : 0;
  };

  StepPlayer.prototype.setDrawPile = function (n) {
    const label = this.table.querySelector(".pile-count");
    setText(label, this.countLabel(n));
  };

  // The duration of one event at the chosen pace (0: instant).
  StepPlayer.prototype.beat = function () {
    return PACES[pace()];
  };

  // The time each of a step's events is given: a travelling event its beat (the flight, then a
  // moment to read where it landed), one that only lights a place less, a "pending" (a penalty
  // waiting for an answer, which changes nothing on the table) less still: its words suffice.
  StepPlayer.prototype.plan = function (events) {
    const beat = this.beat();
    return events.map(function (event) {
      const ms = event.kind === "pending" ? beat / 2 : beat;
      return TRAVELS.has(event.kind) ? ms : Math.max(ms * 0.4, ms - FLIGHT);
    });
  };

  // Waits while paused; "One step" lets one more step through. While play waits here the table
  // has the class "waiting", which marks the button (a step still under way ends first).
  StepPlayer.prototype.gate = function () {
    const self = this;
    if (!this.paused || this.done) return Promise.resolve();
    this.table.classList.add("waiting");
    return new Promise(function (resolve) { self.release = resolve; });
  };

  StepPlayer.prototype.pause = function (paused) {
    this.paused = paused;
    if (!paused) this.step();
    syncControls(this.table, this);
  };

  StepPlayer.prototype.step = function () {
    const release = this.release;
    this.release = null;
    this.table.classList.remove("waiting");
    if (release) release();
  };

  StepPlayer.prototype.finish = function () {
    this.done = true;
    this.step();
  };

  // A card (or a card's back) travels from one place to another; without motion, both are lit.
  // Resolves to true if it flew.
  StepPlayer.prototype.travel = async function (element, from, to, ms) {
    if (!from || !to || ms === 0 || this.done) return false;
    const flight = Math.min(ms * 0.6, FLIGHT);  // show() waits out the rest of ``ms``
    if (reducedMotion.matches || !element.animate) {
      from.classList.add("lit-still");
      to.classList.add("lit-still");
      await sleep(flight);
      from.classList.remove("lit-still");
      to.classList.remove("lit-still");
      return false;
    }
    // Placed where it lands, on the sky, it starts from the middle of where it leaves, no bigger
    // than it ends, and settles there from a little bigger: one animation on the compositor (each
    // one started costs the page a few frames of its own), the card's landing included (#36).
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    element.classList.add("flying");
    element.style.left = b.left + "px";
    element.style.top = b.top + "px";
    element.style.width = b.width + "px";
    element.style.height = b.height + "px";
    sky().appendChild(element);
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    const scale = Math.min(1, Math.max(0.4, a.width / Math.max(b.width, 1)));
    const motion = element.animate([
      { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", opacity: 0.85 },
      { transform: "scale(1.12)", opacity: 1, offset: 0.8 },
      { transform: "none", opacity: 1 },
    ], { duration: flight + OVERRUN, easing: "ease-in-out" });
    // Started now, not once the compositor says it has (the page's frames that wait for that
    // word), and taken away by the clock as it lands, a moment before its animation would end:
    // the card's end and its place on the pile are then one frame of the page's, not three (#36).
    motion.startTime = document.timeline.currentTime;
    await sleep(flight);
    element.remove();
    return true;
  };

  StepPlayer.prototype.cardFor = function (notation) {
    const template = this.fresh.querySelector('template[data-card="' + notation + '"]');
    return template ? template.content.firstElementChild.cloneNode(true) : null;
  };

  // The pile's top card becomes ``notation``'s; one that did not fly there (``flown``) settles.
  StepPlayer.prototype.land = function (notation, flown) {
    const top = this.table.querySelector(".pile-top");
    const face = this.cardFor(notation);
    if (!top || !face) return;
    top.replaceChildren(face);
    top.dataset.card = notation;
    if (!flown) face.classList.add("landed");
  };

  // A place lit (.lit, practice.css): outlined while its step plays, then no more (settle). Not
  // animated: each animation started, even the compositor's, costs the page several frames of its
  // own, and a move lights places again and again (#36).
  StepPlayer.prototype.light = function (element) {
    if (!element) return;
    element.classList.add("lit");
    this.lit.add(element);
  };

  StepPlayer.prototype.unlight = function () {
    this.lit.forEach(function (element) { element.classList.remove("lit"); });
    this.lit.clear();
  };

  // The learner's drawn cards, shown in the hand (the answer's own hand, with its buttons, follows).
  StepPlayer.prototype.intoHand = function (notations) {
    const hand = this.table.querySelector(".hand-cards");
    const self = this;
    if (!hand) return;
    notations.forEach(function (notation) {
      const face = self.cardFor(notation);
      if (!face) return;
      const place = document.createElement("span");
      place.className = "hand-card drawn-now";
      place.appendChild(face);
      hand.appendChild(place);
    });
  };

  StepPlayer.prototype.handPlace = function () {
    return this.table.querySelector(".hand-cards") || this.table.querySelector("#hand");
  };

  // One event on the table, in the ``ms`` the plan gives it (a flight's share, then the rest).
  StepPlayer.prototype.show = async function (event, ms) {
    const p = event.params || {};
    const drawPile = this.table.querySelector(".pile-back");
    const top = this.table.querySelector(".pile-top");
    switch (event.kind) {
      case "play": {
        // From the player's open hand (a demo), else from the hand the table shows (data-me's).
        const chip = this.seat(p.seat);
        const own = (chip && chip.querySelector('.hand-card [data-card="' + p.card + '"]')) ||
          (p.seat === this.me && this.table.querySelector('.hand-card [data-card="' + p.card + '"]'));
        const face = this.cardFor(p.card);
        const flight = face ? this.travel(face, own || this.backs(p.seat), top, ms) : null;
        if (own) own.closest(".hand-card").style.visibility = "hidden";  // measured already: it leaves the hand
        this.land(p.card, flight ? await flight : false);
        this.setCount(p.seat, Math.max(0, this.count(p.seat) - 1));
        break;
      }
      case "first":
      case "redraw": {
        const face = this.cardFor(p.card);
        this.land(p.card, face ? await this.travel(face, drawPile, top, ms) : false);
        break;
      }
      case "draw": {
        const to = (p.seat === this.me && this.handPlace()) || this.backs(p.seat);
        const back = document.createElement("span");
        back.className = "pile-back";
        await this.travel(back, drawPile, to, ms);
        this.setCount(p.seat, this.count(p.seat) + p.count);
        if (p.seat === this.me) this.intoHand(p.cards || []);
        break;
      }
      case "deal": {
        const self = this;
        const back = document.createElement("span");
        back.className = "pile-back";
        await this.travel(back, drawPile, this.table.querySelector(".players"), ms);
        this.table.querySelectorAll(".players [data-seat]").forEach(function (chip) {
          self.setCount(Number(chip.dataset.seat), p.count);
        });
        const hand = this.table.querySelector(".hand-cards");
        if (hand) hand.style.visibility = "";
        break;
      }
      case "reverse":
      case "rotate":
        this.direction(p.direction);
        break;
      case "color":
        this.colour(p.named);
        break;
      case "uno": {
        const badge = this.seat(p.seat) && this.seat(p.seat).querySelector(".badge-uno");
        if (badge) badge.hidden = false;
        break;
      }
      case "skip":
      case "catch":
      case "challenge":
      case "pass":
      case "dealer":
        this.light(this.seat(p.seat));
        if (p.target !== undefined) this.light(this.seat(p.target));
        if (p.dealer !== undefined) this.light(this.seat(p.dealer));
        break;
      case "reshuffle":
        this.light(drawPile);
        break;
      case "round-end":
      case "points":
        this.light(this.seat(p.winner));
        break;
      default:
        break;
    }
    const flown = TRAVELS.has(event.kind) ? Math.min(ms * 0.6, FLIGHT) : 0;
    if (ms) await sleep(ms - flown);
  };

  StepPlayer.prototype.direction = function (direction) {
    const mark = this.table.querySelector(".direction");
    if (!mark) return;
    mark.classList.toggle("turning");
    mark.querySelector(".direction-arrow").textContent = direction === 1 ? "↻" : "↺";
    const words = direction === 1 ? mark.dataset.clockwise : mark.dataset.anticlockwise;
    if (words) mark.querySelector(".direction-text").textContent = words;  // else the answer's table says it
    mark.dataset.direction = direction;
    const seats = this.table.querySelector(".players");
    if (seats) seats.dataset.direction = direction;  // the chevrons between the seats turn (seats.css)
  };

  StepPlayer.prototype.colour = function (color) {
    const shown = this.table.querySelector(".active-colour");
    if (!shown || shown.classList.contains("colour-" + color)) return;
    const labels = JSON.parse((shown.dataset.labels ? shown : this.fresh.querySelector("[data-labels]")).dataset.labels);
    const marks = { red: "●", yellow: "▲", green: "■", blue: "◆" };
    shown.hidden = !color;
    shown.className = "active-colour" + (color ? " colour-" + color : "");
    shown.querySelector(".colour-mark").textContent = color ? marks[color] : "";
    shown.querySelector(".colour-text").textContent = color ? labels[color] : "";
    this.light(shown);
  };

  // The table once a step is over, exactly as the server says (``after``).
  StepPlayer.prototype.settle = function (after, actions) {
    const self = this;
    this.unlight();
    if (after) {
      after.hands.forEach(function (n, seat) { self.setCount(seat, n); });
      this.setDrawPile(after.draw_pile_size);
      const top = this.table.querySelector(".pile-top");
      if (top && top.dataset.card !== after.top) this.land(after.top);
      this.colour(after.color);
      const mark = this.table.querySelector(".direction");
      if (mark && Number(mark.dataset.direction) !== after.direction) this.direction(after.direction);
      this.table.querySelectorAll(".players [data-seat]").forEach(function (chip) {
        const seat = Number(chip.dataset.seat);
        chip.classList.toggle("player-turn", seat === after.actor);
        setAttr(chip, "aria-current", seat === after.actor ? "true" : null);
        setHidden(chip.querySelector(".badge-turn"), seat !== after.actor);
        setHidden(chip.querySelector(".badge-uno"), !(after.uno[seat] && after.hands[seat] === 1));
      });
    }
    Object.keys(actions || {}).forEach(function (seat) {
      const chip = self.seat(seat);
      if (chip) setText(chip.querySelector(".player-last"), actions[seat]);
    });
  };

  StepPlayer.prototype.run = async function () {
    const table = this.table;
    const caption = table.querySelector(".step-caption");
    const log = table.querySelector(this.log);
    // The answer's log, its new entries hidden till their step plays, patched into the table's
    // (swap.js): only the new entries are put in, and the old ones lose their mark of the latest.
    const freshLog = this.fresh.querySelector(this.log).cloneNode(true);
    freshLog.querySelectorAll(".log-step.latest").forEach(function (entry) { entry.hidden = true; });
    const close = freshLog.querySelector(".log-close");
    if (close) close.hidden = false;
    if (log) freshLog.classList.toggle("open", log.classList.contains("open"));
    if (log) window.UnoSwap.patch(log, freshLog);
    const shownLog = log || freshLog;
    const heading = table.querySelector("#decision-title");
    if (heading && heading.dataset.table) heading.textContent = heading.dataset.table;  // bots play: not "Your move"
    const entries = Array.from(shownLog.querySelectorAll(".log-step.latest"));
    table.classList.add("playing");
    table.querySelectorAll("#refusal, #notice").forEach(function (said) { said.remove(); });  // a new move answers them
    table.querySelectorAll(".refused").forEach(function (card) { card.classList.remove("refused"); });
    if (caption) caption.hidden = false;
    syncControls(table, this);
    for (let i = 0; i < entries.length && !this.done; i += 1) {
      await this.gate();
      const entry = entries[i];
      const data = JSON.parse(entry.dataset.step);
      const actions = JSON.parse(entry.dataset.actions || "{}");
      const lines = Array.from(entry.querySelectorAll(".log-line")).map(function (p) { return p.textContent.trim(); });
      entry.hidden = false;
      entries.forEach(function (other) { other.classList.toggle("now", other === entry); });
      const actor = data.seat === null || data.seat === undefined ? null : this.seat(data.seat);
      table.querySelectorAll(".player-acting").forEach(function (chip) { if (chip !== actor) chip.classList.remove("player-acting"); });
      if (actor) actor.classList.add("player-acting");
      if (this.beat() === 0) {
        this.finish();
        break;
      }
      if (data.events.length) setText(caption, lines[0] || "");
      // Read after the step's changes, not between them: the page is laid out once for the entry's
      // place here, and the flight that follows measures a page already laid out (#36).
      showInLog(shownLog, entry);
      announce(lines.join(" "));
      const plan = this.plan(data.events);
      // What this step is given, for whoever times the table (the browser tests' measure of a turn).
      document.dispatchEvent(new CustomEvent("uno-step", { detail: {
        seat: data.seat, kinds: data.events.map(function (event) { return event.kind; }),
        ms: plan.reduce(function (sum, ms) { return sum + ms; }, 0) } }));
      for (let k = 0; k < data.events.length && !this.done; k += 1) {
        if (k) setText(caption, lines[k] || "");
        await this.show(data.events[k], plan[k]);
      }
      this.settle(data.after, actions);
    }
    this.unlight();  // (a step skipped is not settled)
    if (this.beat() === 0 || this.done) {  // instant, or skipped: every sentence still reaches the live region
      const rest = entries.filter(function (entry) { return entry.hidden; });
      if (rest.length) announce(sentences(rest));
    }
    this.done = true;
  };

  // Brings ``entry`` into view inside the log's own scrolling box (beside the table, or the drawer),
  // never scrolling the page: the table stays where it is.
  function showInLog(log, entry) {
    const box = log.querySelector(".log-scroll");
    if (!box || !entry || !shown(log) || box.scrollHeight <= box.clientHeight) return;
    const top = entry.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + entry.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top + entry.offsetHeight - box.clientHeight);
    }
  }

  // False for the practice table's log shut in its drawer, which practice.css does not lay out
  // (measuring in it would): the drawer is a phone's, beside the table from 64rem. Known from its
  // class and the width, without asking the page for a style or a layout.
  const WIDE = window.matchMedia("screen and (min-width: 64rem)");
  function shown(log) {
    return !log.classList.contains("log") || log.classList.contains("open") || WIDE.matches;
  }

  // After a move the log opens where the move's steps start (the latest of them in view).
  function showLatest(table) {
    const log = table.querySelector("#log");
    const box = log && log.querySelector(".log-scroll");
    const latest = log && log.querySelector("#log-latest");
    if (!box || !latest || !shown(log)) return;  // a shut drawer: done when it opens (practice.js)
    const top = latest.offsetTop - box.offsetTop;
    const last = box.scrollHeight - box.clientHeight;
    box.scrollTop = Math.min(last, Math.max(0, top - 8));
  }

  function syncControls(table, playing) {
    const controls = table.querySelector(".pace");
    if (!controls) return;
    controls.hidden = false;
    controls.querySelector("#pace").value = pace();
    const paused = Boolean(playing && playing.paused && !playing.done);
    controls.querySelector(".pace-pause").setAttribute("aria-pressed", String(paused));  // pressed: paused
    controls.querySelector(".pace-step").disabled = !paused;
  }

  // The steps' sentences, without their rule links.
  function sentences(entries) {
    return entries.map(function (entry) {
      return Array.from(entry.querySelectorAll(".log-line")).map(function (p) { return p.textContent.trim(); }).join(" ");
    }).join(" ");
  }

  // ---- The hand's keys (the practice table's and the lessons') ----------------------------------

  // The hand is one tab stop (a roving tabindex): ``current``, else the first card, takes it.
  function rovingHand(root, current) {
    const cards = Array.from(root.querySelectorAll(".hand-cards .card-button"));
    if (!cards.length) return null;
    const chosen = current && cards.indexOf(current) >= 0 ? current : cards[0];
    cards.forEach(function (button) { button.tabIndex = button === chosen ? 0 : -1; });
    return chosen;
  }

  // The arrow keys move through the hand in reading order (in Arabic the left arrow goes to the
  // next card), Home and End to its ends. True if ``event`` was such a key on a card of the hand.
  function moveInHand(event) {
    const card = event.target.closest && event.target.closest(".hand-cards .card-button");
    if (!card) return false;
    const cards = Array.from(card.closest(".hand-cards").querySelectorAll(".card-button"));
    const rtl = getComputedStyle(card.closest(".hand-cards")).direction === "rtl";  // (a card itself is always ltr)
    const moves = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1, ArrowDown: 1, ArrowUp: -1 };
    let index = cards.indexOf(card);
    if (event.key in moves) index = (index + moves[event.key] + cards.length) % cards.length;
    else if (event.key === "Home") index = 0;
    else if (event.key === "End") index = cards.length - 1;
    else return false;
    event.preventDefault();
    cards.forEach(function (button, i) { button.tabIndex = i === index ? 0 : -1; });
    cards[index].focus();
    return true;
  }

  // ---- Sending a table's forms ------------------------------------------------------------------

  // Sends a GET form of the table ``selector`` finds (a lesson's, the sandbox's) with swap.js, plays
  // the answer's new steps on the table as it stands (``log``: see StepPlayer), then puts the
  // answer's table, and its language links, in place; the address becomes the form's, so a reload
  // or a shared link shows the same. Returns the new table; throws if the answer has none.
  function fetchAndPlay(form, submitter, selector, log) {
    const current = document.querySelector(selector);
    async function before(fresh, answer) {
      const languages = document.querySelector(".lang-switch");
      const freshLanguages = answer.page.querySelector(".lang-switch");
      if (languages && freshLanguages) languages.replaceWith(freshLanguages);
      if (fresh.querySelector(".log-step.latest[data-step]") && pace() !== "instant") {
        await new StepPlayer(current, fresh, log).run();
      }
    }
    const swap = window.UnoSwap;  // swap.js, loaded first
    return swap.swap(swap.address(form, submitter), current, selector, { history: "replace", before: before });
  }

  // Sends a form with ``send(form, submitter)`` (a promise), one at a time: the second click of a
  // double click sends nothing. If sending fails, the plain form goes, as without JavaScript.
  let sending = false;
  function sendOnce(form, submitter, send) {
    if (sending) return;
    sending = true;
    send(form, submitter).then(function () { sending = false; }, function () {
      sending = false;
      form.dataset.plain = "1";  // the page's submit handler lets a plain form through
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
    });
  }

  return { StepPlayer: StepPlayer, announce: announce, pace: pace, sentences: sentences,
           syncControls: syncControls, showLatest: showLatest, rovingHand: rovingHand, moveInHand: moveInHand,
           sendOnce: sendOnce, fetchAndPlay: fetchAndPlay, PACE: PACE };
})();
