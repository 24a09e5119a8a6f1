/*
 * What the two parts of crescent_accel._core share: a hash set of packed positions, and
 * reading ints and budgets from Python as the pure-Python search does. Included by
 * _core.c (the search) and relaxed.c (the one-suit bound's relaxed game).
 */
#ifndef CRESCENT_COMMON_H
#define CRESCENT_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t hash_key(const uint8_t *k, int len) {
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)len;
    int i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    uint64_t w = 0;
    memcpy(&w, k + i, (size_t)(len - i));
    h = (h ^ w) * 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 29;
    return h;
}

/* --------------------------------------------------------------- hash sets */

/* Packed positions, numbered in the order they were added; a position is looked up by
 * its key. Each entry carries a 32-bit value and a 16-bit move (what the caller needs:
 * the dive's parent and move, the proof's dead mark). */
typedef struct {
    uint8_t *arena;
    size_t used, cap;
    uint64_t *offset;
    uint64_t *hash;
    int32_t *value;
    int16_t *move;
    size_t count, entries_cap;
    uint64_t *slots; /* the hash's high 32 bits, then entry id + 1; 0 is empty */
    size_t nslots;
} Set;

static inline void set_free(Set *t) {
    PyMem_RawFree(t->arena);
    PyMem_RawFree(t->offset);
    PyMem_RawFree(t->hash);
    PyMem_RawFree(t->value);
    PyMem_RawFree(t->move);
    PyMem_RawFree(t->slots);
    memset(t, 0, sizeof *t);
}

static inline void set_clear(Set *t) {
    t->used = 0;
    t->count = 0;
    if (t->slots) memset(t->slots, 0, t->nslots * sizeof *t->slots);
}

/* A slot keeps part of the hash beside the entry id, so a probe rarely reads an entry. */
static inline uint64_t slot_of(uint64_t h, size_t id) { return (h & 0xFFFFFFFF00000000ULL) | (uint64_t)(id + 1); }

static inline int set_grow_slots(Set *t) {
    size_t nslots = t->nslots ? t->nslots * 2 : 1024;
    uint64_t *slots = PyMem_RawCalloc(nslots, sizeof *slots);
    if (!slots) return -1;
    for (size_t id = 0; id < t->count; id++) {
        size_t at = (size_t)t->hash[id] & (nslots - 1);
        while (slots[at]) at = (at + 1) & (nslots - 1);
        slots[at] = slot_of(t->hash[id], id);
    }
    PyMem_RawFree(t->slots);
    t->slots = slots;
    t->nslots = nslots;
    return 0;
}

static inline const uint8_t *set_key(const Set *t, size_t id) { return t->arena + t->offset[id]; }

static inline long set_find(const Set *t, const uint8_t *key, int len, uint64_t h) {
    if (!t->nslots) return -1;
    size_t at = (size_t)h & (t->nslots - 1);
    uint64_t tag = h & 0xFFFFFFFF00000000ULL;
    for (;;) {
        uint64_t slot = t->slots[at];
        if (!slot) return -1;
        size_t id = (size_t)(slot & 0xFFFFFFFFULL) - 1;
        if ((slot & 0xFFFFFFFF00000000ULL) == tag && t->hash[id] == h) {
            const uint8_t *stored = set_key(t, id);
            if (stored[0] == len && memcmp(stored + 1, key, (size_t)len) == 0) return (long)id;
        }
        at = (at + 1) & (t->nslots - 1);
    }
}

/* Adds a key that set_find did not find; the new id, or -1 when memory runs out. */
static inline long set_add(Set *t, const uint8_t *key, int len, uint64_t h) {
    if ((t->count + 1) * 2 > t->nslots && set_grow_slots(t) < 0) return -1;
    if (t->count == t->entries_cap) {
        size_t cap = t->entries_cap ? t->entries_cap * 2 : 1024;
        uint64_t *offset = PyMem_RawRealloc(t->offset, cap * sizeof *offset);
        if (offset) t->offset = offset;
        uint64_t *hash = PyMem_RawRealloc(t->hash, cap * sizeof *hash);
        if (hash) t->hash = hash;
        int32_t *value = PyMem_RawRealloc(t->value, cap * sizeof *value);
        if (value) t->value = value;
        int16_t *move = PyMem_RawRealloc(t->move, cap * sizeof *move);
        if (move) t->move = move;
        if (!offset || !hash || !value || !move) return -1;
        t->entries_cap = cap;
    }
    if (t->used + (size_t)len + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 65536;
        while (cap < t->used + (size_t)len + 1) cap *= 2;
        uint8_t *arena = PyMem_RawRealloc(t->arena, cap);
        if (!arena) return -1;
        t->arena = arena;
        t->cap = cap;
    }
    size_t id = t->count++;
    t->offset[id] = t->used;
    t->arena[t->used] = (uint8_t)len;
    memcpy(t->arena + t->used + 1, key, (size_t)len);
    t->used += (size_t)len + 1;
    t->hash[id] = h;
    t->value[id] = 0;
    t->move[id] = 0;
    size_t at = (size_t)h & (t->nslots - 1);
    while (t->slots[at]) at = (at + 1) & (t->nslots - 1);
    t->slots[at] = slot_of(h, id);
    return (long)id;
}

/* Every refusal's message starts with a reason code and ": ", as the package's errors
 * (crescent_widget/solver/search/checks.py) carry it: crescent_widget turns these plain
 * TypeErrors, ValueErrors and RuntimeErrors into its own errors by that code. */
#define INVALID_POSITION "invalid_position: "
#define INVALID_BUDGET "invalid_budget: "
#define INVALID_OPTION "invalid_option: "
#define SEARCH_BUSY "search_busy: "
/* A search releases the GIL while it works, so another thread may call the same object
 * meanwhile; a running call owns the object's tables. claim_busy() sets the busy flag
 * and tells whether it was already set, in one atomic step (GIL or no GIL). */
#if defined(_MSC_VER)
#include <intrin.h>
static inline int claim_busy(volatile char *flag) { return _InterlockedExchange8(flag, 1) != 0; }
static inline void release_busy(volatile char *flag) { _InterlockedExchange8(flag, 0); }
#else
static inline int claim_busy(volatile char *flag) { return __atomic_exchange_n(flag, 1, __ATOMIC_ACQ_REL) != 0; }
static inline void release_busy(volatile char *flag) { __atomic_store_n(flag, 0, __ATOMIC_RELEASE); }
#endif
#define MAX_RESHUFFLES 4 /* variant F deals 4 */
#define NO_RANK 99      /* JOINED: both foundations of a suit hold each rank once */

/* The value of an int already checked to be exactly an int; one too big for a C long
 * reads as -1, which every caller refuses as out of range, as the package does. */
static inline int read_int(PyObject *obj, long *value) {
    int overflow;
    *value = PyLong_AsLongAndOverflow(obj, &overflow);
    if (*value == -1 && PyErr_Occurred()) return -1;
    if (overflow) *value = -1;
    return 0;
}

/* A suit's foundation tops as the package takes them: ranks 0-12, or JOINED on both, and
 * folded (never a descending top just above the ascending one); then the copies of each
 * rank they hold, in `held`. */
static inline int check_tops(long asc, long desc, uint8_t *held) {
    if (!((asc >= 0 && asc <= 12) || asc == NO_RANK) || !((desc >= 0 && desc <= 12) || desc == NO_RANK)) {
        PyErr_SetString(PyExc_ValueError, INVALID_POSITION "a foundation top is neither a rank index 0-12 nor JOINED (99)");
        return -1;
    }
    if ((asc == NO_RANK) != (desc == NO_RANK)) {
        PyErr_SetString(PyExc_ValueError, INVALID_POSITION "a joined suit has JOINED (99) on both of its foundations");
        return -1;
    }
    if (desc == asc + 1) {
        PyErr_SetString(PyExc_ValueError, INVALID_POSITION "foundations holding each rank once are written JOINED (99)");
        return -1;
    }
    for (int rank = 0; rank < 13; rank++) held[rank] = asc == NO_RANK ? 1 : (uint8_t)((rank <= asc) + (rank >= desc));
    return 0;
}

static inline int check_reshuffles(long left) {
    if (left < 0 || left > MAX_RESHUFFLES) {
        PyErr_Format(PyExc_ValueError, INVALID_POSITION "reshuffles_left is outside 0-%d", MAX_RESHUFFLES);
        return -1;
    }
    return 0;
}

/* A switch: exactly True or False. */
static inline int read_flag(PyObject *obj, const char *name, int *flag) {
    if (!PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, INVALID_OPTION "%s must be True or False, not %.50s", name, Py_TYPE(obj)->tp_name);
        return -1;
    }
    *flag = obj == Py_True;
    return 0;
}

/* A budget as Python treats it: any int, a huge one meaning no limit, a negative one none. */
static inline int parse_limit(PyObject *obj, long long *limit) {
    if (!PyLong_CheckExact(obj)) {
        PyErr_Format(PyExc_TypeError, INVALID_BUDGET "limit must be an int, not %.50s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    int overflow;
    *limit = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (*limit == -1 && PyErr_Occurred()) return -1;
    if (overflow) *limit = overflow > 0 ? LLONG_MAX : LLONG_MIN;
    return 0;
}

/* relaxed.c: the search's one-suit check (see there). */
int crescent_suit_lost(Set *verdicts, const uint8_t *sizes, const uint8_t (*cards)[13], const uint8_t *tops,
                       int left, int suit, long long budget, long long allowed, long long *work);

#endif
