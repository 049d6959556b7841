import { useState } from 'react';
import { Badge, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DateField } from '@/components/DateField';
import { adjustmentQueries } from '../api/queries';
import type { AdjustmentKind, DayView } from '../api/types';
import { AskDialog } from '../components/AskDialog';
import { describeAdjustment, excuseRange, statusColor, statusText } from '../utils/describe';

/** A day given in the route (ponto-dia/:itemUkey, e.g. ponto-dia/2024-05-10), else none (today). */
const dayParam = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The kinds the caller's switches allow. */
function allowedKinds(view: DayView | undefined): AdjustmentKind[] {
  const k: AdjustmentKind[] = [];
  if (view?.permissoes.solicita_ajuste_ponto === 1) k.push('corrigir', 'incluir');
  if (view?.permissoes.solicita_abono_ponto === 1) k.push('abonar');
  return k;
}

/**
 * /apps/rh/ponto-dia/:itemUkey?: the employee's punches of a day as adjusted (a moved mark shows its
 * punched time, an added one is flagged), the day's abonos and the employee's adjustment
 * requests, with the entry to ask for an adjustment. It follows the live push
 * (adjustmentQueries.day), so an approval elsewhere shows at once.
 */
export function DayPage() {
  const { t } = useTranslation('adjustments');
  const { itemUkey } = useParams();
  const [date, setDate] = useState<string | undefined>(dayParam(itemUkey));
  const [ask, setAsk] = useState<{ kind: AdjustmentKind; mark?: string } | null>(null);
  const query = useQuery(adjustmentQueries.day(date));
  const view = query.data;
  const kinds = allowedKinds(view);
  const canAdjust = kinds.includes('corrigir');
  const none = (list: readonly unknown[] | undefined, text: string) => list?.length === 0 && <Text size="sm" c="dimmed">{text}</Text>;

  return (
    <Stack gap="lg" data-testid="adjust-day-page">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('dayTitle')}</Title>
        <Group align="flex-end">
          <DateField label={t('date')} value={date ?? view?.data ?? ''} onChange={(v) => setDate(v || undefined)} data-testid="adjust-date" />
          {query.isFetching && <Loader size="sm" />}
        </Group>
      </Group>
      {query.isError && <Text c="red">{t('loadFailed')}</Text>}
      {view && kinds.length === 0 && (
        <Text c="dimmed" data-testid="adjust-switches-off">
          {t('switchesOff')}
        </Text>
      )}

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('marks')}</Title>
          <Group gap="xs">
            {canAdjust && (
              <Button size="xs" variant="light" onClick={() => setAsk({ kind: 'incluir' })} data-testid="adjust-add">
                {t('addMark')}
              </Button>
            )}
            {kinds.includes('abonar') && (
              <Button size="xs" variant="light" onClick={() => setAsk({ kind: 'abonar' })} data-testid="adjust-excuse">
                {t('excuseDay')}
              </Button>
            )}
          </Group>
        </Group>
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} data-testid="adjust-marks">
          {view?.marcacoes.map((m) => (
            <Box component="li" key={m.id} data-testid="adjust-mark-row" py={4}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm">
                  <Text fw={600} data-testid="adjust-mark-time">
                    {m.hora}
                  </Text>
                  {m.ajustada && (
                    <Badge color="grape" variant="light" data-testid="adjust-mark-adjusted">
                      {m.incluida ? t('added') : t('adjusted')}
                    </Badge>
                  )}
                  {m.horaOriginal && (
                    <Text size="xs" c="dimmed" td="line-through">
                      {t('wasAt', { time: m.horaOriginal })}
                    </Text>
                  )}
                  {m.rh && (
                    <Badge color="orange" variant="light" data-testid="adjust-mark-by-hr">
                      {t('markByHR')}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {m.endereco}
                  </Text>
                </Group>
                {canAdjust && (
                  <Button size="compact-xs" variant="subtle" onClick={() => setAsk({ kind: 'corrigir', mark: m.id })} data-testid="adjust-mark-button">
                    {t('adjustMark')}
                  </Button>
                )}
              </Group>
              {m.rh && (
                <Text size="xs" c="dimmed" data-testid="adjust-mark-by-hr-detail">
                  {t('markByHRDetail', { name: m.rh.autorNome, reason: m.rh.motivo })}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
        {none(view?.marcacoes, t('noMarks'))}
        {view && view.abonos.length > 0 && (
          <Stack gap={4} mt="md" data-testid="adjust-excuses">
            <Text fw={600} size="sm">
              {t('excuses')}
            </Text>
            {view.abonos.map((x) => (
              <Text size="sm" key={x.ac4Ukey}>
                {excuseRange(t, x.inicio, x.fim)} · {x.motivo}
              </Text>
            ))}
          </Stack>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          {t('myRequests')}
        </Title>
        <Stack gap={6} data-testid="adjust-requests">
          {view?.solicitacoes.map((a) => (
            <Group key={a.ac4Ukey} justify="space-between" data-testid="adjust-request-row">
              <Text size="sm">
                {describeAdjustment(t, a)} · {a.motivo}
              </Text>
              <Badge color={statusColor(a.status)} data-testid="adjust-request-status">
                {statusText(t, a)}
              </Badge>
            </Group>
          ))}
          {none(view?.solicitacoes, t('noRequests'))}
        </Stack>
      </Paper>

      {view && ask && (
        <AskDialog onClose={() => setAsk(null)} day={view.data} marks={view.marcacoes} kinds={kinds} initialKind={ask.kind} initialMark={ask.mark} />
      )}
    </Stack>
  );
}
