# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The inner loops of ``card_observation.DirectCardEncoder``, compiled: a zone's copies and the seat's options.

Why compiled: after everything Python could do (a change log, kept blocks, memos), Mythos's observation still
cost about 127,000 instructions a step, a third of it in two loops that read a few ints per card or per option
from the table's lists and write one float each — work of some ten machine instructions done by fifty bytecodes.
Here they read the same lists and write the same slots; ``card_observation.PyKernel`` is the same two methods in
Python, used when this module was not built (no C compiler at install time), and the property tests run the
encoder with each and compare both with the reference route (``encode(view(seat))``).

Safety: the slots written are the layout's (``copy_at``, ``turn_at``, the option blocks), and every call checks
that the block or the options it writes lie inside the buffer it is given.
"""

from cpython.buffer cimport PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.long cimport PyLong_AsLongAndOverflow, PyLong_CheckExact
from cpython.mem cimport PyMem_Free, PyMem_Malloc

DEF FACE_DOWN = 2


cdef class Kernel:
    """The tables the two loops read, as C arrays (built once per encoder reset)."""

    cdef Py_ssize_t size, ndef, nz, copies_cap, scratch_len
    cdef double* copies_value
    cdef double* card_value
    cdef int* copy_at  # per table zone, ndef slots (0: none)
    cdef int* turn_at
    cdef unsigned char* zone_turns
    cdef int* zone_max  # per table zone, its highest slot
    cdef long turned
    cdef int* scratch  # the slots a block's copies went to, while it is written
    cdef Py_ssize_t nvars, var_slots  # the variables by name (-1: their slots do not follow one another)
    cdef Py_ssize_t* var_at  # per name, its first slot in the variables' block
    cdef Py_ssize_t* var_len  # per name, its list's length, or -1 for an integer
    cdef double var_cap

    def __cinit__(self, Py_ssize_t size, Py_ssize_t ndef, list copies_value, list card_value, list copy_at,
                  list turn_at, list zone_turns, long turned, object var_spans, double var_cap):
        cdef Py_ssize_t z, d, nz = len(copy_at)
        if len(card_value) != ndef or len(turn_at) != nz or len(zone_turns) != nz or not copies_value:
            raise ValueError("kernel tables of inconsistent sizes")
        self.size, self.ndef, self.nz, self.turned = size, ndef, nz, turned
        self.copies_cap = len(copies_value) - 1
        self.copies_value = <double*>PyMem_Malloc(len(copies_value) * sizeof(double))
        self.card_value = <double*>PyMem_Malloc((ndef + 1) * sizeof(double))
        self.copy_at = <int*>PyMem_Malloc((nz * ndef + 1) * sizeof(int))
        self.turn_at = <int*>PyMem_Malloc((nz * ndef + 1) * sizeof(int))
        self.zone_turns = <unsigned char*>PyMem_Malloc(nz + 1)
        self.zone_max = <int*>PyMem_Malloc((nz + 1) * sizeof(int))
        self.scratch_len = 256
        self.scratch = <int*>PyMem_Malloc(self.scratch_len * sizeof(int))
        if not (self.copies_value and self.card_value and self.copy_at and self.turn_at and self.zone_turns
                and self.zone_max and self.scratch):
            raise MemoryError()
        for d in range(len(copies_value)):
            self.copies_value[d] = copies_value[d]
        for d in range(ndef):
            self.card_value[d] = card_value[d]
        for z in range(nz):
            if len(copy_at[z]) != ndef or len(turn_at[z]) != ndef:
                raise ValueError("a zone's slot tables do not cover every definition")
            self.zone_turns[z] = 1 if zone_turns[z] else 0
            self.zone_max[z] = 0
            for d in range(ndef):
                if not 0 <= copy_at[z][d] < size or not 0 <= turn_at[z][d] < size:
                    raise ValueError("a slot outside the observation")
                self.copy_at[z * ndef + d] = copy_at[z][d]
                self.turn_at[z * ndef + d] = turn_at[z][d]
                self.zone_max[z] = max(self.zone_max[z], copy_at[z][d], turn_at[z][d])
        self.nvars, self.var_slots, self.var_cap = -1, 0, var_cap
        if var_spans is not None and var_cap > 0:
            self.nvars = len(var_spans)
            self.var_at = <Py_ssize_t*>PyMem_Malloc((self.nvars + 1) * sizeof(Py_ssize_t))
            self.var_len = <Py_ssize_t*>PyMem_Malloc((self.nvars + 1) * sizeof(Py_ssize_t))
            if not (self.var_at and self.var_len):
                raise MemoryError()
            for d, (at, n, is_list) in enumerate(var_spans):
                self.var_at[d], self.var_len[d] = at, n if is_list else -1
                self.var_slots = max(self.var_slots, at + n)

    def __dealloc__(self):
        PyMem_Free(self.copies_value)
        PyMem_Free(self.card_value)
        PyMem_Free(self.copy_at)
        PyMem_Free(self.turn_at)
        PyMem_Free(self.zone_turns)
        PyMem_Free(self.zone_max)
        PyMem_Free(self.scratch)
        PyMem_Free(self.var_at)
        PyMem_Free(self.var_len)

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
        cdef float v
        if not 0 <= z < self.nz or base < 0:
            raise IndexError("no such zone")
        self._grow(2 * n)
        PyObject_GetBuffer(m, &view, PyBUF_WRITABLE)
        try:
            if view.itemsize != sizeof(float) or base + self.zone_max[z] >= view.len // <Py_ssize_t>sizeof(float):
                raise ValueError("the zone's block does not fit the observation buffer")
            p = <float*>view.buf
            cz, tz, turns = self.copy_at + z * ndef, self.turn_at + z * ndef, self.zone_turns[z]
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

    def options(self, object m, Py_ssize_t k, Py_ssize_t stride, Py_ssize_t card_at, tuple options,
                Py_ssize_t max_options, dict parsed, object parse, list flags, list known, list defn, list zone_of,
                list ctrl, list face_rule, long bit, long seat):
        """One block per option at ``k``, ``k + stride``...: presence, its kind's bucket slot, the card it names
        if the seat sees its face (``PyKernel.options``)."""
        cdef Py_buffer view
        cdef float* p
        cdef Py_ssize_t j, n = len(options), card, d, nd = len(defn), ndef = self.ndef, slot, nzr = len(face_rule)
        cdef Py_ssize_t zone
        cdef long fl
        cdef tuple entry, rule
        cdef object action, c
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
                entry = parsed.get(id(action))
                if entry is None:
                    entry = parse(action)
                slot = entry[1]
                if not 0 <= slot < stride:
                    raise ValueError("an option's kind slot outside its block")
                p[k] = 1.0
                p[k + slot] = 1.0
                c = entry[2]
                if c is not None and c < nd:  # (a card id is never negative: ``PyKernel._parse``)
                    card = c
                    if card >= 0:
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

    def vars(self, object m, tuple fetched, object scaled):
        """Every variable's slots written into ``m`` (the variables' block) from ``fetched`` (their values in
        ``DirectCardEncoder._var_names``' order). Returns False, writing nothing, when a list variable does not
        have the layout's length or the slots of a name do not follow one another: the encoder then writes the
        block its own way, as the reference reads it."""
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
                    p[at] = self._scaled(fetched[j], scaled)
                else:
                    values = <list>fetched[j]
                    for i in range(n):
                        p[at + i] = self._scaled(values[i], scaled)
            return True
        finally:
            PyBuffer_Release(&view)
