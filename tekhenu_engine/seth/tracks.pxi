# Included by _core.pyx: Time of Seth's Soldier and Priest gains (manual Key Concepts "You may not
# spend Priests or Soldiers if your corresponding marker would move below 0. Any amount of Priests or
# Soldiers gained above 10 is lost."; game help "Soldiers and Priests are not Resources"). The cap is
# SETH_TRACK_HI (seth/state.pxi, data.SETH_TRACK_MAX).


cdef inline void seth_gain_track(State* s, int p, int priests, int n) noexcept nogil:
    """Seat p gains n Soldiers (priests = 0) or Priests (1); above 10 is lost. Botankhamun never
    gains them (manual: "Botankhamun never gains or spends Priests or Soldiers")."""
    if is_bot(s, p):
        return
    if priests:
        s.priests[p] = min(s.priests[p] + n, SETH_TRACK_HI)
    else:
        s.soldiers[p] = min(s.soldiers[p] + n, SETH_TRACK_HI)
