// The planning form's fields and what the browser checks before sending: that each is given.
// The vacation rules (5 to 30 days, the start rules) live on the server only; its refusal is
// shown under the form (errors.*).

export interface PlanValues {
  member: string | null;
  /** YYYY-MM-DD, '' until picked. */
  start: string;
  days: number;
}

/** The days field's bounds (a period is at most 30 days, CLT art. 130). */
export const PLAN_DAYS = { min: 1, max: 30 } as const;

export const planInitial: PlanValues = { member: null, start: '', days: 15 };

/** Each field's error key (namespace vacations), or null when it is fine. */
export const planRules = {
  member: (v: string | null) => (v ? null : 'errors.campo_obrigatorio'),
  start: (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : v ? 'errors.data_invalida' : 'errors.campo_obrigatorio'),
  days: (v: number | string) => (Number(v) >= PLAN_DAYS.min ? null : 'errors.campo_obrigatorio'),
};
