/** Minutes as HH:MM (negative with a sign). */
export function hhmm(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const m = Math.abs(Math.round(minutes));
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A mark's time of day in São Paulo (the tenant's clock). */
export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'America/Sao_Paulo' }).format(new Date(iso));
}

/** The month before today's, YYYY-MM (the one usually read and signed). */
export function previousMonth(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The last 24 months, newest first, YYYY-MM. */
export function recentMonths(today = new Date(), count = 24): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** Whether a mark is not the employee's own punch as made: added or moved by an adjustment, or HR's. */
export function changedMark(m: { at: string; registeredAt?: string | null; requestId?: string | null; byHr?: boolean }): boolean {
  return Boolean(m.byHr || m.requestId || !m.registeredAt || new Date(m.registeredAt).getTime() !== new Date(m.at).getTime());
}

/** A CNPJ's 14 digits as people read them (12.345.678/0001-95); anything else as it is. */
export function cnpj(digits: string): string {
  const m = /^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/.exec(digits);
  return m ? `${m[1]}.${m[2]}.${m[3]}/${m[4]}-${m[5]}` : digits;
}
