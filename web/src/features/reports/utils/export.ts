import { saveBlob } from '@/lib/download';

/** A column of an exported table: its translated header and how to read a row's cell. */
export interface Column<T> {
  key: string;
  label: string;
  value: (row: T) => string | number | null;
}

/** The fields of T a table can show as they are (text, numbers, or nothing). */
type CellField<T> = { [F in keyof T]: T[F] extends string | number | null ? F : never }[keyof T] & string;

/** Columns showing rows' fields as they are, in the order given: field → translated header. */
export function fieldColumns<T>(labels: Partial<Record<CellField<T>, string>>): Column<T>[] {
  return (Object.entries(labels) as [CellField<T>, string][]).map(([key, label]) => ({
    key,
    label,
    value: (row: T) => row[key] as string | number | null,
  }));
}

function csvCell(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",;\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The table as CSV (RFC 4180, comma-separated, CRLF), headers first. */
export function toCsv<T>(columns: Column<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.label)).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(c.value(r))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** Downloads the table as name.csv (UTF-8 with a BOM, so spreadsheets read the accents). */
export function downloadCsv<T>(name: string, columns: Column<T>[], rows: T[]): void {
  saveBlob(new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
}

/** Downloads the table as name.xlsx (one sheet; numbers stay numbers). */
export async function downloadXlsx<T>(name: string, columns: Column<T>[], rows: T[]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = columns.map((c) => ({ value: c.label, fontWeight: 'bold' as const }));
  const body = rows.map((r) =>
    columns.map((c) => {
      const v = c.value(r);
      if (v === null) return null;
      return typeof v === 'number' ? { type: Number, value: v } : { type: String, value: v };
    }),
  );
  const blob = await writeXlsxFile([header, ...body], { sheet: name.slice(0, 31) }).toBlob();
  saveBlob(blob, `${name}.xlsx`);
}
