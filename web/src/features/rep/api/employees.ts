import { api } from '@/lib/api';

/** An employee found for the REP registration (the tenant's people listing). */
export interface EmployeeOption {
  id: string;
  nome: string;
  departamento: string;
}

/** The first employees of the tenant matching text (GET rh-app/Colaborador/adm-minha-equipe). */
export async function searchEmployees(text: string, signal?: AbortSignal): Promise<EmployeeOption[]> {
  const page = await api.get<{ data: EmployeeOption[] }>('/api/rh-app/Colaborador/adm-minha-equipe', {
    signal,
    userHash: true,
    query: { searchText: text, page: 1, pageSize: 20 },
  });
  return page.data;
}

/** The answer of PUT /api/rep/employees/:id: the operation written ("" when nothing changed). */
export interface EmployeeRegistration {
  employeeId: string;
  cpf: string;
  operation: 'I' | 'A' | '';
}

/** Includes the employee in the REP-P with their CPF, or alters it (AFD record 5). */
export function registerEmployee(employeeId: string, cpf: string): Promise<EmployeeRegistration> {
  return api.put<EmployeeRegistration>(`/api/rep/employees/${encodeURIComponent(employeeId)}`, { cpf });
}
