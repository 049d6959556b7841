import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api';
import { useAuditT } from './utils';

const hook = () => renderHook(() => useAuditT()).result.current;

describe('useAuditT', () => {
  it('names event types, versions dropped; an unknown type stays as it is', () => {
    const { typeLabel } = hook();
    expect(typeLabel('request.step_approved.v1')).toBe('Etapa aprovada');
    expect(typeLabel('clock.mark_registered.v2')).toBe('Marcação registrada');
    expect(typeLabel('payroll.closed.v1')).toBe('payroll.closed.v1');
  });

  it('names "as of" fields with their parameter, and known values', () => {
    const { fieldLabel, value } = hook();
    expect(fieldLabel('step.decision|2')).toBe('Etapa 2: decisão');
    expect(fieldLabel('status')).toBe('Situação');
    expect(fieldLabel('period.remaining|2025-01-01 – 2025-12-31')).toBe('Período 2025-01-01 – 2025-12-31: saldo');
    expect(fieldLabel('unknown|1')).toBe('unknown|1');
    expect(value('waiting_manager')).toBe('Aguardando gestor');
    expect(value('Marcos Lima')).toBe('Marcos Lima');
  });

  // Issue 29: the timeline showed the data's paths (actor.hash, fields.comentario) and the
  // replay diff the tables' names (clock_marks).
  it('names timeline data paths and read-model tables in the language', async () => {
    const { dataLabel, tableLabel } = hook();
    expect(dataLabel('actor.hash')).toBe('Autor › Código');
    expect(dataLabel('fields.comentario')).toBe('Comentário');
    expect(dataLabel('fields.itens[1].quantidade')).toBe('Item 2 › Quantidade');
    expect(dataLabel('subject.employeeId')).toBe('Colaborador');
    expect(dataLabel('someNewField_x')).toBe('Some new field x');
    expect(tableLabel('clock_marks')).toBe('Marcações de ponto');
    await i18n.changeLanguage('en');
    expect(hook().dataLabel('fields.comentario')).toBe('Comment');
    expect(hook().tableLabel('vacation_leaves')).toBe('Vacation leaves');
    await i18n.changeLanguage('es');
    expect(hook().dataLabel('actor.hash')).toBe('Autor › Código');
    expect(hook().tableLabel('clock_marks')).toBe('Marcaciones');
    await i18n.changeLanguage('pt');
  });

  it('translates the server rule of a refusal, else a generic message', async () => {
    expect(hook().error(new ApiError(400, 'data_futura', [{ type: 'at', message: 'data_futura' }]))).toBe('O instante não pode estar no futuro.');
    expect(hook().error(new Error('boom'))).toBe('Não foi possível carregar. Tente novamente.');
    await i18n.changeLanguage('es');
    expect(hook().typeLabel('vacation.requested.v1')).toBe('Vacaciones solicitadas');
    await i18n.changeLanguage('pt');
  });
});
