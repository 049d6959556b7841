import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import type { PersonRow } from '../api/types';
import { usePagedList, type PageLoader } from '../hooks/use-paged-list';
import { ColleagueCardDialog } from './ColleagueCardDialog';
import { ListToolbar } from './ListToolbar';
import { PeopleList } from './PeopleList';
import { usePeopleT } from '../utils/i18n';

interface Props {
  /** What is drilled into (a department); null closes the dialog. */
  subject: { key: string; title: string } | null;
  /** The supplied loader (spec §7: searchQuery, orderBy, orderDescending, page, pageSize). */
  load: PageLoader<PersonRow>;
  onClose: () => void;
}

/**
 * The drill-down dialog (spec portal-business §2): paged employee data. Opening resets the
 * paging and the data; a search, an order change or the toggle go back to the first page;
 * later pages are appended.
 */
export function DrillDownDialog({ subject, load, onClose }: Props) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={subject?.title} size="lg" data-testid="drilldown-dialog">
      {subject && <DrillBody key={subject.key} load={load} />}
    </Modal>
  );
}

/** The dialog's list: mounted fresh for every opening, so paging and data start over. */
function DrillBody({ load }: { load: PageLoader<PersonRow> }) {
  const { t } = usePeopleT();
  const list = usePagedList(load);
  const [open, setOpen] = useState<string | null>(null);
  const s = list.state;
  return (
    <Stack gap="sm">
      <ListToolbar
        search={s.search}
        orderBy={s.orderBy}
        orderDescending={s.orderDescending}
        onSearch={list.setSearch}
        onOrder={list.setOrder}
        onToggle={list.toggleOrder}
      />
      <Text size="sm" c="dimmed" data-testid="drilldown-count">
        {t('list.count', { count: s.totalCount })}
      </Text>
      <PeopleList rows={s.data} onOpen={(r) => setOpen(r.id)} loading={list.loading} hasNext={s.hasNext} onMore={list.more} empty={t('list.empty')} avatar="tiny" />
      <ColleagueCardDialog employeeId={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
