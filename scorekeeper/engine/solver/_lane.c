/* The solver's compiled lane: the fast path of ``solver.search.arrange`` (a hand of one pack, no joker,
 * no duplicate card) in C, answering exactly as ``fast._fast_arrange`` answers from the same tables.
 *
 * It owns no rule of the game. ``fast._Tables`` builds every table in Python, once per rule configuration;
 * a ``Lane`` copies the numbers it reads (each card's bit, the run-only deadwood and the linked cards of
 * every suit mask) into C arrays and keeps references to the tuples of cards it answers with (the runs
 * and deadwood of every suit mask, the cards of every set). ``Lane.arrange(cards)`` reads the hand, runs
 * the set search of ``fast._set_search`` and ``fast._last_rank`` in the same order with the same strict
 * ``<`` tie-breaks, and builds the ``Arrangement`` itself. A hand it does not take (not a list or tuple of
 * ``Card``, a joker, a duplicate, a ``physical`` number out of range) gets None, and Python goes on
 * exactly as it does without this module: the pure-Python path stays the reference and the fallback
 * (tests/engine/test_solver_lane.py holds the two to the same answers).
 *
 * Why C at all: in Python, reading ten ``Card`` objects and building an ``Arrangement`` already cost more
 * than the search; here each is a few loads and stores.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

#define SUIT_MASKS 8192 /* 13 bits: rank r at bit r-1 */
#define PHYSICAL 57     /* Card.physical: 0 for a joker, rank * 4 + suit + 1 for the others */
/* |a table's deadwood| is kept far below 2**63, so sums of four and their differences never overflow */
#define DEADWOOD_LIMIT (1LL << 40)
/* fast._last_rank's starting "worst" gain: kept as Python has it, so that the choice is the same even
 * where every gain lies below it */
#define WORST_START (-(1LL << 30))

typedef struct {
    PyObject_HEAD
    PyTypeObject *card_type;        /* exactly this type is read; a subclass goes to Python */
    Py_ssize_t physical_offset;     /* Card.physical's slot */
    PyTypeObject *arrangement_type;
    Py_ssize_t melds_offset, deadwood_offset, points_offset, laid_off_offset;
    PyObject *suit_tables[8];       /* m0..m3 (runs), d0..d3 (deadwood): tuples of 8192 tuples */
    PyObject *set_cards;            /* 14 tuples of 16 tuples of cards: set_cards[rank][suit subset] */
    PyObject *empty;                /* () */
    int ready;                      /* built whole: a Lane made but not initialised answers None */
    int set_min, set_max, sure_sets, sets;
    uint64_t bit_of[PHYSICAL];      /* fast._BIT_OF */
    long long dw[SUIT_MASKS];       /* _Tables.dw */
    uint16_t linked[SUIT_MASKS];    /* _Tables.linked */
    /* _Tables.removals as suit subsets: for a rank held in suits q, no set first, then every legal subset
     * in increasing order (the order the search tries them, so ties break alike) */
    uint8_t options[16][16];
    uint8_t option_count[16];
} Lane;

/* The best set choice of fast._set_search: its points, the four suit masks left for runs, and the suit
 * subset given to a set by each rank (4 bits per rank, rank r at bits 4r..4r+3; 0 for no set). */
typedef struct {
    long long points;
    unsigned m[4];
    uint64_t chosen;
} Found;

/* fast._last_rank: the best set of the one rank whose bit is ``low``, x[i] being the run-only deadwood of
 * suit mask m[i]; writes the change in deadwood and returns the suit subset (0: no set). */
static unsigned
last_rank(const Lane *L, const unsigned m[4], unsigned low, const long long x[4], long long *gain)
{
    int n = 0;
    long long total = 0, worst = WORST_START;
    unsigned ws = 0, q = 0;
    for (int i = 0; i < 4; i++) {
        if (m[i] & low) {
            long long g = L->dw[m[i] ^ low] - x[i];
            n++;
            total += g;
            q |= 1u << i;
            if (g > worst) {
                worst = g;
                ws = 1u << i;
            }
        }
    }
    long long best = 0;
    unsigned sub = 0;
    if (L->set_min <= n && n <= L->set_max && total < 0) {
        best = total;
        sub = q;
    }
    if (n == 4 && L->set_min <= 3 && 3 <= L->set_max && total - worst < best) {
        best = total - worst;
        sub = q ^ ws;
    }
    *gain = best;
    return sub;
}

/* fast._set_search over the ranks whose bits are ``ranks`` (not 0): every choice for the lowest rank in
 * turn (no set first), the rest searched below it, the last rank in closed form; a later choice replaces
 * the one kept only when strictly better. The depth is at most 13 ranks. */
static void
set_search(const Lane *L, const unsigned m[4], unsigned ranks, Found *out)
{
    unsigned low = ranks & -ranks;
    int r = __builtin_ctz(low) + 1;
    if (low != ranks) {
        unsigned q = (m[0] & low ? 1u : 0u) | (m[1] & low ? 2u : 0u) | (m[2] & low ? 4u : 0u)
                     | (m[3] & low ? 8u : 0u);
        unsigned rest = ranks ^ low;
        int have = 0;
        for (int k = 0; k < L->option_count[q]; k++) {
            unsigned sub = L->options[q][k];
            unsigned next[4];
            for (int i = 0; i < 4; i++)
                next[i] = sub >> i & 1 ? m[i] ^ low : m[i];
            Found found;
            set_search(L, next, rest, &found);
            if (!have || found.points < out->points) {
                *out = found;
                out->chosen |= (uint64_t)sub << (4 * r);
                have = 1;
            }
        }
        return;
    }
    long long x[4] = {L->dw[m[0]], L->dw[m[1]], L->dw[m[2]], L->dw[m[3]]};
    long long gain;
    unsigned sub = last_rank(L, m, low, x, &gain);
    out->points = x[0] + x[1] + x[2] + x[3] + gain;
    for (int i = 0; i < 4; i++)
        out->m[i] = sub >> i & 1 ? m[i] ^ low : m[i];
    out->chosen = (uint64_t)sub << (4 * r);
}

/* One tuple of ``singles`` (borrowed items) followed by the items of ``parts`` (borrowed tuples), as
 * ``tuple(singles) + parts[0] + ...`` makes it; a lone non-empty part is returned itself, as tuple
 * concatenation does, sparing an allocation. New reference, NULL on error. */
static PyObject *
join(const Lane *L, PyObject *const *singles, int n_singles, PyObject *const *parts, int n_parts)
{
    Py_ssize_t size = n_singles;
    int nonempty = 0;
    PyObject *lone = NULL;
    for (int i = 0; i < n_parts; i++) {
        Py_ssize_t k = PyTuple_GET_SIZE(parts[i]);
        if (k) {
            size += k;
            nonempty++;
            lone = parts[i];
        }
    }
    if (!n_singles && nonempty <= 1) {
        PyObject *same = lone ? lone : L->empty;
        Py_INCREF(same);
        return same;
    }
    PyObject *t = PyTuple_New(size);
    if (!t)
        return NULL;
    Py_ssize_t j = 0;
    for (int i = 0; i < n_singles; i++) {
        Py_INCREF(singles[i]);
        PyTuple_SET_ITEM(t, j++, singles[i]);
    }
    for (int i = 0; i < n_parts; i++) {
        Py_ssize_t k = PyTuple_GET_SIZE(parts[i]);
        for (Py_ssize_t e = 0; e < k; e++) {
            PyObject *item = PyTuple_GET_ITEM(parts[i], e);
            Py_INCREF(item);
            PyTuple_SET_ITEM(t, j++, item);
        }
    }
    return t;
}

/* The Arrangement of suit masks m (runs and deadwood from the suit tables) after the sets ``chosen``
 * (listed in rank order, as fast._fast_arrange lists them), with ``points``: the type is allocated and
 * its slots filled directly, as fast._arrangement does in Python, with no __init__ to run. */
static PyObject *
answer(const Lane *L, const unsigned m[4], uint64_t chosen, long long points)
{
    PyObject *sets[13];
    int n_sets = 0;
    for (int r = 1; r <= 13; r++) {
        unsigned sub = (unsigned)(chosen >> (4 * r)) & 15;
        if (sub)
            sets[n_sets++] = PyTuple_GET_ITEM(PyTuple_GET_ITEM(L->set_cards, r), sub);
    }
    PyObject *runs[4], *dead[4];
    for (int i = 0; i < 4; i++) {
        runs[i] = PyTuple_GET_ITEM(L->suit_tables[i], m[i]);
        dead[i] = PyTuple_GET_ITEM(L->suit_tables[4 + i], m[i]);
    }
    PyObject *melds = join(L, sets, n_sets, runs, 4);
    if (!melds)
        return NULL;
    PyObject *deadwood = join(L, NULL, 0, dead, 4);
    if (!deadwood) {
        Py_DECREF(melds);
        return NULL;
    }
    PyObject *total = PyLong_FromLongLong(points);
    if (!total) {
        Py_DECREF(melds);
        Py_DECREF(deadwood);
        return NULL;
    }
    PyObject *found = L->arrangement_type->tp_alloc(L->arrangement_type, 0);
    if (!found) {
        Py_DECREF(melds);
        Py_DECREF(deadwood);
        Py_DECREF(total);
        return NULL;
    }
    /* nothing is allocated from here on, so no collection sees a slot half filled */
    char *base = (char *)found;
    *(PyObject **)(base + L->melds_offset) = melds;
    *(PyObject **)(base + L->deadwood_offset) = deadwood;
    *(PyObject **)(base + L->points_offset) = total;
    Py_INCREF(L->empty);
    *(PyObject **)(base + L->laid_off_offset) = L->empty;
    return found;
}

/* fast._fast_arrange for the hand whose suit masks are m. */
static PyObject *
fast_arrange(const Lane *L, unsigned m[4])
{
    unsigned a = m[0], b = m[1], c = m[2], d = m[3];
    unsigned ranks = L->sets ? ((a & b & (c | d)) | (c & d & (a | b))) : 0;
    if (!ranks)
        return answer(L, m, 0, L->dw[a] + L->dw[b] + L->dw[c] + L->dw[d]);
    unsigned free_ranks = 0;
    if (L->sure_sets) {
        /* A rank with no card that a run could hold gives its whole set, strictly best when every card
         * is worth something; the highest rank stays in the search unless all are free, so that ties
         * break as the full search breaks them (see fast._fast_arrange). */
        free_ranks = ranks & ~(unsigned)(L->linked[a] | L->linked[b] | L->linked[c] | L->linked[d]);
        if (free_ranks && free_ranks != ranks)
            free_ranks &= ~(1u << (31 - __builtin_clz(ranks)));
    }
    if (!free_ranks) {
        Found found;
        set_search(L, m, ranks, &found);
        return answer(L, found.m, found.chosen, found.points);
    }
    uint64_t taken = 0;
    for (unsigned f = free_ranks; f; f &= f - 1) {
        unsigned bit = f & -f;
        unsigned q = (a & bit ? 1u : 0u) | (b & bit ? 2u : 0u) | (c & bit ? 4u : 0u) | (d & bit ? 8u : 0u);
        taken |= (uint64_t)q << (4 * (__builtin_ctz(bit) + 1));
    }
    unsigned left[4] = {a & ~free_ranks, b & ~free_ranks, c & ~free_ranks, d & ~free_ranks};
    ranks ^= free_ranks;
    if (ranks) {
        Found found;
        set_search(L, left, ranks, &found);
        /* ranks differ, so merging the two keeps every set in rank order, as Python's sort does */
        return answer(L, found.m, taken | found.chosen, found.points);
    }
    return answer(L, left, taken, L->dw[left[0]] + L->dw[left[1]] + L->dw[left[2]] + L->dw[left[3]]);
}

static PyObject *
Lane_arrange(Lane *self, PyObject *cards)
{
    PyObject **items;
    Py_ssize_t n;
    if (PyList_CheckExact(cards)) {
        items = ((PyListObject *)cards)->ob_item;
        n = PyList_GET_SIZE(cards);
    }
    else if (PyTuple_CheckExact(cards)) {
        items = ((PyTupleObject *)cards)->ob_item;
        n = PyTuple_GET_SIZE(cards);
    }
    else {
        Py_RETURN_NONE;
    }
    if (!self->ready || n > 52)
        Py_RETURN_NONE; /* a duplicate for sure */
    /* The hand as one 64-bit sum of its cards' bits (16 bits a suit): a duplicate carries into another
     * bit, so the bit count falls short; a joker sets a guard bit. No Python code runs in this loop, so
     * the list cannot change under it. */
    uint64_t sum = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *card = items[i];
        if (Py_TYPE(card) != self->card_type)
            Py_RETURN_NONE;
        PyObject *physical = *(PyObject **)((char *)card + self->physical_offset);
        if (physical == NULL || !PyLong_CheckExact(physical))
            Py_RETURN_NONE;
        int overflow;
        long p = PyLong_AsLongAndOverflow(physical, &overflow);
        if (overflow || p < 0 || p >= PHYSICAL)
            Py_RETURN_NONE;
        sum += self->bit_of[p];
    }
    if (__builtin_popcountll(sum) != n || sum & 0xE000E000E000E000ULL)
        Py_RETURN_NONE;
    unsigned m[4] = {(unsigned)(sum & 0xFFFF), (unsigned)(sum >> 16 & 0xFFFF), (unsigned)(sum >> 32 & 0xFFFF),
                     (unsigned)(sum >> 48 & 0xFFFF)};
    return fast_arrange(self, m);
}

/* -- building a Lane from fast._Tables ------------------------------------------------------------------ */

/* The slot offset of a __slots__ member (an object slot) of ``type``, -1 with an error set if it has none. */
static Py_ssize_t
slot_offset(PyTypeObject *type, const char *name)
{
    PyObject *descr = PyObject_GetAttrString((PyObject *)type, name); /* the descriptor itself */
    if (descr == NULL)
        return -1;
    Py_ssize_t offset = -1;
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if (member->type == T_OBJECT_EX && member->offset >= (Py_ssize_t)sizeof(PyObject)
            && member->offset + (Py_ssize_t)sizeof(PyObject *) <= type->tp_basicsize)
            offset = member->offset;
    }
    Py_DECREF(descr);
    if (offset < 0)
        PyErr_Format(PyExc_TypeError, "%s.%s is not an object slot", type->tp_name, name);
    return offset;
}

/* ``seq`` as a tuple of exactly ``size`` items (the same object when it is one). New reference. */
static PyObject *
sized_tuple(PyObject *seq, Py_ssize_t size, const char *what)
{
    PyObject *t = PySequence_Tuple(seq);
    if (t && PyTuple_GET_SIZE(t) != size) {
        PyErr_Format(PyExc_ValueError, "%s needs %zd entries, got %zd", what, size, PyTuple_GET_SIZE(t));
        Py_CLEAR(t);
    }
    return t;
}

static void
Lane_dealloc(Lane *self)
{
    for (int i = 0; i < 8; i++)
        Py_XDECREF(self->suit_tables[i]);
    Py_XDECREF(self->set_cards);
    Py_XDECREF(self->empty);
    Py_XDECREF(self->card_type);
    Py_XDECREF(self->arrangement_type);
    PyTypeObject *type = Py_TYPE(self);
    type->tp_free((PyObject *)self);
}

static int
Lane_init(Lane *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"card_type", "arrangement_type", "bit_of", "dw", "linked", "suit_tables",
                             "set_cards", "set_min", "set_max", "sure_sets", "sets", NULL};
    PyTypeObject *card_type, *arrangement_type;
    PyObject *bit_of, *dw, *linked, *suit_tables, *set_cards;
    int set_min, set_max, sure_sets, sets;
    if (self->empty) {
        PyErr_SetString(PyExc_TypeError, "a Lane is built once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!OOOOOiipp", kwlist, &PyType_Type, &card_type,
                                     &PyType_Type, &arrangement_type, &bit_of, &dw, &linked, &suit_tables,
                                     &set_cards, &set_min, &set_max, &sure_sets, &sets))
        return -1;
    Py_ssize_t off;
    if ((off = slot_offset(card_type, "physical")) < 0)
        return -1;
    self->physical_offset = off;
    if ((self->melds_offset = slot_offset(arrangement_type, "melds")) < 0
        || (self->deadwood_offset = slot_offset(arrangement_type, "deadwood")) < 0
        || (self->points_offset = slot_offset(arrangement_type, "points")) < 0
        || (self->laid_off_offset = slot_offset(arrangement_type, "laid_off")) < 0)
        return -1;
    /* every slot of an Arrangement is one we fill: another would be left empty */
    if (arrangement_type->tp_basicsize != (Py_ssize_t)(sizeof(PyObject) + 4 * sizeof(PyObject *))) {
        PyErr_SetString(PyExc_TypeError, "the arrangement type must have exactly its four slots");
        return -1;
    }
    Py_INCREF(card_type);
    self->card_type = card_type;
    Py_INCREF(arrangement_type);
    self->arrangement_type = arrangement_type;
    self->empty = PyTuple_New(0);
    if (!self->empty)
        return -1;
    self->set_min = set_min;
    self->set_max = set_max;
    self->sure_sets = sure_sets;
    self->sets = sets;

    PyObject *t = sized_tuple(bit_of, PHYSICAL, "bit_of");
    if (!t)
        return -1;
    for (int p = 0; p < PHYSICAL; p++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(t, p));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) {
            Py_DECREF(t);
            return -1;
        }
        self->bit_of[p] = v;
    }
    Py_DECREF(t);

    if (!(t = sized_tuple(dw, SUIT_MASKS, "dw")))
        return -1;
    for (int k = 0; k < SUIT_MASKS; k++) {
        long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(t, k));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(t);
            return -1;
        }
        if (v <= -DEADWOOD_LIMIT || v >= DEADWOOD_LIMIT) {
            Py_DECREF(t);
            PyErr_SetString(PyExc_OverflowError, "card values too large for the compiled lane");
            return -1;
        }
        self->dw[k] = v;
    }
    Py_DECREF(t);

    if (!(t = sized_tuple(linked, SUIT_MASKS, "linked")))
        return -1;
    for (int k = 0; k < SUIT_MASKS; k++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(t, k));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(t);
            return -1;
        }
        self->linked[k] = (uint16_t)(v & 0x1FFF);
    }
    Py_DECREF(t);

    if (!(t = sized_tuple(suit_tables, 8, "suit_tables")))
        return -1;
    for (int i = 0; i < 8; i++) {
        PyObject *table = sized_tuple(PyTuple_GET_ITEM(t, i), SUIT_MASKS, "a suit table");
        if (!table) {
            Py_DECREF(t);
            return -1;
        }
        for (int k = 0; k < SUIT_MASKS; k++) {
            if (!PyTuple_CheckExact(PyTuple_GET_ITEM(table, k))) {
                Py_DECREF(table);
                Py_DECREF(t);
                PyErr_SetString(PyExc_TypeError, "a suit table holds tuples");
                return -1;
            }
        }
        self->suit_tables[i] = table;
    }
    Py_DECREF(t);

    /* set_cards as a tuple of 14 tuples of 16 tuples, so that reading one costs two loads */
    if (!(t = sized_tuple(set_cards, 14, "set_cards")))
        return -1;
    PyObject *rows = PyTuple_New(14);
    if (!rows) {
        Py_DECREF(t);
        return -1;
    }
    for (int r = 0; r < 14; r++) {
        PyObject *row = sized_tuple(PyTuple_GET_ITEM(t, r), 16, "a rank's set cards");
        if (!row) {
            Py_DECREF(rows);
            Py_DECREF(t);
            return -1;
        }
        PyTuple_SET_ITEM(rows, r, row);
        for (int sub = 0; sub < 16; sub++) {
            if (!PyTuple_CheckExact(PyTuple_GET_ITEM(row, sub))) {
                Py_DECREF(rows);
                Py_DECREF(t);
                PyErr_SetString(PyExc_TypeError, "set_cards holds tuples");
                return -1;
            }
        }
    }
    Py_DECREF(t);
    self->set_cards = rows;

    /* _Tables.removals' order: for a rank held in suits q, no set, then each subset of q whose size the
     * rules allow, in increasing order */
    for (unsigned q = 0; q < 16; q++) {
        int k = 0;
        self->options[q][k++] = 0;
        for (unsigned sub = 1; sub < 16; sub++) {
            int size = __builtin_popcount(sub);
            if ((sub & q) == sub && set_min <= size && size <= set_max)
                self->options[q][k++] = (uint8_t)sub;
        }
        self->option_count[q] = (uint8_t)k;
    }
    self->ready = 1;
    return 0;
}

static PyMethodDef Lane_methods[] = {
    {"arrange", (PyCFunction)Lane_arrange, METH_O,
     "arrange(cards) -> Arrangement | None\n\nThe fast path's arrangement of a list or tuple of Cards, "
     "exactly as fast._fast_arrange gives it; None for a hand the fast path does not take (a joker, a "
     "duplicate, anything but a Card)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject LaneType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "scorekeeper.engine.solver._lane.Lane",
    .tp_doc = PyDoc_STR("The fast path's tables for one rule configuration, as C arrays (see fast._Tables)."),
    .tp_basicsize = sizeof(Lane),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Lane_init,
    .tp_dealloc = (destructor)Lane_dealloc,
    .tp_methods = Lane_methods,
};

static struct PyModuleDef lane_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "scorekeeper.engine.solver._lane",
    .m_doc = PyDoc_STR("The solver's compiled lane: fast._fast_arrange in C (see the top of _lane.c)."),
    .m_size = -1,
};

PyMODINIT_FUNC
PyInit__lane(void)
{
    if (PyType_Ready(&LaneType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&lane_module);
    if (!module)
        return NULL;
    Py_INCREF(&LaneType);
    if (PyModule_AddObject(module, "Lane", (PyObject *)&LaneType) < 0) {
        Py_DECREF(&LaneType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
