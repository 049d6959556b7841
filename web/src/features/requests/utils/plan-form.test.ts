import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import type { RequestDraft, RequestType } from '../api/types';
import { request } from '../test-data';
import { APPORTIONMENT_SUM, draftBody, draftOf, emptyDraft, hundredths, requestErrorsOf, validateRequest } from './request-form';

const COMPRA: RequestType = { origem: 3, tipo: 'compra', descricao: 'request_type_compra', entrega: true, ausencia: false };
const PLAIN: RequestType = { origem: 2, tipo: 'relatorio', descricao: 'request_type_relatorio', entrega: false, ausencia: false };

const cc = { id: 'cc-1', code: 'CC1', description: 'Vendas' };
const rc = { id: 'rc-1', code: 'CR1', description: 'Loja' };

function draft(over: Partial<RequestDraft> = {}, type: RequestType = COMPRA): RequestDraft {
  return { ...emptyDraft(), tipo: type.tipo, titulo: 'Notebook', motivo: 'Trabalho', comentario: 'x', dataReferencia: '2026-11-20', ...over };
}

describe('the other lookups, instalments and cost split of a request', () => {
  it('sends the chosen lookups by id, the instalments of a purchase and the split', () => {
    const body = draftBody(
      draft({
        centroResultado: rc,
        unidadeNegocio: { id: 'bu-1', description: 'Matriz' },
        cargo: { id: 'p-1', description: 'Analista' },
        funcao: { id: 'f-1', description: 'Compras' },
        unidadeMedida: { id: 'u-1', code: 'UN', description: 'Unidade' },
        parcelas: [{ vencimento: '2026-12-10', valor: '100,5' }],
        rateio: [
          { tipo: 'custo', centro: cc, percentual: '60' },
          { tipo: 'resultado', centro: rc, percentual: '40' },
        ],
      }),
      COMPRA,
    );
    expect(body).toMatchObject({
      centroResultado: 'rc-1',
      unidadeNegocio: 'bu-1',
      cargo: 'p-1',
      funcao: 'f-1',
      unidadeMedida: 'u-1',
      parcelas: [{ vencimento: '2026-12-10', valor: '100.5' }],
      rateio: [
        { tipo: 'custo', centroId: 'cc-1', percentual: '60' },
        { tipo: 'resultado', centroId: 'rc-1', percentual: '40' },
      ],
    });
  });

  it('leaves out instalments on a type that is not a purchase, and empty lists', () => {
    const body = draftBody(draft({ tipo: 'relatorio', parcelas: [{ vencimento: '2026-12-10', valor: '10' }] }, PLAIN), PLAIN);
    expect(body.parcelas).toBeUndefined();
    expect(body.rateio).toBeUndefined();
    expect(body.cargo).toBeUndefined();
  });

  it('refuses a split that does not add up to 100 % or has no centre, before any call', () => {
    expect(validateRequest(draft({ rateio: [{ tipo: 'custo', centro: cc, percentual: '90' }] }), COMPRA).rateio).toBe(APPORTIONMENT_SUM);
    expect(validateRequest(draft({ rateio: [{ tipo: 'custo', centro: null, percentual: '100' }] }), COMPRA).rateio).toBe('valor_invalido');
    expect(
      validateRequest(
        draft({
          rateio: [
            { tipo: 'custo', centro: cc, percentual: '33,33' },
            { tipo: 'resultado', centro: rc, percentual: '66.67' },
          ],
        }),
        COMPRA,
      ).rateio,
    ).toBeUndefined();
  });

  it('refuses an instalment without a valid date or amount, or due before the reference date', () => {
    expect(validateRequest(draft({ parcelas: [{ vencimento: '2026-12-10', valor: '1,234' }] }), COMPRA).parcelas).toBe('valor_invalido');
    expect(validateRequest(draft({ parcelas: [{ vencimento: '2026-12-10', valor: '0' }] }), COMPRA).parcelas).toBe('valor_invalido');
    expect(validateRequest(draft({ parcelas: [{ vencimento: '2026-11-01', valor: '10' }] }), COMPRA).parcelas).toBe('data_fora_intervalo');
    expect(validateRequest(draft({ parcelas: [{ vencimento: '2026-12-10', valor: '10' }] }), COMPRA).parcelas).toBeUndefined();
  });

  it('reads decimals typed with a comma or a point, two places at most', () => {
    expect(hundredths('12,5')).toBe(1250);
    expect(hundredths('0.01')).toBe(1);
    expect(hundredths('1.234')).toBeUndefined();
    expect(hundredths('abc')).toBeUndefined();
  });

  it('puts the server refusals of the split and instalments on their fields', () => {
    const err = new ApiError(400, 'x', [
      { type: 'rateio', message: APPORTIONMENT_SUM },
      { type: 'parcelas.valor', message: 'valor_invalido' },
      { type: 'cargo', message: 'valor_invalido' },
    ]);
    expect(requestErrorsOf(err).fields).toMatchObject({ rateio: APPORTIONMENT_SUM, parcelas: 'valor_invalido', cargo: 'valor_invalido' });
  });

  it('fills the edit form from a request with them', () => {
    const d = draftOf({
      ...request('r-1'),
      cargo: { id: 'p-1', description: 'Analista' },
      parcelas: [{ numero: 1, vencimento: '2026-12-10', valor: '100.50' }],
      rateio: [{ tipo: 'custo', centro: cc, percentual: 100 }],
    });
    expect(d.cargo?.id).toBe('p-1');
    expect(d.parcelas).toEqual([{ vencimento: '2026-12-10', valor: '100.50' }]);
    expect(d.rateio).toEqual([{ tipo: 'custo', centro: cc, percentual: '100' }]);
  });
});
