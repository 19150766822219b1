/** What the room adds to a casual, untimed match between two people who are both here. */
export const CASUAL = {
  rated: false,
  clock: null,
  presence: [true, true],
  claim: null,
  rematch: { offered: [false, false], allowed: false, next: null },
  series: [0, 0],
  ratings: null,
  fair: null,
  watch: { spectators: 0, allowed: true, forbidden: [false, false], canForbid: false },
  chat: { write: null, read: [] },
  tournament: null,
} as const;
