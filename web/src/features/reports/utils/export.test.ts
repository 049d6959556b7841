import { describe, expect, it } from 'vitest';
import { toCsv, type Column } from './export';

describe('CSV export', () => {
  it('quotes what needs it and leaves empty cells for missing figures', () => {
    const cols: Column<{ a: string; n: number | null }>[] = [
      { key: 'a', label: 'Nome', value: (r) => r.a },
      { key: 'n', label: 'Humor', value: (r) => r.n },
    ];
    expect(toCsv(cols, [{ a: 'Silva, "Ana"', n: 4.5 }, { a: 'Operações', n: null }])).toBe(
      'Nome,Humor\r\n"Silva, ""Ana""",4.5\r\nOperações,\r\n',
    );
  });
});
