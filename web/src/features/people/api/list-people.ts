import { api } from '@/lib/api';
import type { Page, PageQuery, PersonRow, TeamType } from './types';

const PATHS: Record<TeamType, string> = {
  gestor: '/api/rh-app/Colaborador/gestor-minha-equipe',
  adm: '/api/rh-app/Colaborador/adm-minha-equipe',
  all: '/api/rh-app/Colaborador/minha-equipe',
};

/**
 * GET rh-app/Colaborador/{gestor-minha-equipe | adm-minha-equipe | minha-equipe} (spec §7):
 * a page of the listing of that type; `departamento` narrows it to one department (the
 * drill-down dialog).
 */
export function listPeople(type: TeamType, q: PageQuery, departamento?: string, signal?: AbortSignal): Promise<Page<PersonRow>> {
  return api.get<Page<PersonRow>>(PATHS[type], {
    signal,
    userHash: true,
    query: {
      searchText: q.searchQuery,
      orderBy: q.orderBy,
      orderDescending: q.orderDescending,
      page: q.page,
      pageSize: q.pageSize,
      departamento,
    },
  });
}
