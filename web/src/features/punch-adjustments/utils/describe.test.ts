import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { describeAdjustment, errorMessage, formatDay } from './describe';

const t = i18n.getFixedT('pt', 'adjustments');
const te = i18n.getFixedT('en', 'adjustments');

describe('describeAdjustment', () => {
  it('says what each kind asks for, in the language', () => {
    expect(describeAdjustment(t, { tipo: 'corrigir', hora: '08:00', horaAnterior: '09:30' })).toBe('09:30 → 08:00');
    expect(describeAdjustment(t, { tipo: 'corrigir', hora: '08:00', horaAnterior: null })).toBe('Corrigir para 08:00');
    expect(describeAdjustment(t, { tipo: 'incluir', hora: '17:30', horaAnterior: null })).toBe('Incluir 17:30');
    expect(describeAdjustment(t, { tipo: 'abonar', horaAnterior: null, inicio: '13:00', fim: '17:00' })).toBe('Abono: 13:00 às 17:00');
    expect(describeAdjustment(te, { tipo: 'abonar', horaAnterior: null })).toBe('Excused: whole day');
  });
});

describe('errorMessage', () => {
  it('translates known server keys and falls back to the generic text', () => {
    expect(errorMessage(t, 'ajuste_ponto_nao_permitido')).toBe('Você não tem permissão para solicitar ajuste de ponto.');
    expect(errorMessage(te, 'solicitacao_ja_decidida')).toBe('This request was already decided by someone else.');
    expect(errorMessage(t, 'unknown_key')).toBe('Não foi possível realizar a operação.');
    expect(errorMessage(t, undefined)).toBe('Não foi possível realizar a operação.');
  });
});

describe('formatDay', () => {
  it('formats a local day without shifting it by the time zone', () => {
    expect(formatDay('2024-05-10', 'pt')).toBe('10/05/2024');
    expect(formatDay('2024-05-10', 'es')).toBe('10/5/24');
    expect(formatDay('x', 'pt')).toBe('x');
  });
});
