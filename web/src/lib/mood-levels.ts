// The mood and energy scale (spec portal-business §2, §9): 1 to 5 in steps of 0.1, rounded
// down. Values are kept in tenths so that rounding is exact (2.3 stays 2.3).

export const LEVEL_MIN = 1;
export const LEVEL_MAX = 5;
export const LEVEL_STEP = 0.1;

/** Rounds down to the step: 3.47 → 3.4, clamped to the scale. */
export function roundDown(value: number): number {
  const tenths = Math.floor(Math.round(value * 1000) / 100); // 2.3*10 is 22.999… in floating point
  return Math.min(LEVEL_MAX * 10, Math.max(LEVEL_MIN * 10, tenths)) / 10;
}

/** A random start from 1 to 5 on the step (spec §2: "Initial values are random from 1 to 5"). */
export function randomLevel(random: () => number = Math.random): number {
  const points = (LEVEL_MAX - LEVEL_MIN) * 10 + 1; // 41 points
  return (LEVEL_MIN * 10 + Math.min(points - 1, Math.floor(random() * points))) / 10;
}

/** The scale label (humor_1..humor_5, energia_1..energia_5) of a value: its whole part. */
export function labelIndex(value: number): 1 | 2 | 3 | 4 | 5 {
  return Math.min(5, Math.max(1, Math.floor(roundDown(value)))) as 1 | 2 | 3 | 4 | 5;
}

/** Third of the scale (0 low, 1 middle, 2 high), as the server places the nine-box. */
export function bandOf(value: number): 0 | 1 | 2 {
  const tenths = Math.round(value * 10);
  if (tenths <= 23) return 0;
  if (tenths <= 36) return 1;
  return 2;
}

/** A check-in shown on an avatar (spec §3 Avatar card: emo {energy, humor, data}). */
export interface Emo {
  energy: number;
  humor: number;
  data: string;
}

/** What an avatar shows (spec §3 Avatar card: nome, picture, id, emo, title). */
export interface AvatarPerson {
  id: string;
  nome: string;
  picture?: string;
  title?: string;
  emo?: Emo | null;
}
