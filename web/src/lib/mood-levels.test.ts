import { describe, expect, it } from 'vitest';
import { bandOf, labelIndex, randomLevel, roundDown } from './mood-levels';

describe('roundDown (spec §2: steps of 0.1, rounded down)', () => {
  it.each([
    [3.47, 3.4],
    [2.3, 2.3], // 2.3*10 is 22.999… in floating point
    [3.99, 3.9],
    [5, 5],
    [1, 1],
    [1.09, 1],
    [0.5, 1], // clamped to the scale
    [7, 5],
  ])('%s → %s', (value, want) => {
    expect(roundDown(value)).toBe(want);
  });
});

describe('randomLevel (spec §2: initial values random from 1 to 5)', () => {
  it('covers the scale on the step', () => {
    expect(randomLevel(() => 0)).toBe(1);
    expect(randomLevel(() => 0.5)).toBe(3);
    expect(randomLevel(() => 0.9999999)).toBe(5);
    for (let i = 0; i < 200; i++) {
      const v = randomLevel();
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(5);
      expect(Math.round(v * 10)).toBeCloseTo(v * 10, 9);
    }
  });
});

describe('labels and bands', () => {
  it('labels humor_1..5 by the whole part; bands split the scale in thirds like the server', () => {
    expect([1, 1.9, 2, 3.5, 4.9, 5].map(labelIndex)).toEqual([1, 1, 2, 3, 4, 5]);
    expect([1, 2.3, 2.4, 3.6, 3.7, 5].map(bandOf)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
