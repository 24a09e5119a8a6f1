/*
 * crescent_accel._core.RelaxedSearch: the one-suit bound's relaxed game and its
 * depth-first search, position for position the same as the pure-Python one
 * (crescent_widget/solver/search/relaxed.py): the same successors in the same order, the same
 * positions counted, the same verdict for a budget. A relaxed position is one suit's
 * piles of ranks (0 = Ace ... 12 = King), none empty and sorted as Python sorts bytes,
 * its two foundation tops and the reshuffles left.
 * Until the first reshuffle every pile starts with a flag byte, R_FOREIGN or R_OWN: the
 * real pile's bottom card is of another suit or of this one.
 */
#include "common.h"
#include <structmember.h>

#define R_PILES 16
#define R_RANKS 26 /* a suit has 26 cards; the relaxed game has no pile limit */
#define R_CARDS (R_RANKS + 1) /* and a flag */
#define R_JOINED 99
#define R_FOREIGN 13
#define R_OWN 14
#define R_KEY_MAX (4 + R_PILES + R_PILES + R_RANKS)

typedef struct {
    uint8_t np;
    uint8_t n[R_PILES];
    uint8_t r[R_PILES][R_CARDS];
    uint8_t asc, desc, left;
} Rel;

static int r_pack(const Rel *x, uint8_t *out) {
    int len = 0;
    out[len++] = x->asc;
    out[len++] = x->desc;
    out[len++] = x->left;
    out[len++] = x->np;
    for (int p = 0; p < x->np; p++) {
        out[len++] = x->n[p];
        memcpy(out + len, x->r[p], x->n[p]);
        len += x->n[p];
    }
    return len;
}

static void r_unpack(const uint8_t *in, Rel *x) {
    int at = 0;
    x->asc = in[at++];
    x->desc = in[at++];
    x->left = in[at++];
    x->np = in[at++];
    for (int p = 0; p < x->np; p++) {
        x->n[p] = in[at++];
        memcpy(x->r[p], in + at, x->n[p]);
        at += x->n[p];
    }
}

/* Python's order of bytes: the first differing rank, else the shorter first. */
static int pile_less(const Rel *x, int a, int b) {
    int m = x->n[a] < x->n[b] ? x->n[a] : x->n[b];
    int c = memcmp(x->r[a], x->r[b], (size_t)m);
    return c ? c < 0 : x->n[a] < x->n[b];
}

/* Drops the empty piles and sorts the rest: tuple(sorted(p for p in piles if p)). */
static void canonical(Rel *x) {
    int kept = 0;
    for (int p = 0; p < x->np; p++) {
        if (!x->n[p]) continue;
        if (kept != p) {
            x->n[kept] = x->n[p];
            memcpy(x->r[kept], x->r[p], x->n[p]);
        }
        kept++;
    }
    x->np = (uint8_t)kept;
    for (int i = 1; i < x->np; i++) { /* insertion sort: stable, like sorted() */
        int j = i;
        while (j > 0 && pile_less(x, j, j - 1)) {
            uint8_t n = x->n[j], r[R_CARDS];
            memcpy(r, x->r[j], n);
            x->n[j] = x->n[j - 1];
            memcpy(x->r[j], x->r[j - 1], x->n[j - 1]);
            x->n[j - 1] = n;
            memcpy(x->r[j - 1], r, n);
            j--;
        }
    }
}

/* relaxed._flags_settled: with no OWN pile left (it would sort last), the first reshuffle
 * turns none of the suit's cards, so it is spent at once and the flags go. */
static void settle_flags(Rel *x) {
    if (!x->np || x->r[x->np - 1][0] != R_FOREIGN) return;
    for (int p = 0; p < x->np; p++) memmove(x->r[p], x->r[p] + 1, --x->n[p]);
    x->left--;
}

/* state.suit_result: the canonical tops after `rank` goes up; 0 if neither takes it. */
static int suit_result(int asc, int desc, int rank, uint8_t *new_asc, uint8_t *new_desc) {
    if (asc == R_JOINED) {
        asc = desc = rank;
    } else if (rank == asc + 1) {
        asc = rank;
    } else if (rank == desc - 1) {
        desc = rank;
    } else {
        return 0;
    }
    if (desc == asc + 1) asc = desc = R_JOINED;
    *new_asc = (uint8_t)asc;
    *new_desc = (uint8_t)desc;
    return 1;
}

/* One relaxed search: the Python object's state, and the search's one-suit check's. */
typedef struct {
    long long nodes;
    int verdict; /* -1 while open; 1 lost (no relaxed win); 0 a relaxed win exists */
    Set seen;
    uint32_t *stack;
    size_t nstack, stack_cap;
} RCore;

typedef struct {
    PyObject_HEAD
    RCore core;
    int ready;
    volatile char running; /* in run(), without the GIL: another thread must not enter (claim_busy) */
} RelaxedObject;

enum { VISIT_GO_ON = 0, VISIT_WON = 1, VISIT_NO_MEMORY = -1 };

/* A successor: canonical already; a win, or pushed when it was not seen. */
static int visit(RCore *self, const Rel *child) {
    if (!child->np) return VISIT_WON;
    uint8_t key[R_KEY_MAX];
    int len = r_pack(child, key);
    uint64_t h = hash_key(key, len);
    if (set_find(&self->seen, key, len, h) >= 0) return VISIT_GO_ON;
    long id = set_add(&self->seen, key, len, h);
    if (id < 0) return VISIT_NO_MEMORY;
    if (self->nstack == self->stack_cap) {
        size_t cap = self->stack_cap ? self->stack_cap * 2 : 1024;
        uint32_t *grown = PyMem_RawRealloc(self->stack, cap * sizeof *grown);
        if (!grown) return VISIT_NO_MEMORY;
        self->stack = grown;
        self->stack_cap = cap;
    }
    self->stack[self->nstack++] = (uint32_t)id;
    return VISIT_GO_ON;
}

/* relaxed.successors, each visited in its order: the reshuffles (every non-empty set of
 * piles of two or more turned), the moves onto a neighbour's pile, then the foundation
 * moves. Stops at the first win or memory failure. */
static int visit_successors(RCore *self, const Rel *x) {
    Rel child;
    int found, flagged = x->np && x->r[0][0] >= R_FOREIGN;
    if (x->left && flagged) { /* the first reshuffle: it turns the piles with a bottom card of the suit */
        child = *x;
        child.left--;
        for (int p = 0; p < child.np; p++) {
            int own = child.r[p][0] == R_OWN, n = --child.n[p];
            memmove(child.r[p], child.r[p] + 1, (size_t)n);
            if (own && n >= 2) {
                uint8_t bottom = child.r[p][0];
                memmove(child.r[p], child.r[p] + 1, (size_t)(n - 1));
                child.r[p][n - 1] = bottom;
            }
        }
        canonical(&child);
        if ((found = visit(self, &child)) != VISIT_GO_ON) return found;
    } else if (x->left) {
        int turnable[R_PILES], m = 0;
        for (int p = 0; p < x->np; p++)
            if (x->n[p] >= 2) turnable[m++] = p;
        for (uint32_t chosen = 1; chosen < (1u << m); chosen++) {
            child = *x;
            child.left--;
            for (int bit = 0; bit < m; bit++) {
                if (!(chosen >> bit & 1)) continue;
                int p = turnable[bit], n = child.n[p];
                uint8_t bottom = child.r[p][0];
                memmove(child.r[p], child.r[p] + 1, (size_t)(n - 1));
                child.r[p][n - 1] = bottom;
            }
            canonical(&child);
            if ((found = visit(self, &child)) != VISIT_GO_ON) return found;
        }
    }
    Rel lifted[R_PILES];
    int nlifted = 0;
    for (int p = 0; p < x->np; p++) {
        int n = x->n[p], rank = x->r[p][n - 1], rest = n > 1 + flagged ? n - 1 : 0; /* a flag alone is empty */
        uint8_t asc, desc;
        if (suit_result(x->asc, x->desc, rank, &asc, &desc)) {
            Rel *up = &lifted[nlifted++];
            *up = *x;
            up->n[p] = (uint8_t)rest;
            up->asc = asc;
            up->desc = desc;
            canonical(up);
            if (flagged) settle_flags(up);
        }
        int targets[2] = {(rank + 1) % 13, (rank + 12) % 13};
        for (int k = 0; k < 2; k++) {
            for (int t = 0; t < x->np; t++) {
                if (t == p || x->r[t][x->n[t] - 1] != targets[k]) continue;
                child = *x;
                child.n[p] = (uint8_t)rest;
                child.r[t][child.n[t]++] = (uint8_t)rank;
                canonical(&child);
                if (flagged) settle_flags(&child);
                if ((found = visit(self, &child)) != VISIT_GO_ON) return found;
            }
        }
    }
    for (int i = 0; i < nlifted; i++)
        if ((found = visit(self, &lifted[i])) != VISIT_GO_ON) return found;
    return VISIT_GO_ON;
}

/* A relaxed position exactly as the package checks it (check_relaxed in
 * crescent_widget/solver/search/relaxed.py), every type before any value: at most 16 piles, each
 * with a card, sorted, ranks 0-12, flags on every pile or none and only with a reshuffle left,
 * canonical tops, 0-4 reshuffles, and no rank more than twice counting the foundations'
 * cards (so at most 26 ranks, which the key and the piles are sized for). */
static int read_start(PyObject *obj, Rel *x) {
    if (!PyTuple_CheckExact(obj) || PyTuple_GET_SIZE(obj) != 4) {
        PyErr_SetString(PyExc_TypeError,
                        INVALID_POSITION "a relaxed position is a tuple (piles, ascending, descending, reshuffles_left)");
        return -1;
    }
    PyObject *piles = PyTuple_GET_ITEM(obj, 0);
    if (!PyTuple_CheckExact(piles)) {
        PyErr_SetString(PyExc_TypeError, INVALID_POSITION "piles must be a tuple of bytes objects");
        return -1;
    }
    Py_ssize_t np = PyTuple_GET_SIZE(piles);
    for (Py_ssize_t p = 0; p < np; p++) {
        if (!PyBytes_CheckExact(PyTuple_GET_ITEM(piles, p))) {
            PyErr_SetString(PyExc_TypeError, INVALID_POSITION "piles must be a tuple of bytes objects");
            return -1;
        }
    }
    for (int i = 1; i < 4; i++) {
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(obj, i))) {
            PyErr_SetString(PyExc_TypeError, INVALID_POSITION "a relaxed position's tops and reshuffles are ints");
            return -1;
        }
    }
    if (np > R_PILES) {
        PyErr_SetString(PyExc_ValueError, INVALID_POSITION "a relaxed position has at most 16 piles");
        return -1;
    }
    int counts[13] = {0}, flags = 0;
    x->np = (uint8_t)np;
    for (int p = 0; p < x->np; p++) {
        PyObject *pile = PyTuple_GET_ITEM(piles, p);
        Py_ssize_t n = PyBytes_GET_SIZE(pile);
        const uint8_t *ranks = (const uint8_t *)PyBytes_AS_STRING(pile);
        int flag = n >= 1 && (ranks[0] == R_FOREIGN || ranks[0] == R_OWN);
        flags += flag;
        if (n <= flag || n - flag > R_RANKS) { /* more ranks than a suit has: some rank 3 times */
            PyErr_Format(PyExc_ValueError, INVALID_POSITION "relaxed pile %d holds no card or too many", p);
            return -1;
        }
        for (Py_ssize_t i = flag; i < n; i++) {
            if (ranks[i] > 12) {
                PyErr_Format(PyExc_ValueError, INVALID_POSITION "rank %d in pile %d is not a rank index 0-12", ranks[i], p);
                return -1;
            }
            counts[ranks[i]]++;
        }
        x->n[p] = (uint8_t)n;
        memcpy(x->r[p], ranks, (size_t)n);
    }
    if (flags && flags != x->np) {
        PyErr_SetString(PyExc_ValueError, INVALID_POSITION "either every pile starts with a flag (13 or 14) or none does");
        return -1;
    }
    for (int p = 1; p < x->np; p++) {
        if (pile_less(x, p, p - 1)) { /* the successors keep that order */
            PyErr_SetString(PyExc_ValueError, INVALID_POSITION "a relaxed position's piles are sorted");
            return -1;
        }
    }
    long tops[3];
    uint8_t held[13];
    for (int i = 0; i < 3; i++)
        if (read_int(PyTuple_GET_ITEM(obj, i + 1), &tops[i]) < 0) return -1;
    if (check_tops(tops[0], tops[1], held) < 0 || check_reshuffles(tops[2]) < 0) return -1;
    if (flags && !tops[2]) {
        PyErr_SetString(PyExc_ValueError,
                        INVALID_POSITION "flags mark the piles the first reshuffle turns: no reshuffle is left");
        return -1;
    }
    for (int rank = 0; rank < 13; rank++) {
        if (counts[rank] + held[rank] > 2) {
            PyErr_Format(PyExc_ValueError, INVALID_POSITION "rank %d is held %d times", rank, counts[rank] + held[rank]);
            return -1;
        }
    }
    x->asc = (uint8_t)tops[0];
    x->desc = (uint8_t)tops[1];
    x->left = (uint8_t)tops[2];
    return 0;
}

/* Starts the search of `x`; -1 when memory runs out. */
static int rcore_start(RCore *self, const Rel *x) {
    uint8_t key[R_KEY_MAX];
    int len = r_pack(x, key);
    long id = set_add(&self->seen, key, len, hash_key(key, len));
    self->stack = PyMem_RawMalloc(1024 * sizeof *self->stack);
    if (id < 0 || !self->stack) return -1;
    self->stack_cap = 1024;
    self->stack[self->nstack++] = (uint32_t)id;
    self->verdict = x->np ? -1 : 0; /* no card left: finished */
    return 0;
}

static void rcore_free(RCore *self) {
    set_free(&self->seen);
    PyMem_RawFree(self->stack);
    memset(self, 0, sizeof *self);
}

enum { RUN_NO_MEMORY = -2, RUN_OPEN = -1 };

/* RelaxedSearch.run: up to `budget` more positions; the verdict, RUN_OPEN or RUN_NO_MEMORY. */
static int rcore_run(RCore *self, long long budget) {
    if (self->verdict >= 0) return self->verdict;
    long long stop = budget > LLONG_MAX - self->nodes ? LLONG_MAX : self->nodes + budget;
    Rel x;
    while (self->nstack) {
        if (self->nodes >= stop) return RUN_OPEN;
        r_unpack(set_key(&self->seen, self->stack[--self->nstack]) + 1, &x);
        self->nodes++;
        int found = visit_successors(self, &x);
        if (found == VISIT_NO_MEMORY) return RUN_NO_MEMORY;
        if (found == VISIT_WON) return self->verdict = 0;
    }
    return self->verdict = 1;
}

/* The search's one-suit check (search.Search._suit_lost, one suit): the relaxed position of
 * `suit` in a position given as piles of card ints (relaxed.relaxed), decided once per
 * search within `budget` relaxed positions and kept in `verdicts` (value 0 a relaxed win,
 * 1 lost, 2 open), while `work` is below `allowed`; the positions searched are added to
 * `work`. 1 when the suit is lost,
 * 0 when not (or not known), -1 when memory runs out. The position is the search's own,
 * checked when it came in: 16 piles of at most 13 cards 0-51, each card at most twice. */
int crescent_suit_lost(Set *verdicts, const uint8_t *sizes, const uint8_t (*cards)[13], const uint8_t *tops,
                       int left, int suit, long long budget, long long allowed, long long *work) {
    Rel x;
    x.np = 0;
    for (int p = 0; p < R_PILES; p++) {
        int m = left ? 1 : 0;
        for (int i = 0; i < sizes[p]; i++)
            if (cards[p][i] / 13 == suit) x.r[x.np][m++] = (uint8_t)(cards[p][i] % 13);
        if (m == (left ? 1 : 0)) continue;
        if (left) x.r[x.np][0] = cards[p][0] / 13 == suit ? R_OWN : R_FOREIGN;
        x.n[x.np++] = (uint8_t)m;
    }
    if (!x.np) return 0; /* the suit is home */
    x.asc = tops[suit];
    x.desc = tops[suit + 4];
    x.left = (uint8_t)left;
    canonical(&x);
    settle_flags(&x);
    uint8_t key[R_KEY_MAX];
    int len = r_pack(&x, key);
    uint64_t h = hash_key(key, len);
    long known = set_find(verdicts, key, len, h);
    if (known >= 0) return verdicts->value[known] == 1;
    if (*work >= allowed) return 0; /* the check has had its share of the search's work */
    RCore core;
    memset(&core, 0, sizeof core);
    int verdict = rcore_start(&core, &x) < 0 ? RUN_NO_MEMORY : rcore_run(&core, budget);
    *work += core.nodes;
    rcore_free(&core);
    if (verdict == RUN_NO_MEMORY) return -1;
    long added = set_add(verdicts, key, len, h);
    if (added < 0) return -1;
    verdicts->value[added] = verdict == RUN_OPEN ? 2 : verdict;
    return verdict == 1;
}

static int Relaxed_init(RelaxedObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"start", NULL};
    PyObject *start;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O", keywords, &start)) return -1;
    if (self->ready) {
        PyErr_SetString(PyExc_TypeError, "a RelaxedSearch is initialised once");
        return -1;
    }
    Rel x;
    if (read_start(start, &x) < 0) return -1;
    if (rcore_start(&self->core, &x) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    self->ready = 1;
    return 0;
}

static void Relaxed_dealloc(RelaxedObject *self) {
    rcore_free(&self->core);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *verdict_object(int verdict) {
    if (verdict < 0) Py_RETURN_NONE;
    return PyBool_FromLong(verdict);
}

/* RelaxedSearch.run: go on for up to `budget` positions; True lost, False won, None open. */
static PyObject *Relaxed_run(RelaxedObject *self, PyObject *args) {
    PyObject *budget_obj;
    long long budget;
    if (!PyArg_ParseTuple(args, "O", &budget_obj)) return NULL;
    if (parse_limit(budget_obj, &budget) < 0) return NULL;
    if (!self->ready) {
        PyErr_SetString(PyExc_TypeError, "RelaxedSearch.__init__ was not called");
        return NULL;
    }
    if (self->core.verdict >= 0) return verdict_object(self->core.verdict);
    if (claim_busy(&self->running)) {
        PyErr_SetString(PyExc_RuntimeError, SEARCH_BUSY "this relaxed search is running in another thread");
        return NULL;
    }
    int verdict;
    /* Plain C on the object's own memory: other threads run meanwhile. */
    Py_BEGIN_ALLOW_THREADS
    verdict = rcore_run(&self->core, budget);
    Py_END_ALLOW_THREADS
    release_busy(&self->running);
    if (verdict == RUN_NO_MEMORY) return PyErr_NoMemory();
    return verdict_object(verdict);
}

static PyMemberDef Relaxed_members[] = {
    {"nodes", T_LONGLONG, offsetof(RelaxedObject, core.nodes), READONLY, "relaxed positions searched"},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef Relaxed_methods[] = {
    {"run", (PyCFunction)Relaxed_run, METH_VARARGS,
     "run(budget): True when the suit has no relaxed win, False when it has one, None if the budget ran out"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RelaxedType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "crescent_accel._core.RelaxedSearch",
    .tp_basicsize = sizeof(RelaxedObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, /* crescent_widget checks its input in a subclass */
    .tp_doc = "The one-suit bound's relaxed search, as crescent_widget.solver.search.relaxed.RelaxedSearch.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Relaxed_init,
    .tp_dealloc = (destructor)Relaxed_dealloc,
    .tp_methods = Relaxed_methods,
    .tp_members = Relaxed_members,
};

int crescent_add_relaxed(PyObject *module) {
    if (PyType_Ready(&RelaxedType) < 0) return -1;
    return PyModule_AddObjectRef(module, "RelaxedSearch", (PyObject *)&RelaxedType);
}
