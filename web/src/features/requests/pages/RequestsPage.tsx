import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { IconInbox, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { queryErrorKey } from '@/lib/query';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { requestQueries } from '../api/queries';
import type { RequestSource } from '../api/types';
import { MyTeamDialog } from '../components/MyTeamDialog';
import { NewRequestDialog } from '../components/NewRequestDialog';
import { BulkDeleteButton, BulkDeleteOutcome } from '../components/BulkDelete';
import { RequestList, type ListView } from '../components/RequestList';
import type { BulkDeleteResult } from '../api/bulk-delete';
import { useRankMove } from '../utils/use-rank-move';
import { RequestSidebar } from '../components/RequestSidebar';
import { RequestViewDialog } from '../components/RequestViewDialog';
import { PAGE_SIZE, pageOf, useRequestListStore } from '../store/request-list-store';
import { requestMessage, useRequestsT } from '../utils/i18n';
import { scopeOf, scopePath, type ListScope } from '../utils/paths';

/** Managers and HR may act for a team member (spec §2, 'my team' dialog). */
function canActForTeam(roles: readonly string[] | undefined): boolean {
  return Boolean(roles?.some((r) => r === 'pwa-rh-ges' || r === 'pwa-rh-adm'));
}

/**
 * A request screen (spec portal-business §2): the user's requests, the approver's queue or
 * the delivery queue. The route holds the folder, filter or label and the open request.
 */
export function RequestsPage({ source }: { source: RequestSource }) {
  const tx = useRequestsT();
  const navigate = useNavigate();
  const params = useParams<{ labelId?: string; filterHandle?: string; folderHandle?: string; requestId?: string }>();
  const { labelId, filterHandle, folderHandle, requestId } = params;
  const scope = useMemo(() => scopeOf(source, { labelId, filterHandle, folderHandle }), [source, labelId, filterHandle, folderHandle]);
  const user = useSessionStore(selectUser);

  const labels = useRequestListStore((s) => s.labels);
  const actingFor = useRequestListStore((s) => s.actingFor);
  const page = useRequestListStore((s) => pageOf(s, source, scope));
  const { setPage, setActingFor, noteLabels } = useRequestListStore.getState();
  const counts = useQuery(requestQueries.counts()).data;
  const m01Ukey = source === 'request' ? actingFor?.m01Ukey : undefined;
  const listOptions = requestQueries.list({ source, scope, page, pageSize: PAGE_SIZE, m01Ukey });
  const listQuery = useQuery(listOptions);
  // The requester's own list may be picked from (bulk delete, §8) and reordered (rank).
  const own = source === 'request';
  const [picked, setPicked] = useState<string[]>([]);
  const [bulkResult, setBulkResult] = useState<BulkDeleteResult | { error: string } | null>(null);
  const rank = useRankMove(listOptions.queryKey, (page - 1) * PAGE_SIZE);
  const [newOpen, setNewOpen] = useState(false);
  const [teamOpen, setTeamOpen] = useState(false);

  // The side panel offers every label seen on a listed request this session.
  useEffect(() => {
    if (listQuery.data) noteLabels(listQuery.data.data);
  }, [listQuery.data, noteLabels]);

  // Picked rows that left the page (deleted, paged away) are no longer picked.
  const onPage = listQuery.data?.data;
  useEffect(() => {
    if (onPage) setPicked((ids) => ids.filter((id) => onPage.some((r) => r.ac4Ukey === id)));
  }, [onPage]);

  const list: ListView = {
    data: listQuery.data,
    status: listQuery.isFetching ? 'loading' : listQuery.isError ? 'failed' : 'ready',
    error: listQuery.error ? queryErrorKey(listQuery.error) : null,
    page,
    updatedAt: listQuery.dataUpdatedAt,
  };
  const go = (s: ListScope, id?: string) => navigate(scopePath(source, s, id));
  const waiting = source === 'approver' ? counts?.approver : source === 'delivery' ? counts?.delivery : counts?.waiting;

  return (
    <Stack gap="md" data-testid={`requests-page-${source}`}>
      <Group justify="space-between">
        <Group gap="sm">
          <IconInbox size={26} />
          <Title order={2} data-testid="area-title">
            {tx(`title.${source}`)}
          </Title>
        </Group>
        {source === 'request' && (
          <Group gap="xs">
            {canActForTeam(user?.roles) && (
              <Button variant="default" leftSection={<IconUsers size={16} />} onClick={() => setTeamOpen(true)} data-testid="request-my-team">
                {tx('team.open')}
              </Button>
            )}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setNewOpen(true)} data-testid="request-new">
              {tx('new')}
            </Button>
          </Group>
        )}
      </Group>
      {source === 'request' && actingFor && (
        <Alert color="blue" data-testid="request-acting-for">
          <Group justify="space-between">
            {tx('team.actingFor', { name: actingFor.name })}
            <Button size="compact-sm" variant="light" onClick={() => setActingFor(null)} data-testid="request-acting-stop">
              {tx('team.stop')}
            </Button>
          </Group>
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <RequestSidebar source={source} scope={scope} labels={labels} waitingCount={waiting} onSelect={(s) => go(s)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="xs" data-testid="request-list-area" data-ranking={rank.pending || undefined}>
            {bulkResult && <BulkDeleteOutcome result={bulkResult} rows={listQuery.data?.data ?? []} onClose={() => setBulkResult(null)} />}
            {rank.error && (
              <Alert color="red" withCloseButton onClose={rank.clearError} data-testid="request-rank-failed">
                {tx('list.moveFailed')} {requestMessage(rank.error, '')}
              </Alert>
            )}
            <RequestList
              source={source}
              list={list}
              openId={requestId}
              onOpen={(id) => go(scope, id)}
              onPage={(p) => setPage(source, scope, p)}
              selection={own ? { ids: picked, onChange: setPicked } : undefined}
              reorder={own ? { onMove: (from, to) => void (!rank.pending && rank.move(from, to)) } : undefined}
              toolbar={own ? <BulkDeleteButton ids={picked} onDone={setBulkResult} /> : undefined}
            />
          </Stack>
        </Grid.Col>
      </Grid>
      <RequestViewDialog source={source} requestId={requestId} onClose={() => go(scope)} />
      {source === 'request' && (
        <NewRequestDialog
          opened={newOpen}
          actingFor={actingFor}
          onClose={() => setNewOpen(false)}
          onCreated={(id) => {
            setNewOpen(false);
            go(scope, id);
          }}
        />
      )}
      {source === 'request' && (
        <MyTeamDialog
          opened={teamOpen}
          onClose={() => setTeamOpen(false)}
          onChoose={(m) => {
            setTeamOpen(false);
            setActingFor({ m01Ukey: m.m01Ukey, name: m.nome });
          }}
        />
      )}
    </Stack>
  );
}
