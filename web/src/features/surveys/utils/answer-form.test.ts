import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../api/types';
import { answerInitial, answerRules } from './answer-form';

function q(ukey: string, type: number, extra: Partial<SurveyQuestion> = {}): SurveyQuestion {
  return {
    ukey, oa8_ukey: 's1', oa10_ukey: 'r1', oa9_001_c: '', oa9_003_m: 'Pergunta', oa9_004_n: type,
    oa9_005_c: '', oa9_007_m: '', oa9_020_c: '', oa9_021_c: '', oa9_022_n: 0,
    oa9_100_c: null, oa9_101_n: null, oa9_102_b: null, oa9_103_n: null, oa9_104_t: null, oa9_105_m: null,
    ...extra,
  };
}

describe('answer form', () => {
  const questions = [q('a', 1, { oa9_020_c: '0', oa9_021_c: '10', oa9_101_n: 8 }), q('b', 6, { oa9_022_n: 1 }), q('c', 2, { oa9_102_b: false })];

  it('starts from the saved answers, one field per question', () => {
    expect(answerInitial(questions)).toEqual({ a: '8', b: '', c: 'false' });
  });

  it('checks each field with its question rule (spec §5)', () => {
    const rules = answerRules(questions);
    expect(rules.a('11')).toBe('valor_maximo');
    expect(rules.a('10')).toBeNull();
    expect(rules.b('')).toBe('campo_obrigatorio');
    expect(rules.b('1899-01-01')).toBe('data_invalida');
    expect(rules.b('2026-03-01')).toBeNull();
    expect(rules.c('false')).toBeNull();
  });
});
