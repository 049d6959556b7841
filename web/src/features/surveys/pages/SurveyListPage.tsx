import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartBar, IconPlus, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useLanguageStore } from '@/lib/language-store';
import { useCommand } from '@/lib/query';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { closeSurvey } from '../api/close-survey';
import type { ListPath } from '../api/get-survey-list';
import { surveyKeys } from '../api/keys';
import { surveyQueries } from '../api/queries';
import type { SurveyKind, SurveyOrder } from '../api/types';
import { FilterControl } from '../components/FilterControl';
import { formatDay } from '../components/PendingSurveysDrawer';
import { SurveyCreateDrawer } from '../components/SurveyCreateDrawer';
import { SurveyResultsDrawer } from '../components/SurveyResultsDrawer';
import { isHR } from '../utils/roles';
import { listPath, parseListPath } from '../utils/route';

interface SurveyListPageProps {
  kind: SurveyKind;
  /** The route's base path, e.g. /apps/pesquisa/nps. */
  base: string;
  /** The list call (enps, clima, enquete, resultados-360). */
  path: ListPath;
}

/**
 * A survey list (spec §2 "Surveys"): folder all, filters ongoing (0) and finished (2),
 * search, ordering and direction; a row opens the results dashboard drawer. HR also
 * creates and closes surveys here.
 */
export function SurveyListPage({ kind, base, path }: SurveyListPageProps) {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { '*': rest } = useParams();
  const { filter, id } = parseListPath(rest);
  const language = useLanguageStore((s) => s.language);
  const hr = isHR(useSessionStore(selectUser));
  const [search, setSearch] = useState('');
  const [orderBy, setOrderBy] = useState<SurveyOrder>('fim');
  const [desc, setDesc] = useState(true);
  const [creating, setCreating] = useState(false);
  // The search is asked a moment after the last key; surveys created or closed, and new
  // respondents, arrive live (the push makes the list stale).
  const [searchText] = useDebouncedValue(search, 250);
  const list = useQuery(surveyQueries.list(path, { filterHandle: filter, searchText, orderBy, orderDescending: desc }));
  const close = useCommand(closeSurvey, { invalidates: [surveyKeys.all] });
  const items = list.data;

  return (
    <Stack p="md" gap="md" data-testid={`survey-list-${kind}`}>
      <Group justify="space-between">
        <Title order={3}>{t(`kinds.${kind}`)}</Title>
        {hr && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="survey-new">
            {t('list.new')}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end">
        <FilterControl
          value={filter}
          onChange={(f) => navigate(listPath(base, f))}
          labels={[t('filter.all'), t('filter.ongoing'), t('filter.finished')]}
          data-testid="survey-filter"
        />
        <TextInput
          placeholder={t('list.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={255}
          data-testid="survey-search"
        />
        <Select
          value={orderBy}
          onChange={(v) => v && setOrderBy(v as SurveyOrder)}
          allowDeselect={false}
          aria-label={t('list.orderBy')}
          data={[
            { value: 'fim', label: t('list.order.fim') },
            { value: 'inicio', label: t('list.order.inicio') },
            { value: 'descricao', label: t('list.order.descricao') },
          ]}
          w={160}
        />
        <Tooltip label={desc ? t('list.descending') : t('list.ascending')}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => setDesc((d) => !d)}
            aria-label={desc ? t('list.descending') : t('list.ascending')}
            data-testid="survey-direction"
          >
            {desc ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      {list.isError && <Text c="red">{t('loadFailed')}</Text>}
      {items && items.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {items?.map((s) => (
        <Card key={s.id} withBorder padding="md" data-testid="survey-row">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{s.avaliado ? t('pending.evaluating', { title: s.descricao, name: s.avaliado }) : s.descricao}</Text>
              <Text size="xs" c="dimmed">
                {t('pending.period', { inicio: formatDay(s.inicio, language), fim: formatDay(s.fim, language) })}
              </Text>
              <Group gap="xs">
                <Badge color={s.status === 0 ? 'blue' : 'gray'} variant="light">
                  {s.encerrada ? t('status.closed') : s.status === 0 ? t('status.ongoing') : t('status.finished')}
                </Badge>
                {s.respondida && (
                  <Badge color="green" variant="light">
                    {t('list.answered')}
                  </Badge>
                )}
                <Badge variant="outline">{t('results.respondents', { count: s.respondentes })}</Badge>
              </Group>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              {hr && s.status === 0 && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  onClick={() => close.mutate(s.id)}
                  data-testid="survey-close"
                >
                  {t('list.close')}
                </Button>
              )}
              {(hr || kind === '360') && (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconChartBar size={14} />}
                  onClick={() => navigate(listPath(base, filter, s.id))}
                  data-testid="survey-results-open"
                >
                  {t('list.results')}
                </Button>
              )}
            </Group>
          </Group>
        </Card>
      ))}
      <SurveyResultsDrawer surveyId={id} onClose={() => navigate(listPath(base, filter))} />
      {hr && <SurveyCreateDrawer kind={kind} opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
