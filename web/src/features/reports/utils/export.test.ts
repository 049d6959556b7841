import { describe, expect, it } from 'vitest';
import { fieldColumns, toCsv, type Column } from './export';

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

  it('reads fields as they are, in the order their headers are given', () => {
    const cols = fieldColumns<{ name: string; days: number; next: string | null }>({ days: 'Dias', name: 'Nome', next: 'Prazo' });
    expect(cols.map((c) => c.label)).toEqual(['Dias', 'Nome', 'Prazo']);
    expect(toCsv(cols, [{ name: 'Ana', days: 3, next: null }])).toBe('Dias,Nome,Prazo\r\n3,Ana,\r\n');
  });
});
