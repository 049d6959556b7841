import { describe, expect, it } from 'vitest';
import { filterByTitle, parseShortcuts, toggleShortcut } from './shortcuts';

describe('shortcuts', () => {
  it('reads the comma list without blanks or repeats', () => {
    expect(parseShortcuts(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(parseShortcuts(undefined)).toEqual([]);
  });

  it('the star adds at the end and removes', () => {
    expect(toggleShortcut(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleShortcut(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });

  it('filters titles case-insensitively', () => {
    const entries = ['Ponto eletrônico', 'Escala de trabalho', 'Início'];
    expect(filterByTitle(entries, 'ESCALA', (s) => s)).toEqual(['Escala de trabalho']);
    expect(filterByTitle(entries, 'pONTO', (s) => s)).toEqual(['Ponto eletrônico']);
    expect(filterByTitle(entries, '  ', (s) => s)).toEqual(entries);
  });
});
