// Server errors on the request form (spec §5: "server field errors attach to matching
// fields"): each {type, message} of the answer lands on the form field `type` names. The
// absence fields may come as `ausencia.<field>`; an uploaded file's errors (`file`) belong to
// the attachments. What names no field is the form's general message.
import { ApiError } from '@/lib/api';
import type { RequestErrors, RequestField } from './validation';

const FIELDS: readonly RequestField[] = [
  'tipo',
  'titulo',
  'motivo',
  'comentario',
  'prioridade',
  'dataReferencia',
  'dataEntrega',
  'dataInicio',
  'dataFim',
  'tipoAusenciaDesc',
  'tipoAbono',
  'nomeMedico',
  'tpRegistro',
  'registro',
  'cidDesc',
  'ufRegistroDesc',
  'inicioAbono',
  'fimAbono',
  'anexos',
  'itens',
];

const ALIASES: Record<string, RequestField> = { file: 'anexos', origem: 'tipo' };

function fieldOf(type: string): RequestField | undefined {
  if (type === 'itens' || type.startsWith('itens.') || type.startsWith('itens[')) return 'itens';
  const name = type.startsWith('ausencia.') ? type.slice('ausencia.'.length) : type;
  if (ALIASES[name]) return ALIASES[name];
  return (FIELDS as readonly string[]).includes(name) ? (name as RequestField) : undefined;
}

/** The field errors and the general message (an i18n key) of a failed command. */
export function requestErrorsOf(error: unknown): { fields: RequestErrors; general?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, general: 'erro_rede' };
  const fields: RequestErrors = {};
  let general: string | undefined;
  for (const item of error.errors) {
    const field = fieldOf(item.type);
    const message = item.message || error.message;
    if (field) {
      if (fields[field] === undefined) fields[field] = message;
    } else if (general === undefined) {
      general = message;
    }
  }
  if (error.errors.length === 0) general = error.message;
  return { fields, general };
}
