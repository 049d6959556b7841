import { Alert, Group, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import type { SurveyQuestion } from '../api/types';
import { configValid, MULTILINE_MAX, optionList, TEXT_MAX } from '../utils/answers';

interface QuestionFieldProps {
  question: SurveyQuestion;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/** One dynamic-form field by type (spec §3 types 0, 1, 2, 5, 6, 8, 11). */
export function QuestionField({ question: q, value, onChange, error, disabled }: QuestionFieldProps) {
  const { t } = useTranslation('surveys');
  if (!configValid(q)) {
    return (
      <Alert color="red" data-testid="question-bad-config">
        {t('validation.configuracao_invalida')}
      </Alert>
    );
  }
  const label = q.oa9_003_m;
  const required = q.oa9_022_n === 1 || q.oa9_004_n === 8;
  const common = { label, required, error: error ?? undefined, disabled, 'data-testid': 'question-input' };
  switch (q.oa9_004_n) {
    case 1:
    case 5:
      return (
        <TextInput
          {...common}
          inputMode={q.oa9_004_n === 1 ? 'numeric' : 'decimal'}
          description={rangeText(q, t)}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 2:
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Group mt="xs">
            <Radio value="true" label={t('answer.yes')} data-testid="answer-yes" disabled={disabled} />
            <Radio value="false" label={t('answer.no')} data-testid="answer-no" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 6:
      return <DateField {...common} value={value} onChange={onChange} />;
    case 8:
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Stack mt="xs" gap="xs">
            {optionList(q).map((o) => (
              <Radio key={o} value={o} label={o} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 11:
      return (
        <Textarea
          {...common}
          rows={4}
          maxLength={MULTILINE_MAX}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return <TextInput {...common} maxLength={TEXT_MAX} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

function rangeText(q: SurveyQuestion, t: (k: 'answer.range' | 'answer.min' | 'answer.max', o?: Record<string, string>) => string) {
  const min = (q.oa9_020_c ?? '').trim();
  const max = (q.oa9_021_c ?? '').trim();
  if (min && max) return t('answer.range', { min, max });
  if (min) return t('answer.min', { min });
  if (max) return t('answer.max', { max });
  return undefined;
}
