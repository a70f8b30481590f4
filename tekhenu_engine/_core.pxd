# cython: language_level=3
"""C-level declarations of the rules core, shared by the compiled agents."""
from libc.stdint cimport uint64_t, int32_t

cdef enum:
    MAXP = 4
    MAX_DICE = 32
    MAX_CARDS = 128
    MAX_TASKS = 64
    MAX_LEGAL = 512
    NT = 25        # temple spaces
    NB = 18        # building spaces
    NMARKET = 15

cdef struct Task:
    int type
    int p
    int a
    int b
    int c
    int d

cdef struct State:
    # Two 2-D arrays with the same first dimension must have the same second one: Cython's
    # dict -> struct conversion (from_dict) shares one temporary per first dimension, and
    # a wider row would be written past it (tests/test_serialise.py checks the shapes).
    uint64_t rng          # drives sample_chance only; masked in observations
    int version
    int nplayers          # 1 = solo against Botankhamun (seat 1), else 2-4
    int nseats
    int options
    int difficulty
    int arrow
    int round             # rounds completed
    int turn_idx
    int maat_count
    int scoring_count
    int terminal
    int cur_player
    int first_player
    int turn_order[4]
    # dice
    int ndice
    int die_colour[32]
    int die_value[32]
    int die_loc[32]
    # board
    int horus_slot_god[6]
    int statue_god[6][4]
    int people[4]
    int people_gold[4]
    int osiris[6][4]
    int osiris_row2_gold
    int temple_tile[25]
    int temple_rot[25]
    int temple_owner[25]
    int bspace[18]
    int ra[3]
    int pillar_loc[28]
    # cards
    int card_loc[128]
    int market[15]
    int market_open[4]
    int start_loc[12]
    int destiny_owner[4]
    int hidden_count[3][16]
    # players
    int vp[4]
    int happiness[4]
    int population[4]
    int gold[4]
    int scribes[4]
    int faith[4]
    int res[4][4]
    int prod[4][4]
    int excess[4]
    int pure_sum[4]
    int taint_sum[4]
    int ndice_board[4]
    int statues[4]
    int buildings[4]
    int pillars[4]
    int destiny[4]
    int hap_flags[4]
    int balance[4]
    int soldiers[4]
    int priests[4]
    int blood[4]
    int turn_flags[4]
    int final_vp[4]
    int breakdown[12][4]   # [VP category][seat]
    # current turn
    int cur_die
    int cur_value
    int cur_section
    int cur_anubis
    int cur_colour
    # Botankhamun (see _bot.pxi and docs/botankhamun.md)
    int bot_pyramid[10]   # tile per place: rows of 4, 3, 2, 1 from the base, left to right
    int bot_pos           # place of the Progress marker (-1: left of the base)
    int bot_turns         # turns it has played this game
    int bot_log[25]       # its last turn, fields BL_* of _bot.pxi
    # task stack
    int ntasks
    int overflow         # 1: a push found the task stack full (the step was dropped); keeps the struct free of padding
    Task tasks[64]

cdef int gen_legal(State* s, int32_t* out) noexcept nogil
cdef int gen_chance(State* s, int32_t* out, double* probs) noexcept nogil
cdef void apply_action(State* s, int32_t a) noexcept nogil
cdef int32_t sample_chance(State* s) noexcept nogil
cdef int current_player(State* s) noexcept nogil
cdef uint64_t rng_next(uint64_t* r) noexcept nogil
cdef void playout_random(State* s, uint64_t* r) noexcept nogil

# --- used by the compiled search (_search.pyx)
cdef int rng_int(uint64_t* r, int n) noexcept nogil
cdef void advance(State* s) noexcept nogil
cdef void resample_state(State* s, uint64_t* r) noexcept nogil
cdef int winner(State* s) noexcept nogil
cdef int temple_score(State* s, int p, int with_statues) noexcept nogil
cdef int happiness_vp(int h) noexcept nogil
cdef int purity_of(State* s, int god, int colour) noexcept nogil
cdef int chance_visible(State* s, int seat) noexcept nogil
cdef int decision_visible(State* s, int seat) noexcept nogil
