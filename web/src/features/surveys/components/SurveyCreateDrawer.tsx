import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Drawer,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { localDateKey } from '@/lib/datetime';
import { createSurvey } from '../api/create-survey';
import { QUESTION_TYPES, type QuestionDraft, type QuestionType, type SurveyKind } from '../api/types';
import { blankQuestion, cleanQuestion, initialQuestions } from '../utils/draft';
import { AudienceFields, type Audience } from './AudienceFields';
import { SURVEY_DRAWER, surveyDrawerSize } from '../utils/drawer';

interface SurveyCreateDrawerProps {
  kind: SurveyKind;
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}

/**
 * HR's form to create a survey of a kind for the whole tenant, with its validity period and
 * questions of every dynamic type (issue 6). The server checks everything again; its field
 * errors ("perguntas[2]", "fim", ...) are shown beside the fields they name.
 */
export function SurveyCreateDrawer({ kind, opened, onClose, onCreated }: SurveyCreateDrawerProps) {
  const { t } = useTranslation('surveys');
  const { width } = useViewportSize();
  const today = new Date();
  const [title, setTitle] = useState('');
  const [details, setDetails] = useState('');
  const [start, setStart] = useState(localDateKey(today));
  const [end, setEnd] = useState(localDateKey(new Date(today.getTime() + 30 * 86_400_000)));
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => initialQuestions(kind, t('create.ratingTitle')));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [audience, setAudience] = useState<Audience>({ todos: kind !== '360' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setQuestions(initialQuestions(kind, t('create.ratingTitle')));
      setErrors({});
      setAudience({ todos: kind !== '360' });
    }
  }, [opened, kind, t]);

  const update = (i: number, patch: Partial<QuestionDraft>) =>
    setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const err = (field: string) => (errors[field] ? t(`validation.${errors[field]}` as 'validation.valor_invalido') : undefined);

  async function submit() {
    setBusy(true);
    setErrors({});
    try {
      await createSurvey({
        tipo: kind,
        descricao: title,
        detalhes: details,
        inicio: start,
        fim: end,
        publico: audience,
        perguntas: questions.map(cleanQuestion),
      });
      setTitle('');
      setDetails('');
      onCreated();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length > 0) {
        setErrors(Object.fromEntries(e.errors.map((x) => [x.type, x.message])));
      } else {
        setErrors({ form: 'erro_rede' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={surveyDrawerSize(width || SURVEY_DRAWER.small)}
      styles={{ content: { maxWidth: SURVEY_DRAWER.max } }}
      title={t('create.title', { kind: t(`kinds.${kind}`) })}
      data-testid="survey-create-drawer"
    >
      <Stack gap="sm">
        <TextInput
          label={t('create.name')}
          required
          maxLength={255}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={err('descricao')}
          data-testid="create-title"
        />
        <Textarea label={t('create.details')} rows={3} value={details} onChange={(e) => setDetails(e.currentTarget.value)} />
        <SimpleGrid cols={2}>
          <TextInput type="date" label={t('create.start')} value={start} onChange={(e) => setStart(e.currentTarget.value)} error={err('inicio')} />
          <TextInput type="date" label={t('create.end')} value={end} onChange={(e) => setEnd(e.currentTarget.value)} error={err('fim')} />
        </SimpleGrid>
        <AudienceFields is360={kind === '360'} value={audience} onChange={setAudience} />
        {err('publico') && <Alert color="red">{err('publico')}</Alert>}
        {err('perguntas') && <Alert color="red">{err('perguntas')}</Alert>}
        {questions.map((q, i) => (
          <Paper key={i} withBorder p="sm" data-testid="create-question">
            <Group justify="space-between" mb="xs">
              <Text fw={600} size="sm">
                {t('create.question', { n: i + 1 })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('create.remove')}
                disabled={questions.length === 1 || (kind === 'enps' && i === 0)}
                onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Stack gap="xs">
              <TextInput
                label={t('create.questionTitle')}
                required
                value={q.oa9_003_m}
                onChange={(e) => update(i, { oa9_003_m: e.currentTarget.value })}
                error={err(`perguntas[${i}]`)}
                data-testid="create-question-title"
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Select
                  label={t('create.type')}
                  value={String(q.oa9_004_n)}
                  allowDeselect={false}
                  disabled={kind === 'enps' && i === 0}
                  data={QUESTION_TYPES.map((ty) => ({ value: String(ty), label: t(`types.${ty}`) }))}
                  onChange={(v) => v && update(i, { oa9_004_n: Number(v) as QuestionType })}
                  data-testid="create-question-type"
                />
                <TextInput
                  label={t('create.dimension')}
                  value={q.oa9_001_c}
                  maxLength={255}
                  onChange={(e) => update(i, { oa9_001_c: e.currentTarget.value })}
                />
                <Checkbox
                  mt="xl"
                  label={t('create.required')}
                  checked={q.oa9_022_n === 1 || q.oa9_004_n === 8}
                  disabled={q.oa9_004_n === 8}
                  onChange={(e) => update(i, { oa9_022_n: e.currentTarget.checked ? 1 : 0 })}
                />
              </SimpleGrid>
              {(q.oa9_004_n === 1 || q.oa9_004_n === 5) && (
                <SimpleGrid cols={2}>
                  <TextInput
                    label={t('create.min')}
                    inputMode="decimal"
                    value={q.oa9_020_c}
                    disabled={kind === 'enps' && i === 0}
                    onChange={(e) => update(i, { oa9_020_c: e.currentTarget.value })}
                  />
                  <TextInput
                    label={t('create.max')}
                    inputMode="decimal"
                    value={q.oa9_021_c}
                    disabled={kind === 'enps' && i === 0}
                    onChange={(e) => update(i, { oa9_021_c: e.currentTarget.value })}
                  />
                </SimpleGrid>
              )}
              {q.oa9_004_n === 8 && (
                <TextInput
                  label={t('create.options')}
                  description={t('create.optionsHint')}
                  value={q.oa9_007_m}
                  onChange={(e) => update(i, { oa9_007_m: e.currentTarget.value })}
                />
              )}
            </Stack>
          </Paper>
        ))}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}>
          {t('create.addQuestion')}
        </Button>
        {errors.form && <Alert color="red">{t('saveFailed')}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('create.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="create-submit">
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
