// Texts the board puts together from Python's templates (board.js, cards.js).

import assert from "node:assert/strict";
import { test } from "node:test";
import { cardText, parseAscii } from "../../js/cards.js";
import { practiceTries, replayCounter } from "../../js/review.js";
import { accessibleName, cardsWord, fill, formatClock } from "../../js/update.js";

test("fill puts values into {name} placeholders and leaves the rest", () => {
  assert.equal(fill("Ruchy: {n}", { n: 5 }), "Ruchy: 5");
  assert.equal(fill("{step}/{total}", { step: 3, total: 10 }), "3/10");
  assert.equal(fill("{missing}!", {}), "!");
  assert.equal(fill(undefined, { n: 1 }), "");
});

test("the clock shows minutes and seconds, minutes going on past the hour", () => {
  assert.equal(formatClock(0), "00:00");
  assert.equal(formatClock(59.9), "00:59");
  assert.equal(formatClock(61), "01:01");
  assert.equal(formatClock(3725), "62:05");
  assert.equal(formatClock(-3), "00:00");
});

test("cards are parsed from their ASCII form and shown with the language's rank names", () => {
  assert.deepEqual(parseAscii("10H"), { rank: "10", suit: "H" });
  assert.equal(parseAscii("1X"), null);
  assert.equal(parseAscii(""), null);
  assert.equal(parseAscii(7), null);
  assert.equal(cardText("JD", { J: "W" }), "W\u2666");
  assert.equal(cardText("JD", undefined), "J\u2666");
  assert.equal(cardText("AS", {}), "A\u2660");
  assert.equal(cardText("nonsense", {}), "");
});

test("the word after a count is the one Python formed for that count", () => {
  const labels = { cards_counted: ["kart", "karta", "karty"] };
  assert.equal(cardsWord(1, labels), "karta");
  assert.equal(cardsWord(2, labels), "karty");
  assert.equal(cardsWord(0, labels), "kart");
  assert.equal(cardsWord(7, labels), "");
  assert.equal(cardsWord(1, {}), "");
});

test("a place's accessible name says its top card, its count and its state", () => {
  const labels = {
    pile_named: "Stos {n}: {card}, {count} {cards}",
    pile_empty: "Stos {n}: pusty",
    foundation_named: "Fundament {name}: {card}, {count} {cards}",
    face_down_count: ", zakryte: {n}",
    state_selected: ", wybrany",
    state_target: ", można tu położyć",
    state_hint: ", podpowiedź",
    cards_counted: ["kart", "karta", "karty", "karty", "karty", "kart", "kart"],
    ranks: { A: "A", J: "W" },
  };
  const none = { selected: false, target: false, hint: false };
  assert.equal(accessibleName("pile", "10", { top: "AS", count: 6 }, 0, labels, none), "Stos 10: A\u2660, 6 kart");
  assert.equal(accessibleName("pile", "3", { top: "", count: 0 }, 0, labels, none), "Stos 3: pusty");
  assert.equal(
    accessibleName("foundation", "F2", { top: "JH", count: 2 }, 0, labels, { ...none, target: true }),
    "Fundament F2: W\u2665, 2 karty, można tu położyć",
  );
  assert.equal(
    accessibleName("pile", "1", { top: "AS", count: 1 }, 3, labels, { selected: true, target: false, hint: true }),
    "Stos 1: A\u2660, 1 karta, zakryte: 3, wybrany, podpowiedź",
  );
});

test("the replay's counter counts moves as the toolbar's Moves counter does", () => {
  const labels = { replay_step: "Ruchy: {n} z {total}" };
  assert.equal(replayCounter({ step: 34, total: 67, moves: 33, total_moves: 64 }, labels), "Ruchy: 33 z 64");
  assert.equal(replayCounter({}, labels), "Ruchy: 0 z 0");
});

test("a practice says which try this is, keeps the last, and says nothing once done", () => {
  const labels = { practice_tries: "Try {n} of {most}" };
  const practice = { position: "…", tries: 0, most: 3, done: false };
  assert.equal(practiceTries(practice, labels), "Try 1 of 3");
  assert.equal(practiceTries({ ...practice, tries: 2 }, labels), "Try 3 of 3");
  assert.equal(practiceTries({ ...practice, tries: 3 }, labels), "Try 3 of 3");
  assert.equal(practiceTries({ ...practice, done: true }, labels), "");
  assert.equal(practiceTries({}, labels), "");
});
