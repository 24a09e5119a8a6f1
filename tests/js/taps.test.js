// Taps and double taps (input.js's createTaps): two taps on one place within DOUBLE_TAP_MS are
// one gesture, whatever the first one did and whenever its answer comes; taps further apart
// are taps of their own, and none is lost. A stand-in for Python answers each intent after a
// round trip, as the kernel would; the clock is the test's own.

import assert from "node:assert/strict";
import { test } from "node:test";

import { ANSWER_WAIT_MS, createSender, createTaps, DOUBLE_TAP_MS } from "../../js/input.js";

/**
 * Deal CR1-N-SFUDPNK's pile 3 (2♣, which only F3 takes; 9♥ under it, which fits pile 5) and
 * pile 13 (A♠, which fits piles 14 and 15 and cannot go home), with a Python stand-in that
 * plays, selects or refuses as the table does. `rules` answers one intent with the traits it
 * changes.
 */
function board() {
  const traits = {
    rev: 1,
    selected: "",
    piles: [],
    targets: { 3: ["F3"], 13: ["14", "15"], 15: ["F1", "13"] },
  };
  traits.piles[2] = ["2C", 6];
  traits.piles[12] = ["AS", 6];
  traits.piles[14] = ["2S", 6];
  const played = [];
  const model = { get: (key) => traits[key] };
  const top = (place) => traits.piles[Number(place) - 1][0];
  /** What the table does with one intent (a small part of table/actions.py, for these cards). */
  function answer({ type, pile }) {
    traits.rev += 1;
    if (type === "tap" && traits.selected === pile) {
      traits.selected = "";
    } else if (type === "tap" && traits.selected) {
      played.push(`${traits.selected}-${pile}`);
      traits.selected = "";
    } else if (top(pile) === "2C") {
      played.push("3-F3");
      traits.piles[2] = ["9H", 5];
      traits.targets = { 3: ["5"], 13: ["14", "15"], 15: ["F1", "13"] };
    } else if (top(pile) === "9H") {
      played.push("3-5");
      traits.piles[2] = ["QD", 4];
      traits.targets = { 13: ["14", "15"], 15: ["F1", "13"] };
    } else if (type === "double_tap" && top(pile) === "2S") {
      played.push("15-F1");
      traits.piles[14] = ["JH", 5];
    } else if (pile in traits.targets) {
      traits.selected = pile; // several places: selected (a double tap with no home keeps it so)
    }
  }
  return { traits, model, played, answer };
}

/**
 * Two taps on `place`, `gap` ms apart, with Python answering each intent `roundTrip` ms after
 * it was sent; returns the intents sent and the moves played.
 */
function twoTaps(place, gap, roundTrip) {
  const { model, played, answer } = board();
  let clock = 0;
  const sent = [];
  const inFlight = [];
  const sender = {
    send(type, fields) {
      sent.push(`${type} ${fields.pile}`);
      inFlight.push({ at: clock + roundTrip, intent: { type, ...fields } });
    },
  };
  const taps = createTaps(model, sender, () => clock);
  const events = [
    { at: 0, tap: place },
    { at: gap, tap: place },
  ];
  while (events.length || inFlight.length) {
    const nextTap = events[0]?.at ?? Number.POSITIVE_INFINITY;
    const nextAnswer = inFlight[0]?.at ?? Number.POSITIVE_INFINITY;
    if (nextTap <= nextAnswer) {
      const event = /** @type {{at: number, tap: string}} */ (events.shift());
      clock = event.at;
      taps.tap(event.tap);
    } else {
      const arrival = /** @type {{at: number, intent: {type: string, pile: string}}} */ (inFlight.shift());
      clock = arrival.at;
      answer(arrival.intent);
      taps.resolveDouble(); // what widget.js does on every state change
    }
  }
  return { sent, played };
}

const WITHIN = [80, 150, 250];
const APART = [400, 600];
const ROUND_TRIPS = [20, 120, 300]; // the answer before the second tap, between, or well after

test("the window is 350 ms, and an intent waits for the answer before it up to 5 s", () => {
  assert.equal(DOUBLE_TAP_MS, 350);
  assert.equal(ANSWER_WAIT_MS, 5000);
});

for (const roundTrip of ROUND_TRIPS) {
  for (const gap of WITHIN) {
    test(`two taps ${gap} ms apart on 2♣ (one place), answered in ${roundTrip} ms: 2♣ goes to F3, once`, () => {
      const { sent, played } = twoTaps("3", gap, roundTrip);
      assert.deepEqual(played, ["3-F3"]);
      assert.deepEqual(sent, ["tap 3"], "9♥, now on top, stays");
    });
    test(`two taps ${gap} ms apart on 2♠ (two places), answered in ${roundTrip} ms: 2♠ goes home`, () => {
      const { sent, played } = twoTaps("15", gap, roundTrip);
      assert.deepEqual(sent, ["tap 15", "double_tap 15"]);
      assert.deepEqual(played, ["15-F1"]);
    });
    test(`two taps ${gap} ms apart on A♠ (no home), answered in ${roundTrip} ms: selected, nothing played`, () => {
      const { sent, played } = twoTaps("13", gap, roundTrip);
      assert.deepEqual(sent, ["tap 13", "double_tap 13"]);
      assert.deepEqual(played, []);
    });
  }
  for (const gap of APART) {
    if (gap <= roundTrip) continue; // a tap of its own goes out once the answer before it is in (createSender)
    test(`two taps ${gap} ms apart on pile 3, answered in ${roundTrip} ms: two taps, two moves`, () => {
      const { sent, played } = twoTaps("3", gap, roundTrip);
      assert.deepEqual(sent, ["tap 3", "tap 3"]);
      assert.deepEqual(played, ["3-F3", "3-5"]);
    });
  }
}

test("a quick second tap on the place a selected card was put on sends nothing", () => {
  const { traits, model, played, answer } = board();
  traits.selected = "13";
  let clock = 0;
  const sent = [];
  const taps = createTaps(model, { send: (type, fields) => sent.push({ type, ...fields }) }, () => clock);
  taps.tap("15"); // A♠ onto 2♠
  answer(sent[0]);
  taps.resolveDouble();
  clock = 100;
  taps.tap("15");
  taps.resolveDouble();
  assert.deepEqual(played, ["13-15"]);
  assert.equal(sent.length, 1);
});

test("a quick second tap after a refused one sends nothing; a third starts a gesture of its own", () => {
  const { traits, model, answer } = board();
  traits.piles[6] = ["5D", 6]; // pile 7: no place to go
  let clock = 0;
  const sent = [];
  const taps = createTaps(model, { send: (type, fields) => sent.push({ type, ...fields }) }, () => clock);
  taps.tap("7");
  answer(sent[0]);
  taps.resolveDouble();
  clock = 100;
  taps.tap("7");
  taps.resolveDouble();
  assert.equal(sent.length, 1);
  clock = 200;
  taps.tap("7");
  assert.equal(sent.length, 2, "the third tap is a tap");
});

test("another action between two taps (a button) makes them two taps", () => {
  const { model, answer } = board();
  let clock = 0;
  const sent = [];
  const taps = createTaps(model, { send: (type, fields) => sent.push({ type, ...fields }) }, () => clock);
  taps.tap("13");
  answer(sent[0]);
  taps.resolveDouble();
  taps.forget();
  clock = 100;
  taps.tap("13");
  assert.deepEqual(
    sent.map((s) => s.type),
    ["tap", "tap"],
  );
});

test("a new game between two quick taps makes them two taps", () => {
  const { traits, model, answer } = board();
  traits.code = "CR1-N-SFUDPNK";
  traits.move_count = 2;
  let clock = 0;
  const sent = [];
  const taps = createTaps(model, { send: (type, fields) => sent.push({ type, ...fields }) }, () => clock);
  taps.tap("13");
  answer(sent[0]);
  taps.resolveDouble();
  traits.rev += 1; // the same deal dealt again, from a notebook cell
  traits.move_count = 0;
  clock = 100;
  taps.tap("13");
  assert.deepEqual(
    sent.map((s) => s.type),
    ["tap", "tap"],
  );
});

test("a quick double tap on a foundation moves its card once, not the card under it too", () => {
  const { traits, model } = board();
  traits.foundations = [["5S", 5]];
  traits.targets = { F1: ["F5"] };
  let clock = 0;
  const sent = [];
  const taps = createTaps(model, { send: (type, fields) => sent.push(`${type} ${fields.pile}`) }, () => clock);
  taps.tap("F1");
  traits.rev += 1; // 5♠ went to F5; 4♠, now on top, could follow it there
  traits.foundations = [["4S", 4]];
  traits.targets = { F1: ["F5"] };
  taps.resolveDouble();
  clock = 100;
  taps.tap("F1");
  taps.resolveDouble();
  assert.deepEqual(sent, ["tap F1"]);
});

/**
 * A Python stand-in for the sender: it answers each intent `delays[i]` ms after it was sent,
 * dropping it as stale when it quotes another revision than its own, as table/intents.py does.
 * Returns the intents carried out.
 */
function slowKernel(delays, sends) {
  let clock = 0;
  const traits = { rev: 1 };
  const model = { get: (key) => traits[key] };
  const timers = [];
  const carried = [];
  let python = 1;
  const sender = createSender(
    model,
    (type, fields) => {
      const quoted = traits.rev;
      timers.push({
        at: clock + delays[timers.length],
        run() {
          if (quoted !== python) return; // stale: dropped, unanswered
          python += 1;
          carried.push(`${type} ${fields.pile}`);
          traits.rev = python;
          sender.flush(); // widget.js: every update flushes the line
        },
      });
    },
    () => clock,
  );
  const events = sends.map(([at, pile]) => ({ at, run: () => sender.send("tap", { pile }) }));
  while (events.length || timers.length) {
    const all = [...events, ...timers].sort((a, b) => a.at - b.at);
    const next = all[0];
    (events.includes(next) ? events : timers).splice((events.includes(next) ? events : timers).indexOf(next), 1);
    clock = next.at;
    next.run();
  }
  sender.cleanup();
  return carried;
}

test("a tap made while the kernel is slow to answer the one before goes out after that answer, not lost", () => {
  // The first tap's answer takes 1.5 s (a loaded machine); taps 600 ms and 1200 ms later wait in line.
  assert.deepEqual(
    slowKernel(
      [1500, 40, 40],
      [
        [0, "3"],
        [600, "3"],
        [1200, "5"],
      ],
    ),
    ["tap 3", "tap 3", "tap 5"],
  );
});
