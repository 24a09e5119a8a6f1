/*
 * crescent_accel._core: the solver's search in C, move for move the same as the
 * pure-Python search in crescent_widget/solver (state.py, heuristic.py, expand.py,
 * search.py). Same successors in the same order with the same scores, the same dives
 * (the noise comes from a Mersenne Twister seeded exactly like Python's random.Random),
 * the same proof (Tarjan over a table shared with the dives). Given a node budget, both
 * give the same line, the same counts and the same verdict; tests/test_accel.py checks
 * that. Only the speed differs.
 *
 * A position is held in two forms: `St`, fixed-size and easy to change, and a packed key
 * (reshuffles left, foundations, then each pile's length and cards; at most 129 bytes)
 * that the hash tables store, so that the tables cost about a byte per card.
 */
#include "common.h"
#include <structmember.h>

#define ALGORITHM 9

#define NPILES 16
#define MAX_PILE 13
#define JOINED 99
#define ANY_FOUNDATION 16
#define RESHUFFLE_SRC (-1)
#define KEY_MAX (1 + 8 + NPILES + 104)
#define MAX_CHILDREN (NPILES * NPILES + 1)

#define CARD_WEIGHT 10
#define DEPTH_WEIGHT 2
#define RESHUFFLE_WEIGHT 50
#define EMPTY_WEIGHT 5
#define DIVE_NOISE 5.0
#define DIVE_NOISE_MAX 30.0
#define SUIT_CHECK_NODES 300 /* search.SUIT_CHECK_NODES */
#define NO_SUITS (-1)         /* push_frame's suits: none, one (0-3), or ALL_SUITS */
#define ALL_SUITS 4

typedef struct {
    uint8_t n[NPILES];
    uint8_t c[NPILES][MAX_PILE];
    uint8_t f[8];
    uint8_t left;
} St;

typedef struct {
    int8_t src, dst;
    int score;
} Cand;

/* ---------------------------------------------------------------- positions */

static int pack(const St *s, uint8_t *out) {
    int len = 0;
    out[len++] = s->left;
    memcpy(out + len, s->f, 8);
    len += 8;
    for (int p = 0; p < NPILES; p++) {
        out[len++] = s->n[p];
        memcpy(out + len, s->c[p], s->n[p]);
        len += s->n[p];
    }
    return len;
}

static void unpack(const uint8_t *in, St *s) {
    int at = 0;
    s->left = in[at++];
    memcpy(s->f, in + at, 8);
    at += 8;
    for (int p = 0; p < NPILES; p++) {
        s->n[p] = in[at++];
        memcpy(s->c[p], in + at, s->n[p]);
        at += s->n[p];
    }
}

static int is_won(const St *s) {
    for (int p = 0; p < NPILES; p++)
        if (s->n[p]) return 0;
    return 1;
}

static int can_reshuffle(const St *s) {
    if (!s->left) return 0;
    for (int p = 0; p < NPILES; p++)
        if (s->n[p] >= 2) return 1;
    return 0;
}

/* ------------------------------------------------------------- foundations */

/* The canonical foundations after `card` goes up; 0 if no foundation takes it (state.py). */
static int foundation_result(const uint8_t *f, int card, uint8_t *out) {
    int suit = card / 13, rank = card % 13;
    int asc = f[suit], desc = f[suit + 4];
    if (asc == JOINED) {
        asc = desc = rank;
    } else if (rank == asc + 1) {
        asc = rank;
    } else if (rank == desc - 1) {
        desc = rank;
    } else {
        return 0;
    }
    if (desc == asc + 1) asc = desc = JOINED;
    memcpy(out, f, 8);
    out[suit] = (uint8_t)asc;
    out[suit + 4] = (uint8_t)desc;
    return 1;
}

/* 1 for each card a foundation takes next (heuristic.need_table). */
static void need_table(const uint8_t *f, uint8_t *need) {
    memset(need, 0, 52);
    for (int suit = 0; suit < 4; suit++) {
        int asc = f[suit], desc = f[suit + 4];
        if (asc == JOINED) {
            memset(need + suit * 13, 1, 13);
            continue;
        }
        if (asc < 12) need[suit * 13 + asc + 1] = 1;
        if (desc > 0) need[suit * 13 + desc - 1] = 1;
    }
}

static int pile_penalty(const uint8_t *cards, int n, const uint8_t *need) {
    for (int i = n - 1; i >= 0; i--)
        if (need[cards[i]]) return n - 1 - i;
    return 0;
}

static int score(const St *s) {
    uint8_t need[52];
    need_table(s->f, need);
    int cards = 0, depth = 0, empty = 0;
    for (int p = 0; p < NPILES; p++) {
        cards += s->n[p];
        empty += !s->n[p];
        depth += pile_penalty(s->c[p], s->n[p], need);
    }
    return RESHUFFLE_WEIGHT * s->left - CARD_WEIGHT * cards - DEPTH_WEIGHT * depth - EMPTY_WEIGHT * empty;
}

/* ---------------------------------------------------------------- endgames */

/* What the foundations tell about the cards left (expand.endgame). */
typedef struct {
    uint8_t safe[52];
    int nchains;
    uint8_t chain_last[4];
    uint8_t chain_flags[4][52];
    uint8_t held[52];       /* 1: a card of an overlapped suit that is not next to go up */
    int8_t before[52];      /* the card it fits on that goes up just before it */
    int8_t other[52];       /* the other card it fits on, -1 once gone */
} Endgame;

static int endgame(const uint8_t *f, Endgame *eg) {
    int any = 0;
    memset(eg->safe, 0, sizeof eg->safe);
    memset(eg->held, 0, sizeof eg->held);
    eg->nchains = 0;
    for (int suit = 0; suit < 4; suit++) {
        int asc = f[suit], desc = f[suit + 4];
        if (asc == JOINED || desc > asc) continue;
        int base = suit * 13;
        any = 1;
        for (int rank = asc + 2; rank < 13; rank++) {
            int card = base + rank;
            eg->held[card] = 1;
            eg->before[card] = (int8_t)(card - 1);
            eg->other[card] = (int8_t)(rank < 12 ? card + 1 : desc > 0 ? base : -1);
        }
        for (int rank = 0; rank < desc - 1; rank++) {
            int card = base + rank;
            eg->held[card] = 1;
            eg->before[card] = (int8_t)(card + 1);
            eg->other[card] = (int8_t)(rank > 0 ? card - 1 : asc < 12 ? base + 12 : -1);
        }
        int lo, hi, last;
        if (desc == 0 && asc < 12) {
            eg->safe[base + asc + 1] = 1;
            lo = asc + 1, hi = 12, last = base + 12;
        } else if (asc == 12 && desc > 0) {
            eg->safe[base + desc - 1] = 1;
            lo = 1, hi = desc, last = base;
        } else {
            continue;
        }
        int ch = eg->nchains++;
        eg->chain_last[ch] = (uint8_t)last;
        memset(eg->chain_flags[ch], 0, 52);
        for (int rank = lo; rank < hi; rank++) eg->chain_flags[ch][base + rank] = 1;
    }
    return any;
}

static int contains(const uint8_t *cards, int n, int card) {
    for (int i = 0; i < n; i++)
        if (cards[i] == card) return 1;
    return 0;
}

/* expand.dead_end: a chain's last card over its chain (no reshuffle left), or a card of
 * an overlapped suit, at height `left` or above, over every card it fits on. */
static int dead_end(const St *s, const Endgame *eg) {
    int left = s->left;
    if (!left) {
        for (int ch = 0; ch < eg->nchains; ch++) {
            for (int p = 0; p < NPILES; p++) {
                int at = -1;
                for (int i = 0; i < s->n[p]; i++)
                    if (s->c[p][i] == eg->chain_last[ch]) {
                        at = i;
                        break;
                    }
                for (int i = 0; i < at; i++)
                    if (eg->chain_flags[ch][s->c[p][i]]) return 1;
            }
        }
    }
    for (int p = 0; p < NPILES; p++) {
        const uint8_t *c = s->c[p];
        for (int h = left + 1; h < s->n[p]; h++) {
            int card = c[h];
            if (!eg->held[card]) continue;
            if (!contains(c + left, h - left, eg->before[card])) continue;
            if (eg->other[card] < 0 || contains(c + left, h - left, eg->other[card])) return 1;
        }
    }
    return 0;
}

/* ---------------------------------------------------------- stubborn sets */

/* stubborn.py: the playable moves of a strong stubborn set, once no reshuffle is left.
 * Items: a card value's moves (0-51), a pile's top (ITEM_TOP + pile), a pile (ITEM_PILE +
 * pile), a suit's first foundation moves (ITEM_SUIT + suit). The set a closure reaches
 * does not depend on the order items are taken in, so this matches the Python closure. */
#define ITEM_TOP 64
#define ITEM_PILE 96
#define ITEM_SUIT 128
#define ITEMS 132

typedef struct {
    uint8_t count[52];
    uint8_t pile[52][2];
    uint8_t height[52][2];
} Where;

typedef struct {
    uint8_t done[ITEMS];
    uint8_t todo[ITEMS];
    int ntodo;
    uint32_t playable[NPILES]; /* bit dst (ANY_FOUNDATION for a foundation) by source pile */
} Closure;

static void closure_push(Closure *c, int item) {
    if (c->done[item]) return;
    c->done[item] = 1; /* queued once: the set reached is the same */
    c->todo[c->ntodo++] = (uint8_t)item;
}

/* The two cards a card fits on in the piles: one rank up and one down, wrapping K-A
 * (state.NEIGHBOURS). */
static void pile_neighbours(int card, int out[2]) {
    int suit = card / 13, rank = card % 13;
    out[0] = suit * 13 + (rank + 1) % 13;
    out[1] = suit * 13 + (rank + 12) % 13;
}

static int is_top(const St *s, int pile, int height) { return height == s->n[pile] - 1; }

static void moves_of_top(const St *s, const Where *w, Closure *c, int source, int card) {
    int neighbours[2];
    pile_neighbours(card, neighbours);
    for (int k = 0; k < 2; k++) {
        int target_card = neighbours[k];
        if (!w->count[target_card]) continue;
        closure_push(c, target_card);
        for (int i = 0; i < w->count[target_card]; i++) {
            int target = w->pile[target_card][i];
            if (target == source) continue;
            if (is_top(s, target, w->height[target_card][i]) && s->n[target] < MAX_PILE) {
                c->playable[source] |= 1u << target;
                closure_push(c, ITEM_PILE + source);
                closure_push(c, ITEM_PILE + target);
            } else {
                closure_push(c, ITEM_TOP + target);
            }
        }
    }
}

static int stubborn_closure(const St *s, const Where *w, const uint8_t *fits, int start, Closure *c) {
    memset(c->done, 0, sizeof c->done);
    memset(c->playable, 0, sizeof c->playable);
    c->ntodo = 0;
    closure_push(c, start);
    while (c->ntodo) {
        int item = c->todo[--c->ntodo];
        if (item < ITEM_TOP) {
            for (int i = 0; i < w->count[item]; i++) {
                int pile = w->pile[item][i];
                if (is_top(s, pile, w->height[item][i]))
                    moves_of_top(s, w, c, pile, item);
                else
                    closure_push(c, ITEM_TOP + pile);
            }
        } else if (item < ITEM_PILE) {
            int pile = item - ITEM_TOP;
            int card = s->c[pile][s->n[pile] - 1];
            if (fits[card]) {
                c->playable[pile] |= 1u << ANY_FOUNDATION;
                closure_push(c, ITEM_PILE + pile);
            }
            closure_push(c, ITEM_SUIT + card / 13);
            moves_of_top(s, w, c, pile, card);
        } else if (item < ITEM_SUIT) {
            int pile = item - ITEM_PILE;
            closure_push(c, ITEM_TOP + pile);
            int neighbours[2];
            pile_neighbours(s->c[pile][s->n[pile] - 1], neighbours);
            for (int k = 0; k < 2; k++) {
                int card = neighbours[k];
                if (!w->count[card]) continue;
                closure_push(c, card);
                for (int i = 0; i < w->count[card]; i++) {
                    int source = w->pile[card][i];
                    if (source == pile) continue;
                    if (is_top(s, source, w->height[card][i])) {
                        if (s->n[pile] < MAX_PILE) {
                            c->playable[source] |= 1u << pile;
                            closure_push(c, ITEM_PILE + source);
                        }
                    } else {
                        closure_push(c, ITEM_TOP + source);
                    }
                }
            }
        } else {
            int suit = item - ITEM_SUIT;
            for (int card = suit * 13; card < suit * 13 + 13; card++) {
                if (!fits[card]) continue;
                closure_push(c, card);
                for (int i = 0; i < w->count[card]; i++) {
                    int pile = w->pile[card][i];
                    if (is_top(s, pile, w->height[card][i])) {
                        c->playable[pile] |= 1u << ANY_FOUNDATION;
                        closure_push(c, ITEM_PILE + pile);
                    } else {
                        closure_push(c, ITEM_TOP + pile);
                    }
                }
            }
        }
    }
    int count = 0;
    for (int p = 0; p < NPILES; p++)
        for (uint32_t bits = c->playable[p]; bits; bits &= bits - 1) count++;
    return count;
}

/* stubborn.stubborn_moves (no reshuffle left): the smallest set over the suits' landmarks,
 * the first on a tie, as bits by source pile in `keep`. */
static void stubborn_moves(const St *s, uint32_t *keep) {
    Where w;
    uint8_t fits[52], lifted[8];
    int present[4] = {0, 0, 0, 0};
    memset(w.count, 0, sizeof w.count);
    for (int p = 0; p < NPILES; p++)
        for (int h = 0; h < s->n[p]; h++) {
            int card = s->c[p][h], k = w.count[card]++;
            w.pile[card][k] = (uint8_t)p;
            w.height[card][k] = (uint8_t)h;
            present[card / 13] = 1;
        }
    for (int card = 0; card < 52; card++) fits[card] = (uint8_t)foundation_result(s->f, card, lifted);
    Closure c;
    int best = -1;
    memset(keep, 0, NPILES * sizeof *keep);
    for (int suit = 0; suit < 4 && best != 0; suit++) {
        if (!present[suit]) continue;
        int count = stubborn_closure(s, &w, fits, ITEM_SUIT + suit, &c);
        if (best < 0 || count < best) {
            best = count;
            memcpy(keep, c.playable, NPILES * sizeof *keep);
        }
    }
}

/* ------------------------------------------------------------------- moves */

static void apply(const St *s, int src, int dst, St *out) {
    *out = *s;
    if (src == RESHUFFLE_SRC) {
        for (int p = 0; p < NPILES; p++) {
            int n = out->n[p];
            if (n < 2) continue;
            uint8_t bottom = out->c[p][0];
            memmove(out->c[p], out->c[p] + 1, (size_t)(n - 1));
            out->c[p][n - 1] = bottom;
        }
        out->left--;
        return;
    }
    int card = out->c[src][--out->n[src]];
    if (dst == ANY_FOUNDATION) {
        foundation_result(s->f, card, out->f);
    } else {
        out->c[dst][out->n[dst]++] = (uint8_t)card;
    }
}

/* Every successor of `s` in expand.expand's order with its score; no `seen` filter (the
 * callers drop the children they have seen, which gives expand's own result). With
 * `stubborn` (and `prune`), once no reshuffle is left, only a stubborn set's moves. */
static int expand_core(const St *s, int prune, int reshuffle, int stubborn, Cand *out) {
    int count = 0;
    St child;
    Endgame eg;
    if (prune && endgame(s->f, &eg)) {
        if (dead_end(s, &eg)) return 0;
        if (!s->left) {
            for (int p = 0; p < NPILES; p++) {
                if (s->n[p] && eg.safe[s->c[p][s->n[p] - 1]]) {
                    apply(s, p, ANY_FOUNDATION, &child);
                    out[0].src = (int8_t)p;
                    out[0].dst = ANY_FOUNDATION;
                    out[0].score = score(&child);
                    return 1;
                }
            }
        }
    }
    uint8_t need[52];
    need_table(s->f, need);
    int penalties[NPILES], total = 0, depth = 0, empty = 0;
    for (int p = 0; p < NPILES; p++) {
        penalties[p] = pile_penalty(s->c[p], s->n[p], need);
        total += s->n[p];
        empty += !s->n[p];
        depth += penalties[p];
    }
    int base = RESHUFFLE_WEIGHT * s->left - CARD_WEIGHT * total - DEPTH_WEIGHT * depth - EMPTY_WEIGHT * empty;
    /* Piles by top card, lowest index first: the piles a card can move onto. */
    int8_t first[52], after[NPILES];
    memset(first, -1, sizeof first);
    for (int p = NPILES - 1; p >= 0; p--) {
        if (!s->n[p] || s->n[p] >= MAX_PILE) continue;
        int top = s->c[p][s->n[p] - 1];
        after[p] = first[top];
        first[top] = (int8_t)p;
    }
    for (int p = 0; p < NPILES; p++) {
        int n = s->n[p];
        if (!n) continue;
        int card = s->c[p][n - 1];
        uint8_t lifted[8];
        if (foundation_result(s->f, card, lifted)) {
            apply(s, p, ANY_FOUNDATION, &child);
            out[count].src = (int8_t)p;
            out[count].dst = ANY_FOUNDATION;
            out[count].score = score(&child);
            count++;
        }
        int neighbours[2];
        pile_neighbours(card, neighbours);
        int change = 0, targets = 0;
        for (int pass = 0; pass < 2; pass++) {
            for (int t = first[neighbours[pass]]; t >= 0; t = after[t]) {
                if (!targets++) change = pile_penalty(s->c[p], n - 1, need) - penalties[p];
                int old = penalties[t], new_;
                if (need[card]) new_ = 0;
                else if (old || need[s->c[t][s->n[t] - 1]]) new_ = old + 1;
                else new_ = 0;
                out[count].src = (int8_t)p;
                out[count].dst = (int8_t)t;
                out[count].score = base - DEPTH_WEIGHT * (change + new_ - old) - (n == 1 ? EMPTY_WEIGHT : 0);
                count++;
            }
        }
    }
    if (reshuffle && can_reshuffle(s)) {
        apply(s, RESHUFFLE_SRC, 0, &child);
        out[count].src = RESHUFFLE_SRC;
        out[count].dst = 0;
        out[count].score = score(&child);
        count++;
    }
    if (stubborn && prune && !s->left && count > 1) { /* one move leaves nothing to cut */
        uint32_t keep[NPILES];
        stubborn_moves(s, keep);
        int kept = 0;
        for (int i = 0; i < count; i++)
            if (keep[out[i].src] >> out[i].dst & 1u) out[kept++] = out[i];
        count = kept;
    }
    return count;
}

static void set_state(const Set *t, size_t id, St *s) { unpack(set_key(t, id) + 1, s); }

/* Where each pile's count byte stands in pack()'s key of `s`. */
static void pile_offsets(const St *s, int *at) {
    at[0] = 9;
    for (int p = 0; p + 1 < NPILES; p++) at[p + 1] = at[p] + 1 + s->n[p];
}

/* pack() of the child that moves the top card of pile `src` to `dst`, spliced from the
 * parent's key (`key`, `len` bytes, pile offsets `at`): the dives make many children and
 * expand few, so this skips building each child's whole state only to pack it. */
static int child_key(const St *s, const uint8_t *key, int len, const int *at, int src, int dst, uint8_t *out) {
    int card = s->c[src][s->n[src] - 1];
    int top = at[src] + s->n[src]; /* where the moving card stands */
    if (dst == ANY_FOUNDATION) {
        memcpy(out, key, (size_t)top);
        memcpy(out + top, key + top + 1, (size_t)(len - top - 1));
        out[at[src]]--;
        foundation_result(s->f, card, out + 1);
        return len - 1;
    }
    int end = at[dst] + 1 + s->n[dst]; /* just past the target pile's top card */
    if (src < dst) {
        memcpy(out, key, (size_t)top);
        memcpy(out + top, key + top + 1, (size_t)(end - top - 1));
        out[end - 1] = (uint8_t)card;
        memcpy(out + end, key + end, (size_t)(len - end));
        out[at[src]]--;
        out[at[dst] - 1]++;
    } else {
        memcpy(out, key, (size_t)end);
        out[end] = (uint8_t)card;
        memcpy(out + end + 1, key + end, (size_t)(top - end));
        memcpy(out + top + 1, key + top + 1, (size_t)(len - top - 1));
        out[at[dst]]++;
        out[at[src] + 1]--;
    }
    return len;
}

static inline int16_t move_code(int src, int dst) { return (int16_t)((src + 1) * 32 + dst); }
static inline int move_src(int16_t code) { return code / 32 - 1; }
static inline int move_dst(int16_t code) { return code % 32; }

/* ------------------------------------------------------- Mersenne Twister */

/* MT19937 exactly as CPython's _random module, so the dives draw the same noise. */
typedef struct {
    uint32_t mt[624];
    int index;
} Twister;

static void mt_init(Twister *r, uint32_t s) {
    r->mt[0] = s;
    for (int i = 1; i < 624; i++) r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
    r->index = 624;
}

static void mt_init_by_array(Twister *r, const uint32_t *key, size_t len) {
    mt_init(r, 19650218U);
    size_t i = 1, j = 0, k = 624 > len ? 624 : len;
    uint32_t *mt = r->mt;
    for (; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++, j++;
        if (i >= 624) mt[0] = mt[623], i = 1;
        if (j >= len) j = 0;
    }
    for (k = 623; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= 624) mt[0] = mt[623], i = 1;
    }
    mt[0] = 0x80000000U;
}

static uint32_t mt_next(Twister *r) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *mt = r->mt;
    if (r->index >= 624) {
        int kk;
        for (kk = 0; kk < 624 - 397; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + 397] ^ (y >> 1) ^ mag01[y & 1U];
        }
        for (; kk < 623; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (397 - 624)] ^ (y >> 1) ^ mag01[y & 1U];
        }
        y = (mt[623] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[623] = mt[396] ^ (y >> 1) ^ mag01[y & 1U];
        r->index = 0;
    }
    y = mt[r->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static double mt_random(Twister *r) {
    uint32_t a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

/* --------------------------------------------------- Python <-> positions */

/* A state exactly as the package checks it (crescent_widget/solver/search/checks.py), every
 * type before any value, so that both refuse an input with the same kind of error. Only
 * a checked state is copied in: a pile of at most 13 cards, at most 96 cards in all (no
 * card more than twice, counting the foundations' eight or more), which is what the key,
 * the stubborn sets' card table and every fixed buffer are sized for. */
static int state_from_python(PyObject *obj, St *s) {
    if (!PyTuple_CheckExact(obj) || PyTuple_GET_SIZE(obj) != 3) {
        PyErr_SetString(PyExc_TypeError, INVALID_POSITION "a solver state is a tuple (piles, foundations, reshuffles_left)");
        return -1;
    }
    PyObject *piles = PyTuple_GET_ITEM(obj, 0), *fnd = PyTuple_GET_ITEM(obj, 1), *left = PyTuple_GET_ITEM(obj, 2);
    if (!PyTuple_CheckExact(piles) || PyTuple_GET_SIZE(piles) != NPILES) {
        PyErr_SetString(PyExc_TypeError, INVALID_POSITION "piles must be a tuple of 16 bytes objects");
        return -1;
    }
    if (!PyTuple_CheckExact(fnd) || PyTuple_GET_SIZE(fnd) != 8) {
        PyErr_SetString(PyExc_TypeError, INVALID_POSITION "foundations must be a tuple of 8 ints");
        return -1;
    }
    for (int p = 0; p < NPILES; p++) {
        if (!PyBytes_CheckExact(PyTuple_GET_ITEM(piles, p))) {
            PyErr_SetString(PyExc_TypeError, INVALID_POSITION "piles must be a tuple of 16 bytes objects");
            return -1;
        }
    }
    for (int i = 0; i < 9; i++) {
        if (!PyLong_CheckExact(i < 8 ? PyTuple_GET_ITEM(fnd, i) : left)) {
            PyErr_SetString(PyExc_TypeError, INVALID_POSITION "foundation tops and reshuffles_left must be ints");
            return -1;
        }
    }
    int counts[52] = {0};
    for (int p = 0; p < NPILES; p++) {
        PyObject *pile = PyTuple_GET_ITEM(piles, p);
        Py_ssize_t n = PyBytes_GET_SIZE(pile);
        if (n > MAX_PILE) {
            PyErr_Format(PyExc_ValueError, INVALID_POSITION "pile %d holds %zd cards; at most %d fit", p, n, MAX_PILE);
            return -1;
        }
        const uint8_t *cards = (const uint8_t *)PyBytes_AS_STRING(pile);
        for (Py_ssize_t i = 0; i < n; i++) {
            if (cards[i] >= 52) {
                PyErr_Format(PyExc_ValueError, INVALID_POSITION "card %d in pile %d is not a card int 0-51", cards[i], p);
                return -1;
            }
            counts[cards[i]]++;
        }
        s->n[p] = (uint8_t)n;
        memcpy(s->c[p], cards, (size_t)n);
    }
    long tops[8], value;
    for (int i = 0; i < 8; i++)
        if (read_int(PyTuple_GET_ITEM(fnd, i), &tops[i]) < 0) return -1;
    for (int suit = 0; suit < 4; suit++) {
        uint8_t held[13];
        if (check_tops(tops[suit], tops[suit + 4], held) < 0) return -1;
        for (int rank = 0; rank < 13; rank++) {
            if (counts[suit * 13 + rank] + held[rank] > 2) {
                PyErr_Format(PyExc_ValueError, INVALID_POSITION "card %d is held %d times", suit * 13 + rank,
                             counts[suit * 13 + rank] + held[rank]);
                return -1;
            }
        }
        s->f[suit] = (uint8_t)tops[suit];
        s->f[suit + 4] = (uint8_t)tops[suit + 4];
    }
    if (read_int(left, &value) < 0 || check_reshuffles(value) < 0) return -1;
    s->left = (uint8_t)value;
    return 0;
}

static PyObject *state_to_python(const St *s) {
    PyObject *piles = PyTuple_New(NPILES), *fnd = PyTuple_New(8);
    if (!piles || !fnd) goto fail;
    for (int p = 0; p < NPILES; p++) {
        PyObject *pile = PyBytes_FromStringAndSize((const char *)s->c[p], s->n[p]);
        if (!pile) goto fail;
        PyTuple_SET_ITEM(piles, p, pile);
    }
    for (int i = 0; i < 8; i++) {
        PyObject *top = PyLong_FromLong(s->f[i]);
        if (!top) goto fail;
        PyTuple_SET_ITEM(fnd, i, top);
    }
    return Py_BuildValue("(NNi)", piles, fnd, (int)s->left);
fail:
    Py_XDECREF(piles);
    Py_XDECREF(fnd);
    return NULL;
}

static PyObject *move_to_python(int src, int dst) { return Py_BuildValue("(ii)", src, dst); }

/* ------------------------------------------------------------------ Search */

typedef struct {
    double priority;
    uint64_t order;
    int score;
    uint32_t id; /* entry in the dive's set */
    uint8_t lazy;
} HeapItem;

typedef struct {
    uint32_t id;       /* entry in the table */
    uint32_t low;
    uint32_t moves_at; /* first of its children's moves on the move stack */
    uint16_t next, count;
} Frame;

typedef struct {
    PyObject_HEAD
    PyObject *root;
    PyObject *best_line;
    long long nodes, stored, dives, proof_nodes, dead_marks, suit_cuts, suit_nodes;
    char prune, proof_done;
    volatile char running; /* in dive() or prove(): no other call may use the tables (claim_busy) */
    int best_score;
    St root_state;
    Twister twister;
    Set table;       /* every state the proof reached; value 1 marks it dead */
    Set parents;     /* the current dive's states; value = parent entry, move = how */
    HeapItem *heap;
    size_t heap_len, heap_cap;
    Frame *frames;
    size_t nframes, frames_cap;
    int16_t *moves; /* the frames' children, best first */
    size_t nmoves, moves_cap;
    uint32_t *group; /* Tarjan's stack */
    size_t ngroup, group_cap;
    int16_t *line; /* the proof's current line */
    size_t nline, line_cap;
    Set suit_verdicts;   /* the one-suit check's relaxed positions: value 0 won, 1 lost, 2 open */
    long long suit_work; /* relaxed positions it searched, not yet counted */
} SearchObject;

static int grow(void **items, size_t *cap, size_t want, size_t size) {
    if (want <= *cap) return 0;
    size_t cap2 = *cap ? *cap : 256;
    while (cap2 < want) cap2 *= 2;
    void *grown = PyMem_RawRealloc(*items, cap2 * size);
    if (!grown) return -1;
    *items = grown;
    *cap = cap2;
    return 0;
}

static int heap_less(const HeapItem *a, const HeapItem *b) {
    return a->priority < b->priority || (a->priority == b->priority && a->order < b->order);
}

static int heap_push(SearchObject *self, HeapItem item) {
    if (grow((void **)&self->heap, &self->heap_cap, self->heap_len + 1, sizeof item) < 0) return -1;
    size_t at = self->heap_len++;
    while (at) {
        size_t up = (at - 1) / 2;
        if (!heap_less(&item, &self->heap[up])) break;
        self->heap[at] = self->heap[up];
        at = up;
    }
    self->heap[at] = item;
    return 0;
}

static HeapItem heap_pop(SearchObject *self) {
    HeapItem top = self->heap[0], last = self->heap[--self->heap_len];
    size_t n = self->heap_len, at = 0;
    for (;;) {
        size_t child = 2 * at + 1;
        if (child >= n) break;
        if (child + 1 < n && heap_less(&self->heap[child + 1], &self->heap[child])) child++;
        if (!heap_less(&self->heap[child], &last)) break;
        self->heap[at] = self->heap[child];
        at = child;
    }
    if (n) self->heap[at] = last;
    return top;
}

static void count_nodes(SearchObject *self, long long stored, long long generated) {
    self->nodes += generated;
    if (stored > self->stored) self->stored = stored;
}

/* A stable sort, best score first: Python's sort(reverse=True) keeps ties in order. */
static void sort_children(Cand *items, int n) {
    for (int i = 1; i < n; i++) {
        Cand item = items[i];
        int j = i - 1;
        while (j >= 0 && items[j].score < item.score) {
            items[j + 1] = items[j];
            j--;
        }
        items[j + 1] = item;
    }
}

/* Pushes the proof frame of table entry `id` (search.Search._frame); `suits` are those the
 * one-suit check asks about (NO_SUITS, one suit 0-3, or ALL_SUITS). */
static int push_frame(SearchObject *self, uint32_t id, const St *s, int suits) {
    Cand children[MAX_CHILDREN];
    int count = -1;
    if (suits != NO_SUITS && self->prune) {
        int first = suits == ALL_SUITS ? 0 : suits, last = suits == ALL_SUITS ? 3 : suits;
        /* The check's work so far against the proof's states: suit_work counts from suit_nodes. */
        long long allowed = (long long)self->table.count - self->suit_nodes;
        for (int suit = first; suit <= last && count; suit++) {
            int lost = crescent_suit_lost(&self->suit_verdicts, s->n, s->c, s->f, s->left, suit, SUIT_CHECK_NODES,
                                          allowed, &self->suit_work);
            if (lost < 0) return -1;
            if (lost) {
                count = 0;
                self->suit_cuts++;
            }
        }
    }
    if (count) count = expand_core(s, self->prune, 1, 1, children);
    sort_children(children, count);
    if (grow((void **)&self->frames, &self->frames_cap, self->nframes + 1, sizeof(Frame)) < 0) return -1;
    if (grow((void **)&self->moves, &self->moves_cap, self->nmoves + (size_t)count, sizeof(int16_t)) < 0) return -1;
    Frame *frame = &self->frames[self->nframes++];
    frame->id = id;
    frame->low = id;
    frame->moves_at = (uint32_t)self->nmoves;
    frame->next = 0;
    frame->count = (uint16_t)count;
    for (int i = 0; i < count; i++) self->moves[self->nmoves++] = move_code(children[i].src, children[i].dst);
    return 0;
}

static PyObject *line_from_codes(const int16_t *codes, size_t n) {
    PyObject *line = PyList_New((Py_ssize_t)n);
    if (!line) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *move = move_to_python(move_src(codes[i]), move_dst(codes[i]));
        if (!move) {
            Py_DECREF(line);
            return NULL;
        }
        PyList_SET_ITEM(line, (Py_ssize_t)i, move);
    }
    return line;
}

/* The moves from the dive's start to dive entry `id` (search._line_to). */
static PyObject *dive_line(SearchObject *self, uint32_t id) {
    size_t n = 0;
    for (int32_t at = (int32_t)id; self->parents.value[at] >= 0; at = self->parents.value[at]) n++;
    int16_t *codes = PyMem_RawMalloc((n ? n : 1) * sizeof *codes);
    if (!codes) return PyErr_NoMemory();
    size_t i = n;
    for (int32_t at = (int32_t)id; self->parents.value[at] >= 0; at = self->parents.value[at])
        codes[--i] = self->parents.move[at];
    PyObject *line = line_from_codes(codes, n);
    PyMem_RawFree(codes);
    return line;
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"root", "seed", "prune", NULL};
    PyObject *root, *seed = NULL, *prune_obj = Py_True;
    int prune;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|$OO", keywords, &root, &seed, &prune_obj)) return -1;
    if (self->root) {
        PyErr_SetString(PyExc_TypeError, "a Search is initialised once");
        return -1;
    }
    St s;
    if (state_from_python(root, &s) < 0) return -1;
    if (seed && !PyLong_CheckExact(seed)) {
        PyErr_Format(PyExc_TypeError, INVALID_OPTION "seed must be an int, not %.50s", Py_TYPE(seed)->tp_name);
        return -1;
    }
    if (read_flag(prune_obj, "prune", &prune) < 0) return -1;
    /* Seed exactly as random.Random(seed) does for an int: 32-bit words of abs(seed). */
    PyObject *number = seed ? PyNumber_Absolute(seed) : PyLong_FromLong(0);
    if (!number) return -1;
    PyObject *bit_length = PyObject_CallMethod(number, "bit_length", NULL);
    size_t bits = bit_length ? PyLong_AsSize_t(bit_length) : (size_t)-1;
    Py_XDECREF(bit_length);
    if (bits == (size_t)-1) {
        Py_DECREF(number);
        return -1;
    }
    size_t words = bits == 0 ? 1 : (bits - 1) / 32 + 1;
    PyObject *raw = PyObject_CallMethod(number, "to_bytes", "ns", (Py_ssize_t)(words * 4), "little");
    Py_DECREF(number);
    if (!raw) return -1;
    uint32_t *key = PyMem_RawMalloc(words * sizeof *key);
    if (!key) {
        Py_DECREF(raw);
        PyErr_NoMemory();
        return -1;
    }
    const uint8_t *bytes = (const uint8_t *)PyBytes_AS_STRING(raw);
    for (size_t w = 0; w < words; w++)
        key[w] = (uint32_t)bytes[4 * w] | (uint32_t)bytes[4 * w + 1] << 8 | (uint32_t)bytes[4 * w + 2] << 16 |
                 (uint32_t)bytes[4 * w + 3] << 24;
    mt_init_by_array(&self->twister, key, words);
    PyMem_RawFree(key);
    Py_DECREF(raw);

    self->best_line = PyList_New(0);
    if (!self->best_line) return -1;
    Py_INCREF(root);
    self->root = root;
    self->root_state = s;
    self->prune = (char)prune;
    self->best_score = score(&s);
    uint8_t packed[KEY_MAX];
    int len = pack(&s, packed);
    if (set_add(&self->table, packed, len, hash_key(packed, len)) < 0 || push_frame(self, 0, &s, NO_SUITS) < 0 ||
        grow((void **)&self->group, &self->group_cap, 1, sizeof(uint32_t)) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->group[self->ngroup++] = 0;
    return 0;
}

static void Search_dealloc(SearchObject *self) {
    Py_XDECREF(self->root);
    Py_XDECREF(self->best_line);
    set_free(&self->table);
    set_free(&self->parents);
    set_free(&self->suit_verdicts);
    PyMem_RawFree(self->heap);
    PyMem_RawFree(self->frames);
    PyMem_RawFree(self->moves);
    PyMem_RawFree(self->group);
    PyMem_RawFree(self->line);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check_ready(SearchObject *self) {
    if (!self->root) {
        PyErr_SetString(PyExc_TypeError, "Search.__init__ was not called");
        return -1;
    }
    return 0;
}

/* Refuses a call while dive() or prove() runs (from its stop callback, or from another
 * thread while the GIL is released): both share the search's tables and stacks, which
 * the running call holds pointers into. */
static int enter(SearchObject *self) {
    if (check_ready(self) < 0) return -1;
    if (claim_busy(&self->running)) {
        PyErr_SetString(PyExc_RuntimeError, SEARCH_BUSY
                        "this search is running: it cannot be called from its own stop callback or another thread");
        return -1;
    }
    return 0;
}

/* The search itself touches no Python object: it runs without the GIL, so that the
 * kernel's other threads (a widget answering taps) run meanwhile. GIL_BACK takes the GIL
 * again before anything Python: an error, a result, a stop callback. */
#define GIL_BACK() PyEval_RestoreThread(released)

/* Search.dive: best-first from the root for `limit` expansions; the winning line or None. */
static PyObject *dive_run(SearchObject *self, long long limit, PyObject *stop) {
    if (is_won(&self->root_state)) return PyList_New(0);
    /* As search.py: no noise on the first dive, then a ramp up to a cap. */
    double ramp = DIVE_NOISE + (double)self->dives;
    double noise = self->dives ? (ramp < DIVE_NOISE_MAX ? ramp : DIVE_NOISE_MAX) : 0.0;
    self->dives++;
    Set *parents = &self->parents;
    Set *table = &self->table;
    set_clear(parents);
    self->heap_len = 0;
    uint8_t packed[KEY_MAX];
    int len = pack(&self->root_state, packed);
    if (set_add(parents, packed, len, hash_key(packed, len)) < 0) return PyErr_NoMemory();
    parents->value[0] = -1;
    HeapItem first = {0.0, 0, score(&self->root_state), 0, 0};
    if (heap_push(self, first) < 0) return PyErr_NoMemory();
    uint64_t pushed = 0;
    int best_score = self->best_score;
    long best = 0;
    long long expanded = 0;
    Cand children[MAX_CHILDREN];
    St state, child;
    PyThreadState *released = PyEval_SaveThread();
    while (self->heap_len && expanded < limit) {
        if (!(expanded & 63) && expanded && stop != Py_None) {
            GIL_BACK();
            PyObject *answer = PyObject_CallNoArgs(stop);
            if (!answer) return NULL;
            int truth = PyObject_IsTrue(answer);
            Py_DECREF(answer);
            if (truth < 0) return NULL;
            released = PyEval_SaveThread();
            if (truth) break;
        }
        HeapItem item = heap_pop(self);
        uint32_t id = item.id;
        set_state(parents, id, &state);
        if (item.lazy) { /* Search._reshuffle_of */
            apply(&state, RESHUFFLE_SRC, 0, &child);
            len = pack(&child, packed);
            uint64_t h = hash_key(packed, len);
            if (set_find(parents, packed, len, h) >= 0) continue;
            long added = set_add(parents, packed, len, h);
            if (added < 0) {
                GIL_BACK();
                return PyErr_NoMemory();
            }
            parents->value[added] = (int32_t)id;
            parents->move[added] = move_code(RESHUFFLE_SRC, 0);
            if (self->dead_marks) {
                long known = set_find(table, packed, len, h);
                if (known >= 0 && table->value[known]) continue;
            }
            id = (uint32_t)added;
            state = child;
        }
        expanded++;
        int count = expand_core(&state, self->prune, 0, 0, children);
        uint8_t parent_key[KEY_MAX];
        int parent_len = pack(&state, parent_key), at[NPILES];
        int cards = parent_len - 9 - NPILES; /* the key is 9 header bytes, then a count and the cards per pile */
        pile_offsets(&state, at);
        for (int i = 0; i < count; i++) {
            len = child_key(&state, parent_key, parent_len, at, children[i].src, children[i].dst, packed);
            uint64_t h = hash_key(packed, len);
            if (set_find(parents, packed, len, h) >= 0) continue; /* seen, or a twin of this expansion */
            long added = set_add(parents, packed, len, h);
            if (added < 0) {
                GIL_BACK();
                return PyErr_NoMemory();
            }
            parents->value[added] = (int32_t)id;
            parents->move[added] = move_code(children[i].src, children[i].dst);
            if (children[i].dst == ANY_FOUNDATION && cards == 1) { /* its last card went up */
                count_nodes(self, (long long)parents->count, (long long)parents->count - 1);
                GIL_BACK();
                return dive_line(self, (uint32_t)added);
            }
            if (self->dead_marks) {
                long known = set_find(table, packed, len, h);
                if (known >= 0 && table->value[known]) continue;
            }
            int value = children[i].score;
            if (value > best_score) best_score = value, best = added;
            HeapItem entry = {-((double)value + mt_random(&self->twister) * noise), ++pushed, value,
                              (uint32_t)added, 0};
            if (heap_push(self, entry) < 0) {
                GIL_BACK();
                return PyErr_NoMemory();
            }
        }
        if (can_reshuffle(&state)) {
            int value = item.score - RESHUFFLE_WEIGHT;
            HeapItem entry = {-((double)value + mt_random(&self->twister) * noise), ++pushed, value, id, 1};
            if (heap_push(self, entry) < 0) {
                GIL_BACK();
                return PyErr_NoMemory();
            }
        }
    }
    GIL_BACK();
    count_nodes(self, (long long)parents->count, (long long)parents->count - 1);
    if (!self->heap_len) self->proof_done = 1;
    if (best) {
        PyObject *line = dive_line(self, (uint32_t)best);
        if (!line) return NULL;
        Py_SETREF(self->best_line, line);
        self->best_score = best_score;
    }
    Py_RETURN_NONE;
}

static PyObject *Search_dive(SearchObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"limit", "stop", NULL};
    long long limit;
    PyObject *limit_obj, *stop = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O", keywords, &limit_obj, &stop)) return NULL;
    if (parse_limit(limit_obj, &limit) < 0) return NULL;
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_Format(PyExc_TypeError, INVALID_OPTION "stop must be None or a callable, not %.50s",
                     Py_TYPE(stop)->tp_name);
        return NULL;
    }
    if (enter(self) < 0) return NULL;
    PyObject *line = dive_run(self, limit, stop);
    release_busy(&self->running);
    return line;
}

/* Search.prove: advance the complete search by about `limit` states; a winning line or None. */
static PyObject *prove_run(SearchObject *self, long long limit) {
    Set *table = &self->table;
    long long generated = 0;
    uint8_t packed[KEY_MAX];
    St state, child;
    long cached = -1; /* the table entry whose position `state` holds */
    PyThreadState *released = PyEval_SaveThread();
    while (self->nframes && generated < limit) {
        Frame *frame = &self->frames[self->nframes - 1];
        int pushed = 0;
        while (frame->next < frame->count) {
            int16_t code = self->moves[frame->moves_at + frame->next++];
            if (cached != (long)frame->id) {
                set_state(table, frame->id, &state);
                cached = (long)frame->id;
            }
            apply(&state, move_src(code), move_dst(code), &child);
            int len = pack(&child, packed);
            uint64_t h = hash_key(packed, len);
            long known = set_find(table, packed, len, h);
            if (known < 0) {
                generated++;
                if (grow((void **)&self->line, &self->line_cap, self->nline + 1, sizeof(int16_t)) < 0)
                    {
                    GIL_BACK();
                    return PyErr_NoMemory();
                }
                self->line[self->nline++] = code;
                if (is_won(&child)) {
                    count_nodes(self, (long long)table->count, generated);
                    GIL_BACK();
                    return line_from_codes(self->line, self->nline);
                }
                long added = set_add(table, packed, len, h);
                if (added < 0) {
                    GIL_BACK();
                    return PyErr_NoMemory();
                }
                if (grow((void **)&self->group, &self->group_cap, self->ngroup + 1, sizeof(uint32_t)) < 0)
                    {
                    GIL_BACK();
                    return PyErr_NoMemory();
                }
                self->group[self->ngroup++] = (uint32_t)added;
                int src = move_src(code);
                int suits = src == RESHUFFLE_SRC ? ALL_SUITS : state.c[src][state.n[src] - 1] / 13;
                if (push_frame(self, (uint32_t)added, &child, suits) < 0) {
                    GIL_BACK();
                    return PyErr_NoMemory();
                }
                generated += self->suit_work;
                self->suit_nodes += self->suit_work;
                self->suit_work = 0;
                state = child;
                cached = added;
                pushed = 1;
                break;
            }
            if (!table->value[known] && (uint32_t)known < frame->low) frame->low = (uint32_t)known;
        }
        if (pushed) continue;
        Frame done = *frame;
        self->nframes--;
        self->nmoves = done.moves_at;
        if (self->nline) self->nline--;
        if (done.low == done.id) { /* a finished group without a win: all dead */
            for (;;) {
                uint32_t member = self->group[--self->ngroup];
                table->value[member] = 1;
                self->dead_marks++;
                if (member == done.id) break;
            }
        } else if (self->nframes && done.low < self->frames[self->nframes - 1].low) {
            self->frames[self->nframes - 1].low = done.low;
        }
    }
    count_nodes(self, (long long)table->count, generated);
    self->proof_nodes += generated;
    if (!self->nframes) self->proof_done = 1;
    GIL_BACK();
    Py_RETURN_NONE;
}

static PyObject *Search_prove(SearchObject *self, PyObject *args) {
    long long limit;
    PyObject *limit_obj;
    if (!PyArg_ParseTuple(args, "O", &limit_obj)) return NULL;
    if (parse_limit(limit_obj, &limit) < 0) return NULL;
    if (enter(self) < 0) return NULL;
    PyObject *line = prove_run(self, limit);
    release_busy(&self->running);
    return line;
}

static PyObject *Search_get_proof_done(SearchObject *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->proof_done);
}

static PyObject *Search_get_prune(SearchObject *self, void *closure) {
    (void)closure;
    return PyBool_FromLong(self->prune);
}

static PyObject *Search_get_root(SearchObject *self, void *closure) {
    (void)closure;
    if (check_ready(self) < 0) return NULL;
    return Py_NewRef(self->root);
}

static PyObject *Search_get_best_line(SearchObject *self, void *closure) {
    (void)closure;
    if (check_ready(self) < 0) return NULL;
    return Py_NewRef(self->best_line);
}

static PyGetSetDef Search_getset[] = {
    {"proof_done", (getter)Search_get_proof_done, NULL, "the complete search has finished", NULL},
    {"prune", (getter)Search_get_prune, NULL, "safe moves and dead ends are used", NULL},
    {"root", (getter)Search_get_root, NULL, "the position being solved", NULL},
    {"best_line", (getter)Search_get_best_line, NULL, "the line to the best-scoring position of the dives", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef Search_members[] = {
    {"nodes", T_LONGLONG, offsetof(SearchObject, nodes), READONLY, "successor states generated"},
    {"stored", T_LONGLONG, offsetof(SearchObject, stored), READONLY, "the most states held at once"},
    {"dives", T_LONGLONG, offsetof(SearchObject, dives), READONLY, "dives started"},
    {"proof_nodes", T_LONGLONG, offsetof(SearchObject, proof_nodes), READONLY, "states the proof generated"},
    {"dead_marks", T_LONGLONG, offsetof(SearchObject, dead_marks), READONLY, "states proven to have no win"},
    {"suit_cuts", T_LONGLONG, offsetof(SearchObject, suit_cuts), READONLY, "states the one-suit check found lost"},
    {"suit_nodes", T_LONGLONG, offsetof(SearchObject, suit_nodes), READONLY, "relaxed positions the check searched"},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef Search_methods[] = {
    {"dive", (PyCFunction)(void (*)(void))Search_dive, METH_VARARGS | METH_KEYWORDS,
     "dive(limit, stop=None): best-first from the root; the winning line or None"},
    {"prove", (PyCFunction)Search_prove, METH_VARARGS, "prove(limit): advance the complete search"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "crescent_accel._core.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, /* crescent_widget checks its input in a subclass */
    .tp_doc = "The solver's dives and proof, as crescent_widget.solver.search.dive_and_proof.Search.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_members = Search_members,
    .tp_getset = Search_getset,
};

/* ------------------------------------------------------------------ expand */

static PyObject *py_expand(PyObject *module, PyObject *args, PyObject *kwargs) {
    (void)module;
    static char *keywords[] = {"state", "prune", "reshuffle", "stubborn", NULL};
    PyObject *obj, *prune_obj = Py_True, *reshuffle_obj = Py_True, *stubborn_obj = Py_False;
    int prune, reshuffle, stubborn;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|OOO", keywords, &obj, &prune_obj, &reshuffle_obj, &stubborn_obj))
        return NULL;
    St s, child;
    if (state_from_python(obj, &s) < 0 || read_flag(prune_obj, "prune", &prune) < 0 ||
        read_flag(reshuffle_obj, "reshuffle", &reshuffle) < 0 || read_flag(stubborn_obj, "stubborn", &stubborn) < 0)
        return NULL;
    Cand children[MAX_CHILDREN];
    int count = expand_core(&s, prune, reshuffle, stubborn, children);
    PyObject *result = PyList_New(count);
    if (!result) return NULL;
    for (int i = 0; i < count; i++) {
        apply(&s, children[i].src, children[i].dst, &child);
        PyObject *state = state_to_python(&child);
        if (!state) {
            Py_DECREF(result);
            return NULL;
        }
        PyObject *item = Py_BuildValue("((ii)Ni)", children[i].src, children[i].dst, state, children[i].score);
        if (!item) {
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, i, item);
    }
    return result;
}

static PyMethodDef module_methods[] = {
    {"expand", (PyCFunction)(void (*)(void))py_expand, METH_VARARGS | METH_KEYWORDS,
     "expand(state, prune=True, reshuffle=True, stubborn=False): every successor as (move, child, score)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "crescent_accel._core", "The solver's search in C.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

int crescent_add_relaxed(PyObject *module); /* relaxed.c */

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (!module) return NULL;
    if (PyModule_AddIntConstant(module, "ALGORITHM", ALGORITHM) < 0 ||
        PyModule_AddObjectRef(module, "Search", (PyObject *)&SearchType) < 0 || crescent_add_relaxed(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
