import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import 'dayjs/locale/pt-br';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';

/** dayjs locale and the typed format of each app language. */
const FORMATS: Record<string, { locale: string; format: string }> = {
  pt: { locale: 'pt-br', format: 'DD/MM/YYYY' },
  es: { locale: 'es', format: 'DD/MM/YYYY' },
  en: { locale: 'en', format: 'MM/DD/YYYY' },
};

/**
 * Reads a typed date: ISO (YYYY-MM-DD) or the language's own order (DD/MM/YYYY; MM/DD/YYYY in
 * en). Answers YYYY-MM-DD, or null for anything that is not a real day.
 */
export function parseTypedDate(text: string, language: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local && language === 'en') [y, m, d] = [Number(local[3]), Number(local[1]), Number(local[2])];
  else if (local) [y, m, d] = [Number(local[3]), Number(local[2]), Number(local[1])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'locale' | 'valueFormat' | 'dateParser'> & {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A plain date input (Mantine's DateInput): a calendar to pick from, or a date typed in the
 * language's order or as YYYY-MM-DD. Values are YYYY-MM-DD strings.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { i18n } = useTranslation();
  const { locale, format } = FORMATS[i18n.language] ?? FORMATS.pt;
  return (
    <DateInput
      {...props}
      locale={locale}
      valueFormat={format}
      dateParser={(text) => parseTypedDate(text, i18n.language)}
      value={value || null}
      onChange={(v) => onChange(v ? String(v).slice(0, 10) : '')}
    />
  );
}
