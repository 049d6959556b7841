import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { blankQuestion } from './draft';
import { serverErrors, surveyDraft, surveyInitial, surveyRules, type SurveyFormValues } from './survey-form';

describe('survey creation form', () => {
  it('starts today for 30 days, the whole company, the eNPS with its rating question', () => {
    const v = surveyInitial('enps', 'Nota', new Date(2026, 10, 1, 12));
    expect(v).toMatchObject({ inicio: '2026-11-01', fim: '2026-12-01', publico: { todos: true } });
    expect(v.perguntas[0]).toMatchObject({ oa9_003_m: 'Nota', oa9_004_n: 1, oa9_020_c: '0', oa9_021_c: '10', oa9_022_n: 1 });
    expect(surveyInitial('360', 'Nota').publico).toEqual({ todos: false });
  });

  it('needs a description, real dates with the end not before the start and question titles', () => {
    const v = surveyInitial('clima', 'Nota', new Date(2026, 10, 1, 12));
    expect(surveyRules.descricao(' ')).toBe('campo_obrigatorio');
    expect(surveyRules.descricao('x'.repeat(256))).toBe('texto_muito_longo');
    expect(surveyRules.descricao('Clima 2026')).toBeNull();
    expect(surveyRules.inicio('')).toBe('data_invalida');
    expect(surveyRules.fim('2026-10-31', v)).toBe('periodo_invalido');
    expect(surveyRules.fim('2026-11-01', v)).toBeNull();
    expect(surveyRules.perguntas.oa9_003_m('')).toBe('campo_obrigatorio');
  });

  it('sends cleaned questions and shows the server errors on the fields they name', () => {
    const v: SurveyFormValues = {
      ...surveyInitial('clima', 'Nota'),
      perguntas: [{ ...blankQuestion(), oa9_003_m: 'Q', oa9_020_c: '1', oa9_007_m: 'a;b' }],
    };
    expect(surveyDraft('clima', v).perguntas[0]).toMatchObject({ oa9_020_c: '', oa9_007_m: '' });
    expect(surveyDraft('clima', v).tipo).toBe('clima');
    const refused = new ApiError(422, 'x', [{ type: 'perguntas[2]', message: 'configuracao_invalida' }, { type: 'fim', message: 'periodo_invalido' }]);
    expect(serverErrors(refused)).toEqual({ 'perguntas.2.oa9_003_m': 'configuracao_invalida', fim: 'periodo_invalido' });
    expect(serverErrors(new Error('x'))).toEqual({ form: 'erro_rede' });
  });
});
