import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { IconInbox, IconPlus, IconUsers } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router-dom';
import { selectUser, useSessionStore } from '@/lib/session-store';
import type { RequestSource } from '../api/types';
import { MyTeamDialog } from '../components/MyTeamDialog';
import { NewRequestDialog } from '../components/NewRequestDialog';
import { RequestList } from '../components/RequestList';
import { RequestSidebar } from '../components/RequestSidebar';
import { RequestViewDialog } from '../components/RequestViewDialog';
import { useOpenRequestStore } from '../store/open-request-store';
import { useRequestCountsStore } from '../store/request-counts-store';
import { useRequestListStore } from '../store/request-list-store';
import { useRequestsT } from '../utils/i18n';
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

  const list = useRequestListStore((s) => s.lists[source]);
  const labels = useRequestListStore((s) => s.labels);
  const actingFor = useRequestListStore((s) => s.actingFor);
  const show = useRequestListStore((s) => s.show);
  const setPage = useRequestListStore((s) => s.setPage);
  const setActingFor = useRequestListStore((s) => s.setActingFor);
  const counts = useRequestCountsStore();
  const openRequest = useOpenRequestStore((s) => s.open);
  const closeRequest = useOpenRequestStore((s) => s.close);
  const [newOpen, setNewOpen] = useState(false);
  const [teamOpen, setTeamOpen] = useState(false);

  useEffect(() => {
    void show(source, scope);
  }, [show, source, scope]);

  useEffect(() => {
    useRequestListStore.getState().setOnScreen(source);
    return () => useRequestListStore.getState().setOnScreen(null);
  }, [source]);

  useEffect(() => {
    if (requestId) void openRequest(requestId);
    else closeRequest();
  }, [requestId, openRequest, closeRequest]);

  const go = (s: ListScope, id?: string) => navigate(scopePath(source, s, id));
  const waiting = source === 'approver' ? counts.approver : source === 'delivery' ? counts.delivery : counts.waiting;

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
            <Button size="compact-sm" variant="light" onClick={() => void setActingFor(null)} data-testid="request-acting-stop">
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
          <RequestList
            source={source}
            list={list}
            openId={requestId}
            onOpen={(id) => go(scope, id)}
            onPage={(p) => void setPage(source, p)}
          />
        </Grid.Col>
      </Grid>
      <RequestViewDialog source={source} opened={Boolean(requestId)} onClose={() => go(scope)} />
      {source === 'request' && (
        <NewRequestDialog
          opened={newOpen}
          actingFor={actingFor}
          onClose={() => setNewOpen(false)}
          onCreated={(id) => {
            setNewOpen(false);
            void useRequestListStore.getState().load(source);
            void useRequestCountsStore.getState().load();
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
            void setActingFor({ m01Ukey: m.m01Ukey, name: m.nome });
          }}
        />
      )}
    </Stack>
  );
}
