import { ActionIcon, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type QuestionType, type SurveyKind } from '../api/types';
import type { SurveyFormValues } from '../utils/survey-form';

/** The bounds of a numeric question with their captions. */
const BOUNDS = [
  ['oa9_020_c', 'create.min'],
  ['oa9_021_c', 'create.max'],
] as const;

interface QuestionDraftFieldsProps {
  form: UseFormReturnType<SurveyFormValues>;
  kind: SurveyKind;
  index: number;
}

/**
 * One question of a new survey: title, type, dimension, whether it is required, the bounds of
 * a number and the options of a choice. The eNPS rating (the first question of an eNPS) keeps
 * its type and bounds and cannot be removed.
 */
export function QuestionDraftFields({ form, kind, index: i }: QuestionDraftFieldsProps) {
  const { t } = useTranslation('surveys');
  const q = form.values.perguntas[i];
  const path = (field: keyof SurveyFormValues['perguntas'][number]) => `perguntas.${i}.${field}`;
  const rating = kind === 'enps' && i === 0;
  const titleError = form.errors[path('oa9_003_m')];
  return (
    <Paper withBorder p="sm" data-testid="create-question">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {t('create.question', { n: i + 1 })}
        </Text>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('create.remove')}
          disabled={form.values.perguntas.length === 1 || rating}
          onClick={() => form.removeListItem('perguntas', i)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
      <Stack gap="xs">
        <TextInput
          label={t('create.questionTitle')}
          required
          {...form.getInputProps(path('oa9_003_m'))}
          error={titleError ? t(`validation.${String(titleError)}` as 'validation.valor_invalido') : undefined}
          data-testid="create-question-title"
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('create.type')}
            value={String(q.oa9_004_n)}
            allowDeselect={false}
            disabled={rating}
            data={QUESTION_TYPES.map((ty) => ({ value: String(ty), label: t(`types.${ty}`) }))}
            onChange={(v) => v && form.setFieldValue(path('oa9_004_n'), Number(v) as QuestionType)}
            data-testid="create-question-type"
          />
          <TextInput label={t('create.dimension')} maxLength={255} {...form.getInputProps(path('oa9_001_c'))} />
          <Checkbox
            mt="xl"
            label={t('create.required')}
            checked={q.oa9_022_n === 1 || q.oa9_004_n === 8}
            disabled={q.oa9_004_n === 8}
            onChange={(e) => form.setFieldValue(path('oa9_022_n'), e.currentTarget.checked ? 1 : 0)}
          />
        </SimpleGrid>
        {(q.oa9_004_n === 1 || q.oa9_004_n === 5) && (
          <SimpleGrid cols={2}>
            {BOUNDS.map(([field, label]) => (
              <TextInput key={field} label={t(label)} inputMode="decimal" disabled={rating} {...form.getInputProps(path(field))} />
            ))}
          </SimpleGrid>
        )}
        {q.oa9_004_n === 8 && (
          <TextInput label={t('create.options')} description={t('create.optionsHint')} {...form.getInputProps(path('oa9_007_m'))} />
        )}
      </Stack>
    </Paper>
  );
}
