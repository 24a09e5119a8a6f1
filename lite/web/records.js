// The lessons a browser has done, as the site's pages keep them (app.js, teachers.js).
//
// A record is {done: {lessonKey: time}, cleared: time} (times in ms since 1970). Two tabs may
// each write theirs: mergeRecords() keeps every lesson done after the last clearing, so a lesson
// done in one tab is never lost to another's write, and a clearing (↺) clears for every tab. The
// store falls back to memory when the browser keeps nothing (cookies blocked, a sandboxed frame);
// `kept` then says so, and the page tells the pupil.

/** @typedef {{done: Record<string, number>, cleared: number}} LessonRecord */

/** @param {unknown} key */
const isKey = (key) => typeof key === "string" && key.length > 0 && key.length <= 40;

/** @returns {LessonRecord} */
export function emptyRecord() {
  return { done: {}, cleared: 0 };
}

/**
 * What the storage held: a record, or the older plain list of lesson keys; junk reads as nothing.
 * @param {string | null | undefined} text
 * @returns {LessonRecord}
 */
export function parseRecord(text) {
  let data;
  try {
    data = JSON.parse(text ?? "null");
  } catch {
    return emptyRecord();
  }
  if (Array.isArray(data)) return { done: Object.fromEntries(data.filter(isKey).map((key) => [key, 1])), cleared: 0 };
  if (!data || typeof data !== "object") return emptyRecord();
  /** @type {Record<string, number>} */
  const done = {};
  for (const [key, time] of Object.entries(data.done ?? {})) {
    if (isKey(key) && Number.isFinite(time)) done[key] = Number(time);
  }
  return { done, cleared: Number.isFinite(data.cleared) ? Number(data.cleared) : 0 };
}

/**
 * Two records as one: the later clearing, and every lesson done after it (at its latest time).
 * @param {LessonRecord} a
 * @param {LessonRecord} b
 * @returns {LessonRecord}
 */
export function mergeRecords(a, b) {
  const cleared = Math.max(a.cleared, b.cleared);
  /** @type {Record<string, number>} */
  const done = {};
  for (const record of [a, b]) {
    for (const [key, time] of Object.entries(record.done)) {
      if (time > cleared && !(done[key] >= time)) done[key] = time;
    }
  }
  return { done, cleared };
}

/**
 * The record with `keys` done at `now` (those already done keep their time).
 * @param {LessonRecord} record
 * @param {string[]} keys
 * @param {number} now
 */
export function withDone(record, keys, now) {
  const done = { ...record.done };
  for (const key of keys) if (isKey(key) && !(key in done)) done[key] = Math.max(now, record.cleared + 1);
  return { done, cleared: record.cleared };
}

/**
 * The course's lesson numbers (1-based) done in `record`, in order.
 * @param {LessonRecord} record
 * @param {string[]} course  the lessons' keys in the course's order
 */
export function doneNumbers(record, course) {
  return course.flatMap((key, index) => (key in record.done ? [index + 1] : []));
}

// The hand-in code: CRL-, the lessons done as bits (lesson 1 the lowest) in two letters of
// this alphabet (no I, L, O, U: nothing to misread), and one letter that checks them.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** @param {string} digits */
function check(digits) {
  let sum = 0;
  for (const [place, digit] of [...digits].entries()) sum += (place + 3) * ALPHABET.indexOf(digit);
  return ALPHABET[sum % ALPHABET.length];
}

/**
 * A short code a pupil hands in: which of the course's lessons are done (at most 10).
 * @param {number[]} numbers  1-based lesson numbers
 */
export function handInCode(numbers) {
  let mask = 0;
  for (const number of numbers) if (number >= 1 && number <= 10) mask |= 1 << (number - 1);
  const digits = ALPHABET[mask >> 5] + ALPHABET[mask & 31];
  return `CRL-${digits}-${check(digits)}`;
}

/**
 * The lesson numbers a hand-in code names, or null for a code that is not one (a typo).
 * @param {string} text
 * @param {number} count  the lessons in the course
 * @returns {number[] | null}
 */
export function readHandInCode(text, count) {
  const found = /^\s*CRL-?([0-9A-Z]{2})-?([0-9A-Z])\s*$/i.exec(text);
  if (!found) return null;
  const digits = found[1].toUpperCase();
  if ([...digits].some((digit) => !ALPHABET.includes(digit)) || check(digits) !== found[2].toUpperCase()) return null;
  const mask = ALPHABET.indexOf(digits[0]) * 32 + ALPHABET.indexOf(digits[1]);
  const numbers = [];
  for (let number = 1; number <= 10; number += 1) if (mask & (1 << (number - 1))) numbers.push(number);
  return numbers.every((number) => number <= count) ? numbers : null;
}

/**
 * The lessons done as the browser keeps them under `key`, or in memory when it keeps nothing.
 * @param {string} key
 * @param {() => Storage} storage  where to keep them (window.localStorage); it may throw
 */
export function openStore(key, storage) {
  /** @type {Storage | null} */
  let kept = null;
  try {
    const place = storage();
    const probe = `${key}/probe`;
    place.setItem(probe, "1");
    place.removeItem(probe);
    kept = place;
  } catch {
    kept = null; // blocked (cookies off, a private window's rules, a sandbox): memory only
  }
  let memory = emptyRecord();
  const read = () => {
    if (!kept) return memory;
    try {
      return mergeRecords(memory, parseRecord(kept.getItem(key)));
    } catch {
      return memory;
    }
  };
  return {
    /** Whether the browser keeps the record beyond this page. */
    kept: kept !== null,
    read,
    /**
     * Merge `record` into what is kept (another tab's writes too) and keep the result.
     * @param {LessonRecord} record
     */
    write(record) {
      memory = mergeRecords(read(), record);
      try {
        kept?.setItem(key, JSON.stringify(memory));
      } catch {
        // full or blocked since the page opened: this page keeps it in memory
      }
      return memory;
    },
    /**
     * Forget every lesson done, in every tab: a clearing later than all of them.
     * @param {number} now
     */
    clear(now) {
      const record = read();
      const latest = Math.max(now, record.cleared + 1, ...Object.values(record.done));
      return this.write({ done: {}, cleared: latest });
    },
  };
}
