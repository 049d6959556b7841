import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Checkbox, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api';
import { useLanguageStore } from '@/lib/language-store';
import { onLiveEvent } from '@/lib/live-stream';
import { addPdiAction } from '../api/add-pdi-action';
import { completePdiAction } from '../api/complete-pdi-action';
import { getPdi } from '../api/get-pdi';
import { PDI_TOPIC, type PdiAction } from '../api/pdi';
import { formatDay } from '../components/PendingSurveysDrawer';

export const PDI_BASE = '/apps/eval360/pdi';
type PdiFilter = 'all' | 'open' | 'done';

/** Reads the rest of the PDI route (spec §2: filter/:filterHandle/..., :folderHandle/..., default all). */
export function parsePdiPath(rest: string | undefined): PdiFilter {
  const parts = (rest ?? '').split('/').filter(Boolean);
  return parts[0] === 'filter' && (parts[1] === 'open' || parts[1] === 'done') ? parts[1] : 'all';
}

/** The individual development plan: the actions agreed after a 360 (spec §2 /apps/eval360/pdi). */
export function PdiPage() {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { '*': rest } = useParams();
  const filter = parsePdiPath(rest);
  const language = useLanguageStore((s) => s.language);
  const [actions, setActions] = useState<PdiAction[] | null>(null);
  const [title, setTitle] = useState('');
  const [due, setDue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback((signal?: AbortSignal) => getPdi(signal).then(setActions).catch(() => undefined), []);
  useEffect(() => {
    const ctl = new AbortController();
    void load(ctl.signal);
    const off = onLiveEvent(PDI_TOPIC, () => void load());
    return () => {
      ctl.abort();
      off();
    };
  }, [load]);

  async function add() {
    setBusy(true);
    setError(null);
    try {
      await addPdiAction({ titulo: title, prazo: due || undefined });
      setTitle('');
      setDue('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'erro_rede');
    } finally {
      setBusy(false);
    }
  }

  const shown = (actions ?? []).filter((a) => filter === 'all' || (filter === 'done') === a.concluida);
  return (
    <Stack p="md" gap="md" data-testid="pdi-page">
      <Title order={3}>{t('pdi.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('pdi.intro')}
      </Text>
      <Card withBorder>
        <Group align="flex-end">
          <TextInput
            label={t('pdi.action')}
            value={title}
            maxLength={255}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={error ? t(`validation.${error}` as 'validation.valor_invalido') : undefined}
            style={{ flex: 1 }}
            data-testid="pdi-title"
          />
          <TextInput type="date" label={t('pdi.due')} value={due} onChange={(e) => setDue(e.currentTarget.value)} />
          <Button leftSection={<IconPlus size={16} />} onClick={() => void add()} loading={busy} data-testid="pdi-add">
            {t('pdi.add')}
          </Button>
        </Group>
      </Card>
      <SegmentedControl
        value={filter}
        onChange={(f) => navigate(f === 'all' ? `${PDI_BASE}/all` : `${PDI_BASE}/filter/${f}`)}
        data={[
          { value: 'all', label: t('filter.all') },
          { value: 'open', label: t('pdi.open') },
          { value: 'done', label: t('pdi.done') },
        ]}
        w="fit-content"
      />
      {actions && shown.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {shown.map((a) => (
        <Card key={a.id} withBorder padding="sm" data-testid="pdi-action">
          <Group justify="space-between" wrap="nowrap">
            <Checkbox
              checked={a.concluida}
              disabled={a.concluida}
              label={a.titulo}
              onChange={() => void completePdiAction(a.id)}
              aria-label={t('pdi.complete')}
            />
            <Group gap="xs">
              {a.avaliacao && <Badge variant="light">{a.avaliacao}</Badge>}
              {a.prazo && (
                <Badge variant="outline" color={a.concluida ? 'gray' : 'blue'}>
                  {t('pdi.until', { date: formatDay(a.prazo, language) })}
                </Badge>
              )}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
