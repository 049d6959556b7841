import { describe, expect, it } from 'vitest';
import type { DayMark } from '../api/types';
import { askBody, askInitial, askRules, REASON_MAX, type AskValues } from './ask-form';

const mark: DayMark = { id: 'm-1', n09_001_t: '2024-05-10T09:30:00', hora: '09:30', endereco: 'Rua A', ajustada: false, incluida: false, horaOriginal: null, ac4Ukey: null };
const v = (extra: Partial<AskValues>): AskValues => ({ ...askInitial('incluir', []), motivo: 'esqueci', ...extra });

describe('askInitial', () => {
  it('starts a correction from the mark and its time, anything else empty', () => {
    expect(askInitial('corrigir', [mark], 'm-1')).toEqual({ tipo: 'corrigir', marcacaoId: 'm-1', hora: '09:30', inicio: '', fim: '', motivo: '' });
    expect(askInitial('abonar', [mark])).toMatchObject({ marcacaoId: null, hora: '' });
  });
});

describe('askRules', () => {
  it('asks for what the kind needs', () => {
    expect(askRules.marcacaoId(null, v({ tipo: 'corrigir' }))).toBe('errors.campo_obrigatorio');
    expect(askRules.marcacaoId(null, v({ tipo: 'incluir' }))).toBeNull();
    expect(askRules.hora('', v({ tipo: 'incluir' }))).toBe('errors.campo_obrigatorio');
    expect(askRules.hora('08:00', v({ tipo: 'corrigir' }))).toBeNull();
    expect(askRules.hora('', v({ tipo: 'abonar' }))).toBeNull();
  });

  it('takes an abono of the whole day (no ends) or of a period (both ends)', () => {
    expect(askRules.inicio('', v({ tipo: 'abonar' }))).toBeNull();
    expect(askRules.fim('', v({ tipo: 'abonar' }))).toBeNull();
    expect(askRules.fim('', v({ tipo: 'abonar', inicio: '08:00' }))).toBe('errors.campo_obrigatorio');
    expect(askRules.inicio('', v({ tipo: 'abonar', fim: '12:00' }))).toBe('errors.campo_obrigatorio');
  });

  it('needs a reason that fits', () => {
    expect(askRules.motivo('  ')).toBe('errors.campo_obrigatorio');
    expect(askRules.motivo('x'.repeat(REASON_MAX + 1))).toBe('errors.texto_muito_longo');
    expect(askRules.motivo('cheguei às 8')).toBeNull();
  });
});

describe('askBody', () => {
  it('sends only what the kind carries', () => {
    expect(askBody(v({ tipo: 'corrigir', marcacaoId: 'm-1', hora: '08:00', motivo: ' cheguei às 8 ' }), '2024-05-10', 'T')).toEqual({
      tipo: 'corrigir', data: '2024-05-10', marcacaoId: 'm-1', hora: '08:00', motivo: 'cheguei às 8', titulo: 'T',
    });
    expect(askBody(v({ tipo: 'abonar', hora: '08:00' }), '2024-05-10', 'T')).toEqual({ tipo: 'abonar', data: '2024-05-10', motivo: 'esqueci', titulo: 'T' });
    expect(askBody(v({ tipo: 'abonar', inicio: '08:00', fim: '12:00' }), '2024-05-10', 'T')).toMatchObject({ inicio: '08:00', fim: '12:00' });
  });
});
