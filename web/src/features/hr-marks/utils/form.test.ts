import { describe, expect, it } from 'vitest';
import { initialValues, rules, toBody } from './form';

describe('HR mark form', () => {
  it('needs an employee, a time and a reason of 3 to 200 characters', () => {
    expect(rules.colaborador(null)).toBe('errors.campo_obrigatorio');
    expect(rules.hora('')).toBe('errors.campo_obrigatorio');
    expect(rules.hora('08:05')).toBeNull();
    expect(rules.motivo('   ')).toBe('errors.campo_obrigatorio');
    expect(rules.motivo(' ab ')).toBe('errors.motivo_tamanho');
    expect(rules.motivo('abc')).toBeNull();
    expect(rules.motivo('é'.repeat(200))).toBeNull();
    expect(rules.motivo('é'.repeat(201))).toBe('errors.motivo_tamanho');
  });

  it('sends the trimmed reason', () => {
    const v = { ...initialValues('2024-05-10'), colaborador: 'e1', hora: '08:00', motivo: '  relógio quebrado ' };
    expect(toBody(v)).toEqual({ colaborador: 'e1', data: '2024-05-10', hora: '08:00', tipo: 'device', motivo: 'relógio quebrado' });
  });
});
