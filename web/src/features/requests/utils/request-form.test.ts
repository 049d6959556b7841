import { describe, expect, it } from 'vitest';
import type { RequestDraft, RequestType } from '../api/types';
import { ApiError } from '@/lib/api';
import { request } from '../test-data';
import { MULTILINE_MAX, TEXT_MAX, decisionCommentRule, draftBody, draftOf, emptyDraft, hasErrors, requestErrorsOf, validateRequest } from './request-form';

const PLAIN: RequestType = { origem: 2, tipo: 'relatorio', descricao: 'request_type_relatorio', entrega: false, ausencia: false };
const DELIVERY: RequestType = { origem: 5, tipo: 'epi', descricao: 'request_type_epi', entrega: true, ausencia: false };
const ABONO: RequestType = { origem: 1, tipo: 'folha', descricao: 'request_type_folha', entrega: false, ausencia: true };

function draft(over: Partial<RequestDraft> = {}, type: RequestType = PLAIN): RequestDraft {
  return {
    ...emptyDraft(),
    tipo: type.tipo,
    titulo: 'Notebook',
    motivo: 'Trabalho remoto',
    comentario: 'Modelo padrão',
    dataReferencia: '2026-11-20',
    ...over,
  };
}

const absence = { tipoAusenciaDesc: 'Consulta', tipoAbono: 'declaracao' };
const medical = {
  tipoAusenciaDesc: 'Consulta',
  tipoAbono: 'atestado',
  inicioAbono: '2026-11-20',
  fimAbono: '2026-11-21',
  nomeMedico: 'Dra. Paula',
  tpRegistro: 'CRM',
  registro: '12345',
  ufRegistroDesc: 'SP',
};
const file = new File(['%PDF-1.4'], 'atestado.pdf', { type: 'application/pdf' });

describe('request validation (spec portal-business §5)', () => {
  it('accepts a complete plain request', () => {
    expect(validateRequest(draft(), PLAIN)).toEqual({});
  });

  it('requires type, title, reason and comment (blank counts as empty)', () => {
    const errors = validateRequest(draft({ tipo: '', titulo: ' ', motivo: '', comentario: '\n' }), undefined);
    expect(errors).toEqual({ tipo: 'campo_obrigatorio', titulo: 'campo_obrigatorio', motivo: 'campo_obrigatorio', comentario: 'campo_obrigatorio' });
  });

  it('limits text to 255 and multi-line to 50000 characters', () => {
    expect(validateRequest(draft({ titulo: 'x'.repeat(TEXT_MAX) }), PLAIN)).toEqual({});
    expect(validateRequest(draft({ titulo: 'x'.repeat(TEXT_MAX + 1) }), PLAIN).titulo).toBe('texto_muito_longo');
    expect(validateRequest(draft({ comentario: 'x'.repeat(MULTILINE_MAX) }), PLAIN)).toEqual({});
    expect(validateRequest(draft({ comentario: 'x'.repeat(MULTILINE_MAX + 1) }), PLAIN).comentario).toBe('texto_muito_longo');
  });

  it('refuses an empty or impossible reference date', () => {
    expect(validateRequest(draft({ dataReferencia: '' }), PLAIN).dataReferencia).toBe('campo_obrigatorio');
    expect(validateRequest(draft({ dataReferencia: '2026-02-30' }), PLAIN).dataReferencia).toBe('data_invalida');
    expect(validateRequest(draft({ dataReferencia: '1899-12-31' }), PLAIN).dataReferencia).toBe('data_invalida');
  });

  it('keeps entry and exit dates in order and within 366 days of the reference date', () => {
    const v = (dataInicio: string, dataFim: string) => validateRequest(draft({ dataInicio, dataFim }), PLAIN);
    expect(v('2026-11-01', '2026-11-30')).toEqual({});
    expect(v('2026-11-30', '2026-11-01').dataFim).toBe('data_fora_intervalo');
    expect(v('2025-11-19', '').dataInicio).toBeUndefined(); // 366 days before
    expect(v('2025-11-18', '').dataInicio).toBe('data_fora_intervalo');
    expect(v('', '2027-11-22').dataFim).toBe('data_fora_intervalo');
  });

  it('wants a delivery date strictly later than the reference date', () => {
    const d = (dataEntrega: string) => validateRequest(draft({ tipo: 'epi', dataEntrega }, DELIVERY), DELIVERY);
    expect(d('2026-11-20').dataEntrega).toBe('data_entrega_anterior');
    expect(d('2026-11-19').dataEntrega).toBe('data_entrega_anterior');
    expect(d('2026-11-21')).toEqual({});
  });

  it('asks the description of an absence and keeps its end after its start', () => {
    expect(validateRequest(draft({ tipo: 'folha' }, ABONO), ABONO)).toEqual({ tipoAusenciaDesc: 'campo_obrigatorio' });
    expect(validateRequest(draft({ tipo: 'folha', ...absence }, ABONO), ABONO)).toEqual({});
    const backwards = { ...absence, inicioAbono: '2026-11-21', fimAbono: '2026-11-20' };
    expect(validateRequest(draft({ tipo: 'folha', ...backwards }, ABONO), ABONO).fimAbono).toBe('data_fora_intervalo');
  });

  it('requires an attachment, the doctor and the period for abono with a medical certificate', () => {
    const e = validateRequest(draft({ tipo: 'folha', tipoAusenciaDesc: 'Consulta', tipoAbono: 'atestado' }, ABONO), ABONO);
    expect(e).toEqual({
      anexos: 'anexo_obrigatorio',
      nomeMedico: 'campo_obrigatorio',
      tpRegistro: 'campo_obrigatorio',
      registro: 'campo_obrigatorio',
      ufRegistroDesc: 'campo_obrigatorio',
      inicioAbono: 'campo_obrigatorio',
      fimAbono: 'campo_obrigatorio',
    });
    expect(validateRequest(draft({ tipo: 'folha', ...medical }, ABONO), ABONO)).toEqual({ anexos: 'anexo_obrigatorio' });
    // A draft may be saved without the file; only sending needs it.
    expect(validateRequest(draft({ tipo: 'folha', ...medical }, ABONO), ABONO, { sending: false })).toEqual({});
    expect(validateRequest(draft({ tipo: 'folha', ...medical, anexos: [file] }, ABONO), ABONO)).toEqual({});
    expect(hasErrors(validateRequest(draft({ tipo: 'folha', ...absence }, ABONO), ABONO))).toBe(false);
  });

  it('ignores the absence fields of a type without them', () => {
    expect(validateRequest(draft({ tipoAbono: 'atestado' }), PLAIN)).toEqual({});
  });
});

describe('the request form’s body and the server’s errors', () => {
  it('sends only the fields of the type, the member acted for, and no empty optional date', () => {
    const body = draftBody(draft({ tipo: 'folha', ...absence, dataFim: ' ', labels: ['ti'] }, ABONO), ABONO, 'm01-ana');
    expect(body).toMatchObject({ m01Ukey: 'm01-ana', tipo: 'folha', prioridade: 2, dataReferencia: '2026-11-20', labels: ['ti'] });
    expect(body.dataFim).toBeUndefined();
    expect(body.dataEntrega).toBeUndefined();
    expect(body.ausencia).toMatchObject({ tipoAusenciaDesc: 'Consulta', tipoAbono: 'declaracao', nomeMedico: '' });
    const plain = draftBody(draft({ tipoAbono: 'atestado', dataEntrega: '2026-12-01' }), PLAIN);
    expect(plain.ausencia).toBeUndefined();
    expect(plain.dataEntrega).toBeUndefined();
    expect(plain.m01Ukey).toBeUndefined();
    expect(draftBody(draft({ dataEntrega: '2026-12-01' }, DELIVERY), DELIVERY).dataEntrega).toBe('2026-12-01');
  });

  it('fills the form of a request being edited, without files', () => {
    const values = draftOf(request('r1', { titulo: 'Relatório anual', prioridade: 3, labels: ['ti'] }));
    expect(values).toMatchObject({ tipo: 'relatorio', titulo: 'Relatório anual', prioridade: '3', dataReferencia: '2026-11-20', dataFim: '', labels: ['ti'], anexos: [] });
  });

  it('puts each {type, message} on its field; absence fields, files and the type’s origin too; the rest is general', () => {
    const error = new ApiError(400, 'valor_invalido', [
      { type: 'titulo', message: 'texto_muito_longo' },
      { type: 'ausencia.nomeMedico', message: 'campo_obrigatorio' },
      { type: 'file', message: 'arquivo_invalido' },
      { type: 'origem', message: 'solicitacao_aberta_existente' },
      { type: 'itens[0].quantidade', message: 'valor_invalido' },
      { type: 'request', message: 'solicitacao_em_aprovacao' },
    ]);
    expect(requestErrorsOf(error)).toEqual({
      fields: { titulo: 'texto_muito_longo', nomeMedico: 'campo_obrigatorio', anexos: 'arquivo_invalido', tipo: 'solicitacao_aberta_existente', itens: 'valor_invalido' },
      general: 'solicitacao_em_aprovacao',
    });
    expect(requestErrorsOf(new ApiError(500, 'erro_interno'))).toEqual({ fields: {}, general: 'erro_interno' });
    expect(requestErrorsOf(new TypeError('x'))).toEqual({ fields: {}, general: 'erro_rede' });
  });

  it('a rejection needs a comment; an approval does not', () => {
    expect(decisionCommentRule(' ', true)).toBe('campo_obrigatorio');
    expect(decisionCommentRule('Sem orçamento', true)).toBeNull();
    expect(decisionCommentRule('', false)).toBeNull();
  });
});
