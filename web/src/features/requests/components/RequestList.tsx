import { ActionIcon, Alert, Box, Checkbox, Group, Loader, Pagination, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
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
      style={{ flex: 1, minWidth: 0, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
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

/** The checkboxes of a list whose rows may be picked for a bulk delete (spec §8). */
export interface ListSelection {
  ids: readonly string[];
  onChange: (ids: string[]) => void;
}

/** A list the requester may reorder (rank, PUT request): by dragging the handle or by keyboard on it. */
export interface ListReorder {
  onMove: (from: number, to: number) => void;
}

/**
 * A row's frame: the drag handle when the list may be reordered, the checkbox when rows may be
 * picked, then the row itself.
 */
function RowFrame({ request, reorder, selection, children }: { request: Request; reorder?: ListReorder; selection?: ListSelection; children: ReactNode }) {
  const tx = useRequestsT();
  const language = useLanguageStore(selectLanguage);
  const sortable = useSortable({ id: request.ac4Ukey, disabled: !reorder });
  const title = requestText(tx, language, request, request.titulo);
  const picked = selection?.ids.includes(request.ac4Ukey) ?? false;
  return (
    <Group
      ref={sortable.setNodeRef}
      gap={4}
      wrap="nowrap"
      pl={reorder || selection ? 'xs' : 0}
      data-testid="request-row-frame"
      data-request-id={request.ac4Ukey}
      style={{
        borderBottom: '1px solid var(--mantine-color-default-border)',
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : undefined,
        background: 'var(--mantine-color-body)',
        position: 'relative',
        zIndex: sortable.isDragging ? 1 : undefined,
      }}
    >
      {reorder && (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={tx('list.move', { title })}
          data-testid="request-row-handle"
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      )}
      {selection && (
        <Checkbox
          aria-label={tx('list.pick', { title })}
          data-testid="request-row-pick"
          checked={picked}
          onChange={(e) =>
            selection.onChange(
              e.currentTarget.checked ? [...selection.ids, request.ac4Ukey] : selection.ids.filter((id) => id !== request.ac4Ukey),
            )
          }
        />
      )}
      {children}
    </Group>
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
  selection,
  reorder,
  toolbar,
}: {
  source: RequestSource;
  list: ListView;
  openId?: string;
  onOpen: (id: string) => void;
  onPage: (page: number) => void;
  selection?: ListSelection;
  reorder?: ListReorder;
  /** Shown beside the count (the bulk actions). */
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('common');
  const tx = useRequestsT();
  const rows = list.data?.data ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!reorder || !over || active.id === over.id) return;
    const from = rows.findIndex((r) => r.ac4Ukey === active.id);
    const to = rows.findIndex((r) => r.ac4Ukey === over.id);
    if (from >= 0 && to >= 0) reorder.onMove(from, to);
  };
  const allIds = rows.map((r) => r.ac4Ukey);
  // dnd-kit's spoken announcements, translated: the row's title and its place.
  const titleOf = (id: unknown) => rows.find((r) => r.ac4Ukey === id)?.titulo ?? '';
  const placeOf = (id: unknown) => allIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => tx('list.dragStart', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? tx('list.dragOver', { title: titleOf(active.id), place: placeOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? tx('list.dragEnd', { title: titleOf(active.id), place: placeOf(over.id) }) : undefined),
    onDragCancel: ({ active }) => tx('list.dragCancel', { title: titleOf(active.id) }),
  };
  const allPicked = selection !== undefined && allIds.length > 0 && allIds.every((id) => selection.ids.includes(id));
  return (
    <Paper withBorder radius="md" data-testid="request-list" data-updated-at={list.updatedAt} data-status={list.status}>
      <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="xs">
          {selection && allIds.length > 0 && (
            <Checkbox
              aria-label={tx('list.pickAll')}
              data-testid="request-pick-all"
              checked={allPicked}
              indeterminate={!allPicked && selection.ids.length > 0}
              onChange={() => selection.onChange(allPicked ? [] : allIds)}
            />
          )}
          <Text size="sm" c="dimmed" data-testid="request-list-count">
            {tx('list.count', { count: list.data?.totalCount ?? 0 })}
          </Text>
        </Group>
        <Group gap="xs">
          {toolbar}
          {list.status === 'loading' && <Loader size="xs" />}
        </Group>
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
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: tx('list.dragHelp') }, announcements }}>
          <SortableContext items={allIds} strategy={verticalListSortingStrategy}>
            <Box>
              {rows.map((r) => (
                <RowFrame key={r.ac4Ukey} request={r} reorder={reorder} selection={selection}>
                  <RequestRow request={r} source={source} selected={r.ac4Ukey === openId} onOpen={() => onOpen(r.ac4Ukey)} />
                </RowFrame>
              ))}
            </Box>
          </SortableContext>
        </DndContext>
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
