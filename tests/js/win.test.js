// A win the player just made, and the path of a card of its cascade (motion.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { cascadeFrames, wonNow } from "../../js/motion.js";

/** All but one card home: pile 1 holds K♠, F5 (the King foundation of spades) waits for it. */
function nearlyWon() {
  const piles = Array.from({ length: 16 }, () => ["", 0]);
  piles[0] = ["AS", 1];
  const foundations = Array.from({ length: 8 }, () => ["KH", 13]);
  foundations[4] = ["2S", 12];
  return { piles, foundations, reshuffles_left: 0, replay_state: {}, status: "playing" };
}

function won() {
  const before = nearlyWon();
  const piles = [...before.piles];
  piles[0] = ["", 0];
  const foundations = [...before.foundations];
  foundations[4] = ["AS", 13];
  return { ...before, piles, foundations, status: "won" };
}

test("the winning move is a win just made", () => {
  assert.equal(wonNow(nearlyWon(), won()), true);
});

test("a won game loaded, a first view of a won board, or a replay's last step is no win just made", () => {
  assert.equal(wonNow(null, won()), false);
  assert.equal(wonNow({ ...nearlyWon(), piles: [] }, won()), false, "a new position, not one move");
  assert.equal(wonNow(won(), won()), false, "already won: a redraw, the language changed");
  assert.equal(wonNow(nearlyWon(), { ...won(), replay_state: { step: 9, total: 9 } }), false);
  assert.equal(wonNow(nearlyWon(), { ...won(), status: "blocked" }), false);
});

test("a cascade card leaps out to its side, falls the whole drop and fades as it lands", () => {
  const left = cascadeFrames(-1, 200, 300);
  assert.equal(left[0].transform, "translate(0px, 0px) rotate(0deg)");
  assert.equal(left.at(-1)?.transform, "translate(-200px, 300px) rotate(-48deg)");
  assert.deepEqual(
    left.map((frame) => frame.opacity),
    [1, 1, 1, 1, 0],
  );
  const offsets = left.map((frame) => Number(frame.offset));
  assert.deepEqual(
    offsets,
    [...offsets].sort((a, b) => a - b),
    "in time order",
  );
  const right = cascadeFrames(1, 200, 300);
  assert.equal(right.at(-1)?.transform, "translate(200px, 300px) rotate(48deg)");
  // It rises before it falls, and bounces once on the way down.
  const heights = right.map((frame) => Number(/, (-?\d+)px/.exec(String(frame.transform))?.[1]));
  assert.ok(heights[1] < 0 && heights[2] > heights[3] && heights[3] < heights[4], String(heights));
});
