// The development plan calls (docs/api.md "PDI").

/** An action of a development plan. */
export interface PdiAction {
  id: string;
  titulo: string;
  prazo: string | null;
  oa8Ukey: string | null;
  avaliacao: string;
  concluida: boolean;
  criadaEm: string;
  concluidaEm: string | null;
}
