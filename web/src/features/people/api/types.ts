import type { Emo } from '@/lib/mood-levels';

// Shapes of the team and colleague calls (spec portal-business §3, §7; docs/api.md "People").

/** Which list the team listing reads (spec §2: gestor is the default). */
export type TeamType = 'gestor' | 'adm' | 'all';

/** The sort fields of the listings (orderBy). */
export const ORDER_FIELDS = ['nome', 'cargo', 'departamento', 'unidade', 'admissao', 'codigo'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

/** One employee of a listing: the avatar card (codigo, nome, picture, id, emo, title) and its columns. */
export interface PersonRow {
  id: string;
  codigo?: string;
  nome: string;
  email: string;
  title: string;
  departamento: string;
  departamentoId: string;
  unidade: string;
  admissao?: string;
  aniversario?: string;
  status?: 'active' | 'away' | 'inactive';
  picture: string;
  emo?: Emo | null;
}

/** A page of a paged call (spec §7: data, currentPage, pageSize, totalPages, totalCount, hasNext). */
export interface Page<T> {
  data: T[];
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
  hasNext: boolean;
}

/** What a paged loader is called with (spec §7 drill-down: searchQuery, orderBy, orderDescending, page, pageSize). */
export interface PageQuery {
  searchQuery: string;
  orderBy: OrderField;
  orderDescending: boolean;
  page: number;
  pageSize: number;
}

/** A reason with its dates (the card's status, ferias, afastamento). */
export interface Span {
  motivo: string;
  inicio?: string;
  fim?: string;
}

/** GET colaborador/cartao-apresentacao (spec §3 Colleague card). */
export interface ColleagueCard {
  id: string;
  nome: string;
  email: string;
  unidade: string;
  cargo: string;
  departamento: string;
  inicio: string;
  Fone?: string;
  picture: string;
  status?: Span;
  ferias?: Span;
  afastamento?: Span;
  tellMeMore: { id: string; pergunta: string; resposta: string }[];
  emo?: Emo | null;
}

/** One entry of GET colaborador/escala (spec §3 Schedule entry, array 1015). */
export interface ScheduleEntry {
  inicio: string;
  fim: string;
  /** 1 work day, 2 weekly rest, 3 holiday, 4 vacation, 5 leave. */
  array_1015: number;
  label: string;
  nome?: string;
  /** The calendar event's status: 1 pending, 2 blocked, other approved. */
  status: number;
}
