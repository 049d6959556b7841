import { useEffect, useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isoToText, maskDate, textToIso } from '../utils/date-text';

interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** YYYY-MM-DD, or the text typed so far while it is not a full date. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A date typed as dd/MM/yyyy (spec §5). It hands back YYYY-MM-DD once complete, else the text
 * as typed, which the form's rules then call an invalid date.
 */
export function DateField({ value, onChange, ...props }: DateFieldProps) {
  const { t } = useTranslation('requests');
  const [text, setText] = useState(() => isoToText(value));
  // A value set from outside (the form filled for editing, or reset) replaces the text.
  useEffect(() => {
    setText((t) => (t === value || textToIso(t) === value ? t : isoToText(value)));
  }, [value]);
  return (
    <TextInput
      {...props}
      inputMode="numeric"
      placeholder={t('datePlaceholder')}
      maxLength={10}
      value={text}
      onChange={(e) => {
        const next = maskDate(e.currentTarget.value);
        setText(next);
        onChange(textToIso(next) ?? next);
      }}
    />
  );
}
