import { useState } from 'react';
import { Accordion, ActionIcon, Button, Card, Chip, Group, Select, Stack, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '@/components/ServerError';
import { mapErrorsToFields } from '@/lib/api';
import { translateFieldError } from '@/lib/server-message';
import { faqKeys, faqQueries, removeCategory, removeQuestion, saveCategory, saveQuestion, type FaqQuestion, type QuestionDraft } from '../api/faq';

type QField = 'categoryId' | 'question' | 'answer';
const Q_FIELDS: readonly QField[] = ['categoryId', 'question', 'answer'];
const EMPTY: QuestionDraft = { categoryId: '', question: '', answer: '', rank: 0 };

/**
 * /apps/faq/Faq (tools_012): the FAQ. Employees pick a category and search (accent-insensitive,
 * by word prefixes, on the server's text index); HR admins also add categories and write,
 * edit and remove questions. Answers are HTML the server sanitized (platform/safehtml).
 */
export function FaqPage() {
  const { t } = useTranslation('faq');
  const qc = useQueryClient();
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const { data, error } = useQuery(faqQueries.page(category, q));
  const categories = data?.categories ?? [];
  const questions = data?.questions ?? [];

  const [catName, setCatName] = useState('');
  const [catError, setCatError] = useState<string | undefined>();
  const [editing, setEditing] = useState<string | null | undefined>(undefined); // undefined: no form; null: new
  const [draft, setDraft] = useState<QuestionDraft>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<QField, string>>>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [notice, setNotice] = useState('');
  const [actionError, setActionError] = useState<unknown>(null);

  const refresh = () => qc.invalidateQueries({ queryKey: faqKeys.all });
  const addCategory = useMutation({
    mutationFn: () => saveCategory(null, { name: catName, rank: categories.length }, key),
    onSuccess: async () => {
      await refresh();
      setCatName('');
      setCatError(undefined);
      setKey(crypto.randomUUID());
      setNotice(t('saved'));
    },
    onError: (err) => {
      setCatError(mapErrorsToFields(err, { fields: ['name'] as const, fallback: 'name' }).name);
      setKey(crypto.randomUUID());
    },
  });
  const dropCategory = useMutation({
    mutationFn: (id: string) => removeCategory(id, crypto.randomUUID()),
    onSuccess: async () => {
      await refresh();
      setCategory('');
      setNotice(t('removed'));
    },
    onError: setActionError,
  });
  const save = useMutation({
    mutationFn: () => saveQuestion(editing ?? null, draft, key),
    onSuccess: async () => {
      await refresh();
      setEditing(undefined);
      setNotice(t('saved'));
    },
    onError: (err) => {
      setFieldErrors(mapErrorsToFields(err, { fields: Q_FIELDS, fallback: 'question', aliases: { category: 'categoryId' } }));
      setKey(crypto.randomUUID()); // a corrected form is a new command
    },
  });
  const drop = useMutation({
    mutationFn: (id: string) => removeQuestion(id, crypto.randomUUID()),
    onSuccess: async () => {
      await refresh();
      setNotice(t('removed'));
    },
    onError: setActionError,
  });

  const open = (item: FaqQuestion | null) => {
    setEditing(item ? item.id : null);
    setDraft(item ? { categoryId: item.categoryId, question: item.question, answer: item.answer, rank: item.rank } : { ...EMPTY, categoryId: category });
    setFieldErrors({});
    setKey(crypto.randomUUID());
    setNotice('');
    setActionError(null);
  };
  const err = (f: QField) => translateFieldError(fieldErrors[f]);
  const nameOf = (id: string) => categories.find((c) => c.id === id)?.name ?? '';

  return (
    <Stack gap="md" data-testid="faq-page">
      <Group justify="space-between">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        {data?.canEdit && (
          <Button onClick={() => open(null)} data-testid="faq-new-question" disabled={categories.length === 0}>
            {t('newQuestion')}
          </Button>
        )}
      </Group>
      {error && <ServerError error={error} />}
      {actionError != null && <ServerError error={actionError} />}
      {notice && (
        <Text c="teal" data-testid="faq-notice" role="status">
          {notice}
        </Text>
      )}
      <TextInput
        label={t('search')}
        placeholder={t('searchHint')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={200}
        data-testid="faq-search"
      />
      <Chip.Group multiple={false} value={category} onChange={(v) => setCategory(v === category ? '' : v)}>
        <Group gap="xs" data-testid="faq-categories">
          <Chip value="">{t('all')}</Chip>
          {categories.map((c) => (
            <Chip key={c.id} value={c.id} data-testid="faq-category" data-name={c.name}>
              {c.name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {data?.canEdit && (
        <Card withBorder padding="sm">
          <Group align="flex-end">
            <TextInput
              label={t('newCategory')}
              value={catName}
              onChange={(e) => setCatName(e.currentTarget.value)}
              error={translateFieldError(catError)}
              maxLength={120}
              data-testid="faq-category-name"
            />
            <Button variant="light" onClick={() => addCategory.mutate()} loading={addCategory.isPending} data-testid="faq-category-add">
              {t('addCategory')}
            </Button>
            {category && (
              <Button variant="subtle" color="red" onClick={() => dropCategory.mutate(category)} data-testid="faq-category-remove">
                {t('removeCategory', { name: nameOf(category) })}
              </Button>
            )}
          </Group>
        </Card>
      )}
      {editing !== undefined && (
        <Card withBorder padding="md" data-testid="faq-form">
          <Stack gap="sm">
            <Select
              label={t('category')}
              data={categories.map((c) => ({ value: c.id, label: c.name }))}
              value={draft.categoryId || null}
              onChange={(v) => setDraft({ ...draft, categoryId: v ?? '' })}
              error={err('categoryId')}
              data-testid="faq-form-category"
            />
            <TextInput
              label={t('question')}
              value={draft.question}
              onChange={(e) => setDraft({ ...draft, question: e.currentTarget.value })}
              error={err('question')}
              maxLength={255}
              data-testid="faq-form-question"
            />
            <Textarea
              label={t('answer')}
              description={t('answerHint')}
              value={draft.answer}
              onChange={(e) => setDraft({ ...draft, answer: e.currentTarget.value })}
              error={err('answer')}
              autosize
              minRows={4}
              data-testid="faq-form-answer"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(undefined)}>
                {t('cancel')}
              </Button>
              <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="faq-form-save">
                {t('save')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {questions.length === 0 && (
        <Text c="dimmed" data-testid="faq-empty">
          {q ? t('noMatch') : t('empty')}
        </Text>
      )}
      <Accordion variant="separated" data-testid="faq-list">
        {questions.map((item) => (
          <Accordion.Item key={item.id} value={item.id} data-testid="faq-item" data-question={item.question}>
            <Accordion.Control>
              <Text fw={600}>{item.question}</Text>
              <Text size="xs" c="dimmed">
                {nameOf(item.categoryId)}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              {/* The server sanitized the answer with its allow-list (platform/safehtml). */}
              <div className="faq-answer" data-testid="faq-answer" dangerouslySetInnerHTML={{ __html: item.answer }} />
              {data?.canEdit && (
                <Group gap={4} justify="flex-end">
                  <Tooltip label={t('edit')}>
                    <ActionIcon variant="subtle" aria-label={t('edit')} onClick={() => open(item)} data-testid="faq-edit">
                      ✎
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('remove')}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('remove')} onClick={() => drop.mutate(item.id)} data-testid="faq-remove">
                      ×
                    </ActionIcon>
                  </Tooltip>
                </Group>
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
