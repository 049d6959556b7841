import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/DateField';
import { useCommand } from '@/lib/query';
import { createSurvey } from '../api/create-survey';
import { surveyKeys } from '../api/keys';
import type { SurveyKind } from '../api/types';
import { blankQuestion } from '../utils/draft';
import { serverErrors, surveyDraft, surveyInitial, surveyRules, type SurveyFormValues } from '../utils/survey-form';
import { AudienceFields } from './AudienceFields';
import { QuestionDraftFields } from './QuestionDraftFields';
import { SurveyDrawer } from './SurveyDrawer';

interface SurveyCreateDrawerProps {
  kind: SurveyKind;
  opened: boolean;
  /** Closes the drawer (also once the survey is created: the lists reload by themselves). */
  onClose: () => void;
}

/**
 * HR's form to create a survey of a kind for the whole tenant, with its validity period and
 * questions of every dynamic type (issue 6). Each opening starts a new form. The server checks
 * everything again; its field errors ("perguntas[2]", "fim", ...) are shown beside the fields
 * they name.
 */
export function SurveyCreateDrawer({ kind, opened, onClose }: SurveyCreateDrawerProps) {
  const { t } = useTranslation('surveys');
  return (
    <SurveyDrawer opened={opened} onClose={onClose} title={t('create.title', { kind: t(`kinds.${kind}`) })} data-testid="survey-create-drawer">
      <SurveyCreateForm kind={kind} onDone={onClose} />
    </SurveyDrawer>
  );
}

function SurveyCreateForm({ kind, onDone }: { kind: SurveyKind; onDone: () => void }) {
  const { t } = useTranslation('surveys');
  const form = useForm<SurveyFormValues>({ initialValues: surveyInitial(kind, t('create.ratingTitle')), validate: surveyRules });
  const create = useCommand(createSurvey, {
    invalidates: [surveyKeys.all],
    onSuccess: onDone,
    onError: (e) => form.setErrors(serverErrors(e)),
  });
  const err = (field: string) => {
    const key = form.errors[field];
    return key ? t(`validation.${String(key)}` as 'validation.valor_invalido') : undefined;
  };

  return (
    <form noValidate onSubmit={form.onSubmit((v) => create.mutate(surveyDraft(kind, v)))}>
      <Stack gap="sm">
        <TextInput
          label={t('create.name')}
          required
          maxLength={255}
          {...form.getInputProps('descricao')}
          error={err('descricao')}
          data-testid="create-title"
        />
        <Textarea label={t('create.details')} rows={3} {...form.getInputProps('detalhes')} />
        <SimpleGrid cols={2}>
          <DateField label={t('create.start')} value={form.values.inicio} onChange={(v) => form.setFieldValue('inicio', v)} error={err('inicio')} />
          <DateField label={t('create.end')} value={form.values.fim} onChange={(v) => form.setFieldValue('fim', v)} error={err('fim')} />
        </SimpleGrid>
        <AudienceFields is360={kind === '360'} value={form.values.publico} onChange={(a) => form.setFieldValue('publico', a)} />
        {(['publico', 'perguntas'] as const).map((field) => err(field) && <Alert key={field} color="red">{err(field)}</Alert>)}
        {form.values.perguntas.map((_, i) => (
          <QuestionDraftFields key={i} form={form} kind={kind} index={i} />
        ))}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('perguntas', blankQuestion())}>
          {t('create.addQuestion')}
        </Button>
        {form.errors.form && <Alert color="red">{t('saveFailed')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('create.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="create-submit">
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
