import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import type { SurveyQuestion } from '../api/types';
import { bodyFor, configValid, firstInvalidIndex, validateAnswer, valueOf } from './answers';

function q(type: number, extra: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    ukey: 'q1', oa8_ukey: 's1', oa10_ukey: 'r1', oa9_001_c: '', oa9_003_m: 'Pergunta', oa9_004_n: type,
    oa9_005_c: '', oa9_007_m: '', oa9_020_c: '', oa9_021_c: '', oa9_022_n: 0,
    oa9_100_c: null, oa9_101_n: null, oa9_102_b: null, oa9_103_n: null, oa9_104_t: null, oa9_105_m: null,
    ...extra,
  };
}

// spec portal-business §5: the same table as the server's domain/survey TestCheckEveryType.
describe('validateAnswer (dynamic form rules)', () => {
  const req = { oa9_022_n: 1 };
  const cases: [string, SurveyQuestion, string, string | null][] = [
    ['text optional empty', q(0), '', null],
    ['text required empty', q(0, req), '  ', 'campo_obrigatorio'],
    ['text too long', q(0), 'x'.repeat(256), 'texto_muito_longo'],
    ['integer below min', q(1, { oa9_020_c: '0', oa9_021_c: '10' }), '-1', 'valor_minimo'],
    ['integer above max', q(1, { oa9_020_c: '0', oa9_021_c: '10' }), '11', 'valor_maximo'],
    ['integer at max', q(1, { oa9_020_c: '0', oa9_021_c: '10' }), '10', null],
    ['integer fraction', q(1), '2.5', 'numero_inteiro'],
    ['integer garbage', q(1), 'abc', 'numero_invalido'],
    ['integer required empty', q(1, req), '', 'campo_obrigatorio'],
    ['boolean required empty', q(2, req), '', 'campo_obrigatorio'],
    ['boolean false is an answer', q(2, req), 'false', null],
    ['decimal two digits with comma', q(5), '1,25', null],
    ['decimal three digits', q(5), '1.234', 'duas_casas_decimais'],
    ['decimal trailing zero', q(5), '1.230', null],
    ['decimal above max', q(5, { oa9_021_c: '2' }), '2.01', 'valor_maximo'],
    ['date ok', q(6, req), '2026-01-31', null],
    ['date before 1900', q(6), '1899-12-31', 'data_invalida'],
    ['date required empty', q(6, req), '', 'campo_obrigatorio'],
    ['option needs one', q(8, { oa9_007_m: 'Sim;Não' }), '', 'selecione_uma_opcao'],
    ['option chosen', q(8, { oa9_007_m: 'Sim; Não' }), 'Não', null],
    ['multi-line required empty', q(11, req), '', 'campo_obrigatorio'],
    ['multi-line long ok', q(11), 'x'.repeat(50000), null],
    ['option without options', q(8, { oa9_007_m: ';;' }), 'x', 'configuracao_invalida'],
    ['min above max', q(1, { oa9_020_c: '5', oa9_021_c: '1' }), '3', 'configuracao_invalida'],
    ['bounds on a text', q(0, { oa9_020_c: '1' }), 'x', 'configuracao_invalida'],
    ['unknown type', q(3), 'x', 'configuracao_invalida'],
  ];
  it.each(cases)('%s', (_name, question, value, want) => {
    expect(validateAnswer(question, value)).toBe(want);
  });
});

describe('answer slots', () => {
  it('puts each type in its slot of the PUT body (spec §7)', () => {
    expect(bodyFor(q(1), '7', 2)).toMatchObject({ oa9_101_n: '7', step: 2, oa9_004_n: 1, ukey: 'q1', oa8_ukey: 's1', oa10_ukey: 'r1' });
    expect(bodyFor(q(5), '1,5', 0).oa9_103_n).toBe('1.5');
    expect(bodyFor(q(2), 'false', 0).oa9_102_b).toBe(false);
    expect(bodyFor(q(6), '2026-01-02', 0).oa9_104_t).toBe('2026-01-02');
    expect(bodyFor(q(8, { oa9_007_m: 'A;B' }), 'B', 0).oa9_100_c).toBe('B');
    expect(bodyFor(q(11), 'a\nb', 0).oa9_105_m).toBe('a\nb');
    expect(bodyFor(q(1), '', 0).oa9_101_n).toBeNull();
  });
  it('reads saved answers back', () => {
    expect(valueOf(q(1, { oa9_101_n: 9 }))).toBe('9');
    expect(valueOf(q(2, { oa9_102_b: false }))).toBe('false');
    expect(valueOf(q(0))).toBe('');
  });
  it('finds the first invalid question of a refused finish', () => {
    expect(firstInvalidIndex(new ApiError(422, 'valor_maximo', [{ type: 'perguntas[3]', message: 'valor_maximo' }]))).toBe(3);
    expect(firstInvalidIndex(new ApiError(422, 'x', [{ type: 'oa10_ukey', message: 'x' }]))).toBeUndefined();
    expect(configValid(q(0))).toBe(true);
  });
});
