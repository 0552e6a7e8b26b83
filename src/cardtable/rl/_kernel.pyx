# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The inner loops of ``card_observation.DirectCardEncoder``, compiled: a zone's copies, the seat's options and
the variables.

Why compiled: after everything Python could do (a change log, kept blocks, memos), Mythos's observation still
cost about 127,000 instructions a step, most of it in loops that read a few ints per card, option or variable
from the table's lists and write one float each — work of some ten machine instructions done by fifty bytecodes.
Here they read the same lists and write the same slots; ``card_observation.PyKernel`` is the same copies and
options in Python (the encoder writes the variables itself there), used when this module was not built (no C
compiler at install time), and the property tests run the encoder with each and compare both with the reference
route (``encode(view(seat))``).

Safety: every call checks that the block, the options or the variables it writes lie inside the buffer it is
given (it writes through a raw pointer), and refuses otherwise.
"""

from cpython.buffer cimport PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_CheckExact
from cpython.mem cimport PyMem_Calloc, PyMem_Free, PyMem_Malloc
from cpython.ref cimport Py_INCREF, Py_XDECREF, PyObject

from cardtable.engine.table import FACE_DOWN as _FACE_DOWN

cdef long FACE_DOWN = _FACE_DOWN  # the engine's flag bit (``CardTable.flags``)
cdef enum:
    OPTION_BITS = 13
    OPTION_CAPACITY = 1 << OPTION_BITS  # the options' table: a power of two, cleared when half full


cdef class Kernel:
    """The tables the loops read, as C arrays (built once per encoder reset), and two memos of their own.

    The memos: the options read so far (an action's kind slot and card, by the action's address; the table holds
    a reference to each action, so no other object can take that address meanwhile), and the value object each
    variable slot shows (held too: the same object is the same value, so its slot needs no writing)."""

    cdef Py_ssize_t size, ndef, nz, copies_cap, scratch_len
    cdef double* copies_value
    cdef double* card_value
    cdef int* rows  # the distinct slot tables (``ZoneSlots.copy_at``, ``turn_at``), ndef ints each
    cdef int** copy_at  # per table zone, its copies slot per definition (a row of ``rows``)
    cdef int** turn_at  # per table zone, its turned slot per definition (0: none)
    cdef unsigned char* zone_turns
    cdef int* zone_max  # per table zone, its highest slot
    cdef long turned
    cdef int* scratch  # the slots a block's copies went to, while it is written
    cdef PyObject** option_key  # the options' table (open addressing; NULL: empty)
    cdef int* option_slot
    cdef Py_ssize_t* option_card  # -1: the option names no card
    cdef Py_ssize_t options_held
    cdef Py_ssize_t nvars, var_slots  # the variables by name (-1: their slots do not follow one another)
    cdef Py_ssize_t* var_at  # per name, its first slot in the variables' block
    cdef Py_ssize_t* var_len  # per name, its list's length, or -1 for an integer
    cdef PyObject** var_shown  # per slot, the value object it was last written from (NULL: none)
    cdef double var_cap

    def __cinit__(self, Py_ssize_t size, Py_ssize_t ndef, list copies_value, list card_value, list copy_at,
                  list turn_at, list zone_turns, long turned, object var_spans, double var_cap):
        cdef Py_ssize_t z, d, r, nz = len(copy_at)
        cdef object top
        cdef dict row_of = {}
        cdef list distinct = [], row_max = []
        cdef tuple row
        if len(card_value) != ndef or len(turn_at) != nz or len(zone_turns) != nz or not copies_value:
            raise ValueError("kernel tables of inconsistent sizes")
        self.size, self.ndef, self.nz, self.turned = size, ndef, nz, turned
        self.copies_cap = len(copies_value) - 1
        # zones of one kind share their slot tables (``DirectCardEncoder._reset``): each distinct one is read once
        for row in copy_at + turn_at:
            if id(row) not in row_of:
                if len(row) != ndef:
                    raise ValueError("a zone's slot table does not cover every definition")
                top = max(row, default=0)
                if row and (min(row) < 0 or top >= size):
                    raise ValueError("a slot outside the observation")
                row_of[id(row)] = len(distinct)
                distinct.append(row)
                row_max.append(top)
        self.copies_value = <double*>PyMem_Malloc(len(copies_value) * sizeof(double))
        self.card_value = <double*>PyMem_Malloc((ndef + 1) * sizeof(double))
        self.rows = <int*>PyMem_Malloc((len(distinct) * ndef + 1) * sizeof(int))
        self.copy_at = <int**>PyMem_Malloc((nz + 1) * sizeof(int*))
        self.turn_at = <int**>PyMem_Malloc((nz + 1) * sizeof(int*))
        self.zone_turns = <unsigned char*>PyMem_Malloc(nz + 1)
        self.zone_max = <int*>PyMem_Malloc((nz + 1) * sizeof(int))
        self.scratch_len = 256
        self.scratch = <int*>PyMem_Malloc(self.scratch_len * sizeof(int))
        self.option_key = <PyObject**>PyMem_Calloc(OPTION_CAPACITY, sizeof(PyObject*))
        self.option_slot = <int*>PyMem_Malloc(OPTION_CAPACITY * sizeof(int))
        self.option_card = <Py_ssize_t*>PyMem_Malloc(OPTION_CAPACITY * sizeof(Py_ssize_t))
        if not (self.copies_value and self.card_value and self.rows and self.copy_at and self.turn_at
                and self.zone_turns and self.zone_max and self.scratch and self.option_key and self.option_slot
                and self.option_card):
            raise MemoryError()
        for d in range(len(copies_value)):
            self.copies_value[d] = copies_value[d]
        for d in range(ndef):
            self.card_value[d] = card_value[d]
        for r in range(len(distinct)):
            row = distinct[r]
            for d in range(ndef):
                self.rows[r * ndef + d] = row[d]
        for z in range(nz):
            self.copy_at[z] = self.rows + <Py_ssize_t>row_of[id(copy_at[z])] * ndef
            self.turn_at[z] = self.rows + <Py_ssize_t>row_of[id(turn_at[z])] * ndef
            self.zone_turns[z] = 1 if zone_turns[z] else 0
            self.zone_max[z] = max(row_max[row_of[id(copy_at[z])]], row_max[row_of[id(turn_at[z])]])
        self.nvars, self.var_slots, self.var_cap = -1, 0, var_cap
        if var_spans is not None and var_cap > 0:
            self.nvars = len(var_spans)
            self.var_at = <Py_ssize_t*>PyMem_Malloc((self.nvars + 1) * sizeof(Py_ssize_t))
            self.var_len = <Py_ssize_t*>PyMem_Malloc((self.nvars + 1) * sizeof(Py_ssize_t))
            if not (self.var_at and self.var_len):
                raise MemoryError()
            for d, (at, n, is_list) in enumerate(var_spans):
                if at < 0 or n < 0:
                    raise ValueError("a variable's slots outside its block")
                self.var_at[d], self.var_len[d] = at, n if is_list else -1
                self.var_slots = max(self.var_slots, at + n)
            self.var_shown = <PyObject**>PyMem_Calloc(self.var_slots + 1, sizeof(PyObject*))
            if not self.var_shown:
                raise MemoryError()

    def __dealloc__(self):
        self._forget_options()
        self._forget_vars()
        PyMem_Free(self.copies_value)
        PyMem_Free(self.card_value)
        PyMem_Free(self.rows)
        PyMem_Free(self.copy_at)
        PyMem_Free(self.turn_at)
        PyMem_Free(self.zone_turns)
        PyMem_Free(self.zone_max)
        PyMem_Free(self.scratch)
        PyMem_Free(self.option_key)
        PyMem_Free(self.option_slot)
        PyMem_Free(self.option_card)
        PyMem_Free(self.var_at)
        PyMem_Free(self.var_len)
        PyMem_Free(self.var_shown)

    cdef int _grow(self, Py_ssize_t n) except -1:
        cdef int* more
        if n > self.scratch_len:
            more = <int*>PyMem_Malloc(n * sizeof(int))
            if not more:
                raise MemoryError()
            PyMem_Free(self.scratch)
            self.scratch, self.scratch_len = more, n
        return 0

    def copies(self, object m, Py_ssize_t z, Py_ssize_t base, list seen, list defn, list flags):
        """The copies of the cards ``seen`` (and their turned copies) into zone ``z``'s block at ``base``, zeroed
        but for its count. Returns whether any card was counted (``PyKernel.copies``)."""
        cdef Py_buffer view
        cdef float* p
        cdef Py_ssize_t i, n = len(seen), c, d, slot, touched = 0, nd = len(defn), ndef = self.ndef
        cdef int* cz
        cdef int* tz
        cdef bint turns
        cdef long turned = self.turned
        if not 0 <= z < self.nz or base < 0:
            raise IndexError("no such zone")
        self._grow(2 * n)
        PyObject_GetBuffer(m, &view, PyBUF_WRITABLE)
        try:
            if view.itemsize != sizeof(float) or base + self.zone_max[z] >= view.len // <Py_ssize_t>sizeof(float):
                raise ValueError("the zone's block does not fit the observation buffer")
            p = <float*>view.buf
            cz, tz, turns = self.copy_at[z], self.turn_at[z], self.zone_turns[z]
            # each slot counts down from 0 (its copies as a negative number), then gets the value of its count
            for i in range(n):
                c = seen[i]
                if not 0 <= c < nd:
                    continue
                d = defn[c]
                if 0 <= d < ndef:
                    slot = base + cz[d]
                    if p[slot] >= 0:
                        self.scratch[touched] = <int>slot
                        touched += 1
                    p[slot] -= 1
                    if turns and tz[d] and (<long>flags[c]) & turned:
                        slot = base + tz[d]
                        if p[slot] >= 0:
                            self.scratch[touched] = <int>slot
                            touched += 1
                        p[slot] -= 1
            for i in range(touched):
                slot = self.scratch[i]
                c = <Py_ssize_t>(-p[slot])
                p[slot] = <float>self.copies_value[c if c < self.copies_cap else self.copies_cap]
            return touched > 0
        finally:
            PyBuffer_Release(&view)

    cdef void _forget_options(self):
        cdef Py_ssize_t i
        if self.option_key:
            for i in range(OPTION_CAPACITY):
                Py_XDECREF(self.option_key[i])
                self.option_key[i] = NULL
        self.options_held = 0

    cdef inline Py_ssize_t _option_at(self, PyObject* action):
        """The index of ``action`` in the options' table, or of the empty place where it goes."""
        cdef size_t h = ((<size_t>action >> 4) * <size_t>11400714819323198485ULL) >> (64 - OPTION_BITS)
        while self.option_key[h] != NULL and self.option_key[h] != action:
            h = (h + 1) & (OPTION_CAPACITY - 1)
        return <Py_ssize_t>h

    def options(self, object m, Py_ssize_t k, Py_ssize_t stride, Py_ssize_t card_at, tuple options,
                Py_ssize_t max_options, object read, list flags, list known, list defn, list zone_of, list ctrl,
                list face_rule, long bit, long seat):
        """One block per option at ``k``, ``k + stride``...: presence, its kind's bucket slot, the card it names
        if the seat sees its face (``PyKernel.options``). ``read(action)`` gives an action not seen before as
        (action, kind slot, card or None)."""
        cdef Py_buffer view
        cdef float* p
        cdef Py_ssize_t j, n = len(options), card, d, nd = len(defn), ndef = self.ndef, slot, nzr = len(face_rule)
        cdef Py_ssize_t zone, h
        cdef long fl
        cdef tuple entry, rule
        cdef object action, c
        cdef int overflow
        if n > max_options:
            n = max_options
        PyObject_GetBuffer(m, &view, PyBUF_WRITABLE)
        try:
            if view.itemsize != sizeof(float) or k < 0 or stride < 1 or not 0 <= card_at < stride \
                    or k + n * stride > view.len // <Py_ssize_t>sizeof(float):
                raise ValueError("the options do not fit the observation buffer")
            p = <float*>view.buf
            for j in range(n):
                action = options[j]
                h = self._option_at(<PyObject*>action)
                if self.option_key[h] == NULL:  # an action not seen before
                    entry = read(action)
                    slot = entry[1]
                    if not 0 <= slot < stride:
                        raise ValueError("an option's kind slot outside its block")
                    c = entry[2]
                    card = -1
                    if c is not None:
                        overflow = 0
                        card = PyLong_AsLongAndOverflow(c, &overflow)
                        if overflow or card < 0:  # (a card id past any table: never shown)
                            card = -1
                    if self.options_held >= OPTION_CAPACITY // 2:
                        self._forget_options()
                        h = self._option_at(<PyObject*>action)
                    Py_INCREF(action)
                    self.option_key[h] = <PyObject*>action
                    self.option_slot[h], self.option_card[h] = <int>slot, card
                    self.options_held += 1
                p[k] = 1.0
                p[k + self.option_slot[h]] = 1.0
                card = self.option_card[h]
                if 0 <= card < nd:
                    zone = zone_of[card]
                    fl = flags[card]
                    if zone < 0:  # a card in no zone reads the last zone's rule, as Python's index does
                        zone += nzr
                    if 0 <= zone < nzr:
                        rule = face_rule[zone]
                        if (rule[0] and not fl & FACE_DOWN) or (<long>known[card]) & bit or (
                                rule[1] and fl & FACE_DOWN and <long>ctrl[card] == seat):
                            d = defn[card]
                            p[k + card_at] = <float>(self.card_value[d] if 0 <= d < ndef
                                                     else (d + 1.0) / (ndef + 1.0))
                k += stride
        finally:
            PyBuffer_Release(&view)

    cdef inline float _scaled(self, object v, object scaled) except? -1:
        """A variable's slot value: ``min(max(float(v), 0.0), cap) / cap`` (``card_observation._Scaled``)."""
        cdef long x
        cdef int overflow = 0
        cdef double f
        if PyLong_CheckExact(v):
            x = PyLong_AsLongAndOverflow(v, &overflow)
            if not overflow:
                f = <double>x
                f = 0.0 if f < 0.0 else (self.var_cap if f > self.var_cap else f)
                return <float>(f / self.var_cap)
        return <float><double>scaled[v]

    cdef inline int _show(self, float* p, Py_ssize_t slot, object v, object scaled) except -1:
        """Slot ``slot`` written from value ``v``, unless it already shows that very object."""
        cdef PyObject* shown = self.var_shown[slot]
        if shown != <PyObject*>v:
            p[slot] = self._scaled(v, scaled)
            Py_INCREF(v)
            self.var_shown[slot] = <PyObject*>v
            Py_XDECREF(shown)
        return 0

    def forget_vars(self):
        """The variables' block was written otherwise: the next ``vars`` writes every slot."""
        self._forget_vars()

    cdef void _forget_vars(self):
        cdef Py_ssize_t i
        if self.var_shown:
            for i in range(self.var_slots):
                Py_XDECREF(self.var_shown[i])
                self.var_shown[i] = NULL

    def vars(self, object m, tuple fetched, object scaled):
        """The variables' slots in ``m`` (the variables' block) brought up to ``fetched`` (their values in
        ``DirectCardEncoder._var_names``' order): a slot is written when its value is another object than the
        one it shows (ints are immutable: the same object is the same value). Returns False, writing nothing,
        when a list variable does not have the layout's length or the slots of a name do not follow one another:
        the encoder then writes the block its own way (and calls ``forget_vars``)."""
        cdef Py_buffer view
        cdef float* p
        cdef Py_ssize_t j, i, n, at
        cdef object v
        cdef list values
        if self.nvars < 0 or len(fetched) != self.nvars:
            return False
        for j in range(self.nvars):
            if self.var_len[j] >= 0:
                v = fetched[j]
                if type(v) is not list or len(<list>v) != self.var_len[j]:
                    return False
        PyObject_GetBuffer(m, &view, PyBUF_WRITABLE)
        try:
            if view.itemsize != sizeof(float) or self.var_slots > view.len // <Py_ssize_t>sizeof(float):
                raise ValueError("the variables do not fit the buffer")
            p = <float*>view.buf
            for j in range(self.nvars):
                at, n = self.var_at[j], self.var_len[j]
                if n < 0:
                    self._show(p, at, fetched[j], scaled)
                else:
                    values = <list>fetched[j]
                    for i in range(n):
                        self._show(p, at + i, values[i], scaled)
            return True
        finally:
            PyBuffer_Release(&view)
