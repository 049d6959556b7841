import { describe, expect, it } from 'vitest';
import { parseListPath, listPath } from './route';
import { surveyDrawerSize } from './drawer';

describe('survey drawer widths (spec §9)', () => {
  it('is 450 px small (440 back), 60% medium, 80% large', () => {
    expect(surveyDrawerSize(500)).toBe(450);
    expect(surveyDrawerSize(500, true)).toBe(440);
    expect(surveyDrawerSize(900)).toBe('60%');
    expect(surveyDrawerSize(1600)).toBe('80%');
  });
});

describe('list routes (spec §2)', () => {
  it('reads folder all, filter/0 and filter/2 with an optional id', () => {
    expect(parseListPath('all')).toEqual({ filter: 'all', id: null });
    expect(parseListPath('all/abc')).toEqual({ filter: 'all', id: 'abc' });
    expect(parseListPath('filter/0')).toEqual({ filter: '0', id: null });
    expect(parseListPath('filter/2/x')).toEqual({ filter: '2', id: 'x' });
    expect(parseListPath('filter/9')).toEqual({ filter: 'all', id: null });
    expect(listPath('/apps/pesquisa/nps', '2', 'x')).toBe('/apps/pesquisa/nps/filter/2/x');
  });
});
