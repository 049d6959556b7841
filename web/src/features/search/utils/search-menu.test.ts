import { describe, expect, it } from 'vitest';
import { foldText, MAX_SUGGESTIONS, searchEntries } from './search-menu';

const titles = ['Ponto eletrônico', 'Histórico de férias', 'Admitidos no mês', 'Início', 'Aniversariantes'];
const find = (q: string, list = titles) => searchEntries(list, q, (s) => s);

describe('global search', () => {
  it('ignores accents and case', () => {
    expect(foldText('Ponto Eletrônico')).toBe('ponto eletronico');
    expect(find('ELETRONICO')).toEqual(['Ponto eletrônico']);
    expect(find('historico de ferias')).toEqual(['Histórico de férias']);
    expect(find('MÊS')).toEqual(['Admitidos no mês']);
    expect(find('inicio')).toEqual(['Início']);
  });

  it('trims and needs at least one character', () => {
    expect(find('   ')).toEqual([]);
    expect(find('')).toEqual([]);
    expect(find('  ponto  ')).toEqual(['Ponto eletrônico']);
    expect(find('a').length).toBeGreaterThan(1);
  });

  it('gives at most 10 suggestions, in menu order', () => {
    const many = Array.from({ length: 25 }, (_, i) => `Relatório ${i}`);
    expect(MAX_SUGGESTIONS).toBe(10);
    expect(find('relatorio', many)).toEqual(many.slice(0, 10));
    expect(find('zzz', many)).toEqual([]);
  });
});
