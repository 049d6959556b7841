import { Alert, Box, Group, Loader, Pagination, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import type { Request, RequestPage, RequestSource } from '../api/types';
import { requestMessage, typeTitle, useRequestsT } from '../utils/i18n';
import { DocTypeIcon } from './DocTypeIcon';
import { StatusBadges } from './StatusBadges';
import { requestText } from '../utils/request-title';

function RequestRow({ request, source, selected, onOpen }: { request: Request; source: RequestSource; selected: boolean; onOpen: () => void }) {
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  const who = source === 'request' ? request.createdBy : request.subject;
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p="sm"
      data-testid="request-row"
      data-request-id={request.ac4Ukey}
      data-status={request.approvalStatus}
      aria-current={selected || undefined}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: selected ? 'var(--mantine-color-blue-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} truncate data-testid="request-row-title">
            {requestText(tx, language, request, request.titulo)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {typeTitle(tx, request.tipo)}
            {who && source !== 'request' ? ` · ${who.nome}` : ''}
            {who && source === 'request' && request.subject && request.subject.userHash !== who.userHash
              ? ` · ${tx('list.forMember', { name: request.subject.nome })}`
              : ''}
            {' · '}
            {formatDateTime(request.createdAt, language)}
          </Text>
          {request.labels.length > 0 && (
            <Text size="xs" c="blue" truncate>
              {request.labels.map((l) => `#${l}`).join(' ')}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <StatusBadges approval={request.approvalStatus} delivery={request.deliveryStatus} locked={request.locked} />
          {request.anexos.length > 0 && (
            <Group gap={2} data-testid="request-row-docs">
              {request.anexos.map((a) => (
                <DocTypeIcon key={a.id} name={a.nome} kind={a.tipo} size={16} />
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** What a list shows: its page of the answer and how its loading stands. */
export interface ListView {
  data: RequestPage | undefined;
  /** loading while a page is asked for (also a live reload), failed when the last one failed. */
  status: 'loading' | 'ready' | 'failed';
  /** The i18n key of the failure. */
  error: string | null;
  /** The page chosen (shown until the answer says which it is). */
  page: number;
  /** When the last answer arrived (ms; the live tests read it). */
  updatedAt: number;
}

/**
 * One page of a request list with its paging (spec §3: paged by page and pageSize), and the
 * empty-list message "não há registros para exibição !" (spec §8).
 */
export function RequestList({
  source,
  list,
  openId,
  onOpen,
  onPage,
}: {
  source: RequestSource;
  list: ListView;
  openId?: string;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const rows = list.data?.data ?? [];
  return (
    <Paper withBorder radius="md" data-testid="request-list" data-updated-at={list.updatedAt} data-status={list.status}>
      <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Text size="sm" c="dimmed" data-testid="request-list-count">
          {tx('list.count', { count: list.data?.totalCount ?? 0 })}
        </Text>
        {list.status === 'loading' && <Loader size="xs" />}
      </Group>
      {list.status === 'failed' && (
        <Alert color="red" m="sm" data-testid="request-list-failed">
          {tx('list.loadFailed')} {requestMessage(list.error, '')}
        </Alert>
      )}
      {rows.length === 0 && list.status !== 'loading' && list.status !== 'failed' ? (
        <Text c="dimmed" ta="center" p="xl" data-testid="empty-list">
          {t('noRecords')}
        </Text>
      ) : (
        <Box>
          {rows.map((r) => (
            <RequestRow key={r.ac4Ukey} request={r} source={source} selected={r.ac4Ukey === openId} onOpen={() => onOpen(r.ac4Ukey)} />
          ))}
        </Box>
      )}
      {(list.data?.totalPages ?? 0) > 1 && (
        <Group justify="center" p="sm">
          <Pagination
            total={list.data?.totalPages ?? 1}
            value={list.data?.currentPage ?? list.page}
            onChange={onPage}
            size="sm"
            data-testid="request-pagination"
            getControlProps={(control) => ({ 'aria-label': tx(`list.${control}`) })}
          />
        </Group>
      )}
    </Paper>
  );
}
