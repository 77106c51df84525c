// The step player: a move's steps played on the table as it stood before them, at the learner's
// pace, each said in the caption and to a polite live region (reduced motion: places lit, nothing
// travels). For practice.js, learn.js, sandbox.js, presenter.js; how and why: docs/step-player.md.
"use strict";

window.UnoSteps = (function () {
  const PACE = "uno-tutor-pace";
  // ms an event stays in view ("brisk": a bot's turn in about a second); kept by name in storage.
  const PACES = { slow: 1700, normal: 900, brisk: 650, fast: 400, instant: 0 };
  const DEFAULT_PACE = "brisk";
  const FLIGHT = 550;  // ms: the longest a card travels, however slow the pace
  const REST = 2000;  // ms: a flown card rests where it landed (fly)
  // The events that move a card get their whole beat; the others light a place and say their words.
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

  // Written only if changed: a write of the same value still restyles (settle writes every seat).
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

  // The one element every card flies in, on the sky, a layer fixed over the page (docs/step-player.md).
  let flyer = null;
  function flyerOnSky() {
    if (!flyer || !flyer.isConnected) {
      const sky = document.createElement("div");
      sky.className = "sky";
      sky.setAttribute("aria-hidden", "true");
      flyer = document.createElement("div");
      flyer.className = "flyer";
      sky.appendChild(flyer);
      document.body.appendChild(sky);
    }
    return flyer;
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
    // The words for card counts (on #players, or beside a lesson's table).
    this.counts = JSON.parse(fresh.querySelector("[data-counts]").dataset.counts);
    this.me = Number(table.dataset.me || 0);  // the seat whose hand the table shows
    this.lit = new Set();  // the places lit by the step that plays
    this.landings = [];  // put the cards that flew in their places (landNow)
  }

  StepPlayer.prototype.seat = function (seat) {
    return this.table.querySelector('.players [data-seat="' + seat + '"]');
  };

  // A seat's fanned backs (the practice table), else its chip.
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

  // The time each of a step's events is given: less for one that only lights a place, less still
  // for a "pending" (a penalty waiting for an answer: its words suffice).
  StepPlayer.prototype.plan = function (events) {
    const beat = this.beat();
    return events.map(function (event) {
      const ms = event.kind === "pending" ? beat / 2 : beat;
      return TRAVELS.has(event.kind) ? ms : Math.max(ms * 0.4, ms - FLIGHT);
    });
  };

  // Waits while paused ("One step" lets one more through), the table marked "waiting".
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

  // What an event's card travels in, from where to where, measured before the event changes
  // anything (docs/step-player.md). Null: the event moves no card.
  StepPlayer.prototype.aim = function (event, ms) {
    const p = event.params || {};
    const drawPile = this.table.querySelector(".pile-back");
    const top = this.table.querySelector(".pile-top");
    const back = function () {
      const element = document.createElement("span");
      element.className = "pile-back";
      return element;
    };
    let aim;
    switch (event.kind) {
      case "play": {
        // From the player's open hand (a demo), else from the hand the table shows (data-me's).
        const chip = this.seat(p.seat);
        const own = (chip && chip.querySelector('.hand-card [data-card="' + p.card + '"]')) ||
          (p.seat === this.me && this.table.querySelector('.hand-card [data-card="' + p.card + '"]'));
        aim = { element: this.cardFor(p.card), from: own || this.backs(p.seat), to: top, own: own };
        break;
      }
      case "first":
      case "redraw":
        aim = { element: this.cardFor(p.card), from: drawPile, to: top };
        break;
      case "draw":  // the learner's drawn card flies, after the hand's last; another player's do not
        aim = p.seat === this.me ? { element: back(), from: drawPile, to: this.handPlace(), next: true } : null;
        break;
      case "deal":
        aim = { element: back(), from: drawPile, to: this.table.querySelector(".players") };
        break;
      default:
        return null;
    }
    if (!aim || !aim.element || !aim.from || !aim.to || ms === 0 || this.done) return aim && { own: aim.own };
    if (!reducedMotion.matches && aim.element.animate) {
      aim.a = aim.from.getBoundingClientRect();
      aim.b = aim.to.getBoundingClientRect();
      const last = aim.next && aim.to.matches(".hand-cards") && aim.to.lastElementChild;
      if (last) {
        const b = last.getBoundingClientRect();
        const step = (document.documentElement.dir === "rtl" ? -1 : 1) * (b.width + 4);
        aim.b = { left: b.left + step, top: b.top, width: b.width, height: b.height };
      }
    }
    return aim;
  };

  // ``aim``'s card flies in the flyer (to the hand, the players); ``then`` puts it in its place at
  // the table's next change (landNow), or at once without motion (both places lit).
  StepPlayer.prototype.travel = function (aim, ms, then) {
    const done = then || function () {};
    if (!aim || !aim.element || !aim.a) {
      if (aim && aim.element) this.still(aim);
      done();
      return;
    }
    const flyer = flyerOnSky();
    const b = aim.b;
    aim.element.style.setProperty("--size", b.width + "px");
    flyer.replaceChildren(aim.element);
    flyer.style.left = b.left + "px";
    flyer.style.top = b.top + "px";
    flyer.style.width = b.width + "px";
    flyer.style.height = b.height + "px";
    const motion = fly(flyer, aim, ms);
    this.landings.push(function () {
      motion.cancel();
      flyer.classList.remove("flying");
      done();
    });
  };

  // Where ``aim``'s card leaves and lands, lit (no motion).
  StepPlayer.prototype.still = function (aim) {
    const from = aim.from, to = aim.to;
    from.classList.add("lit-still");
    to.classList.add("lit-still");
    this.landings.push(function () {
      from.classList.remove("lit-still");
      to.classList.remove("lit-still");
    });
  };

  // ``element``, where ``aim``'s card lands, flies there from where it leaves, settling from a
  // little bigger; held REST more, started now (docs/step-player.md).
  function fly(element, aim, ms) {
    const a = aim.a, b = aim.b;
    const dx = a.left + a.width / 2 - (b.left + b.width / 2);
    const dy = a.top + a.height / 2 - (b.top + b.height / 2);
    const scale = Math.min(1, Math.max(0.4, a.width / Math.max(b.width, 1)));
    const flight = Math.min(ms * 0.6, FLIGHT);
    const landed = flight / (flight + REST);
    element.classList.add("flying");
    const motion = element.animate([
      { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", opacity: 0.85, easing: "ease-in" },
      { transform: "scale(1.12)", opacity: 1, offset: landed * 0.8, easing: "ease-out" },
      { transform: "none", opacity: 1, offset: landed },
      { transform: "none", opacity: 1 },
    ], flight + REST);
    motion.startTime = document.timeline.currentTime;
    return motion;
  }

  // The cards that flew put in their places, the places lit without motion no more.
  StepPlayer.prototype.landNow = function () {
    this.landings.splice(0).forEach(function (landing) { landing(); });
  };

  StepPlayer.prototype.cardFor = function (notation) {
    const template = this.fresh.querySelector('template[data-card="' + notation + '"]');
    return template ? template.content.firstElementChild.cloneNode(true) : null;
  };

  // The pile's top card becomes ``notation``'s: ``aim``'s card flies there itself, over the one
  // before (taken away at the next change: landNow); else it settles.
  StepPlayer.prototype.land = function (notation, aim, ms) {
    const top = this.table.querySelector(".pile-top");
    const face = (aim && aim.element) || this.cardFor(notation);
    if (!top || !face) return;
    top.dataset.card = notation;
    if (!aim || !aim.a) {
      if (aim && aim.element) this.still(aim);
      top.replaceChildren(face);
      face.classList.add("landed");
      return;
    }
    Array.from(top.children).forEach(function (before) { before.setAttribute("aria-hidden", "true"); });
    top.appendChild(face);
    const motion = fly(face, aim, ms);
    this.landings.push(function () {
      motion.cancel();
      face.classList.remove("flying");
      top.replaceChildren(face);
    });
  };

  // A place lit (.lit, practice.css): outlined, not animated, while its step plays (settle).
  StepPlayer.prototype.light = function (element) {
    if (!element) return;
    element.classList.add("lit");
    this.lit.add(element);
  };

  StepPlayer.prototype.unlight = function () {
    this.lit.forEach(function (element) { element.classList.remove("lit"); });
    this.lit.clear();
  };

  // The learner's drawn cards, shown in the hand (the answer's, with its buttons, follows).
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

  // One event on the table, in the ``ms`` the plan gives it (``aim``: its card's travel).
  StepPlayer.prototype.show = async function (event, ms, aim) {
    const self = this;
    const p = event.params || {};
    const drawPile = this.table.querySelector(".pile-back");
    this.landNow();
    switch (event.kind) {
      case "play":
        this.land(p.card, aim, ms);
        if (aim && aim.own) aim.own.closest(".hand-card").style.visibility = "hidden";  // it leaves the hand
        this.setCount(p.seat, Math.max(0, this.count(p.seat) - 1));
        break;
      case "first":
      case "redraw":
        this.land(p.card, aim, ms);
        break;
      case "draw": {
        const drawn = function () {
          self.setCount(p.seat, self.count(p.seat) + p.count);
          if (p.seat === self.me) self.intoHand(p.cards || []);
        };
        if (aim) {
          this.travel(aim, ms, drawn);
          break;
        }
        // Another player's drawn cards: the pile and its backs lit, their count grows.
        this.light(drawPile);
        this.light(this.backs(p.seat));
        drawn();
        break;
      }
      case "deal":
        this.travel(aim, ms, function () {
          self.table.querySelectorAll(".players [data-seat]").forEach(function (chip) {
            self.setCount(Number(chip.dataset.seat), p.count);
          });
          const hand = self.table.querySelector(".hand-cards");
          if (hand) hand.style.visibility = "";
        });
        break;
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
    if (ms) await sleep(ms);
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

  // The table once a step is over, exactly as the server says (``step``: after, actions). Returns null.
  StepPlayer.prototype.settle = function (step) {
    const self = this;
    const after = step.after, actions = step.actions;
    this.landNow();
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
    return null;
  };

  // A step's first card to fly (``data``: its data-step), measured.
  StepPlayer.prototype.aimFirst = function (data) {
    return data.events.length && this.beat() ? this.aim(data.events[0], this.plan(data.events)[0]) : null;
  };

  StepPlayer.prototype.run = async function () {
    const table = this.table;
    const caption = table.querySelector(".step-caption");
    const log = table.querySelector(this.log);
    // The answer's log patched in (swap.js), its new entries hidden till their step plays.
    const freshLog = this.fresh.querySelector(this.log).cloneNode(true);
    const first = freshLog.querySelector(".log-step.latest");
    let aim = first && this.aimFirst(JSON.parse(first.dataset.step));  // before any write (docs)
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
    // A step is settled once the next one's card is measured: read, then write.
    let unsettled = null;
    for (let i = 0; i < entries.length && !this.done; i += 1) {
      if (unsettled && this.paused) unsettled = this.settle(unsettled);
      await this.gate();
      const entry = entries[i];
      const data = JSON.parse(entry.dataset.step);
      const lines = Array.from(entry.querySelectorAll(".log-line")).map(function (p) { return p.textContent.trim(); });
      const plan = this.plan(data.events);
      if (i) aim = this.aimFirst(data);
      if (unsettled) unsettled = this.settle(unsettled);
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
      showInLog(shownLog, entry);
      announce(lines.join(" "));
      // What this step is given, for whoever times the table (the browser tests).
      document.dispatchEvent(new CustomEvent("uno-step", { detail: {
        seat: data.seat, kinds: data.events.map(function (event) { return event.kind; }),
        ms: plan.reduce(function (sum, ms) { return sum + ms; }, 0) } }));
      for (let k = 0; k < data.events.length && !this.done; k += 1) {
        if (k) {
          aim = this.aim(data.events[k], plan[k]);
          setText(caption, lines[k] || "");
        }
        await this.show(data.events[k], plan[k], aim);
      }
      unsettled = { after: data.after, actions: JSON.parse(entry.dataset.actions || "{}") };
    }
    if (unsettled) this.settle(unsettled);
    this.landNow();
    this.unlight();  // (a step skipped is not settled)
    if (this.beat() === 0 || this.done) {  // instant, or skipped: every sentence still reaches the live region
      const rest = entries.filter(function (entry) { return entry.hidden; });
      if (rest.length) announce(sentences(rest));
    }
    this.done = true;
  };

  // Brings ``entry`` into view in the log's own scrolling box, never scrolling the page.
  function showInLog(log, entry) {
    const box = log.querySelector(".log-scroll");
    if (!box || !entry || !shown(log) || box.scrollHeight <= box.clientHeight) return;
    const top = entry.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + entry.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top + entry.offsetHeight - box.clientHeight);
    }
  }

  // False for the practice table's log shut in its drawer (not laid out: never measured), known
  // from its class and the width (beside the table from 64rem), not from a style or a layout.
  const WIDE = window.matchMedia("screen and (min-width: 64rem)");
  function shown(log) {
    return !log.classList.contains("log") || log.classList.contains("open") || WIDE.matches;
  }

  // After a move the log opens where the move's steps start.
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

  // Sends a GET form of the table ``selector`` finds (a lesson's, the sandbox's), plays the answer's
  // new steps on it (``log``: see StepPlayer), then puts the answer's table and language links in
  // place at the form's address. Returns the new table; throws if the answer has none.
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

  // Sends a form with ``send(form, submitter)`` (a promise), one at a time (a double click's second
  // sends nothing); if that fails, the plain form goes, as without JavaScript.
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
