import { describe, expect, it } from 'vitest';
import { MARKS_SHOWN, recentMarks, withMark } from './marks';

describe('recent marks', () => {
  it('sorts by n09_001_t descending and keeps 10', () => {
    const marks = Array.from({ length: 14 }, (_, i) => ({
      n09_001_t: `2024-08-${String(i + 1).padStart(2, '0')}T08:00:00`,
      endereco: `addr ${i + 1}`,
    }));
    // shuffle deterministically
    const shuffled = [...marks].sort((a, b) => (a.endereco.length % 2) - (b.endereco.length % 2) || a.endereco.localeCompare(b.endereco));
    const shown = recentMarks(shuffled);
    expect(MARKS_SHOWN).toBe(10);
    expect(shown).toHaveLength(10);
    expect(shown[0].n09_001_t).toBe('2024-08-14T08:00:00');
    expect(shown[9].n09_001_t).toBe('2024-08-05T08:00:00');
    for (let i = 1; i < shown.length; i++) {
      expect(shown[i - 1].n09_001_t >= shown[i].n09_001_t).toBe(true);
    }
  });

  it('orders by instant when timestamps carry offsets', () => {
    const shown = recentMarks([
      { n09_001_t: '2024-08-01T10:00:00-03:00', endereco: 'a' }, // 13:00Z
      { n09_001_t: '2024-08-01T12:00:00Z', endereco: 'b' },
      { n09_001_t: '2024-08-01T14:30:00Z', endereco: 'c' },
    ]);
    expect(shown.map((m) => m.endereco)).toEqual(['c', 'a', 'b']);
  });

  it('does not change the input and handles fewer than 10', () => {
    const input = [
      { n09_001_t: '2024-08-01T08:00:00', endereco: 'a' },
      { n09_001_t: '2024-08-02T08:00:00', endereco: 'b' },
    ];
    const copy = structuredClone(input);
    expect(recentMarks(input).map((m) => m.endereco)).toEqual(['b', 'a']);
    expect(input).toEqual(copy);
  });
});

describe('withMark', () => {
  it('puts the answered mark first, once, and leaves an unread list alone', () => {
    const a = { n09_001_t: '2024-08-01T08:00:00', endereco: 'a' };
    const b = { n09_001_t: '2024-08-02T08:00:00', endereco: 'b' };
    expect(withMark([a], b)).toEqual([b, a]);
    expect(withMark([b, a], { ...b })).toEqual([b, a]);
    expect(withMark(undefined, b)).toBeUndefined();
    expect(withMark([a], undefined)).toEqual([a]);
  });
});
