import { useState } from 'react';
import { Modal, Stack, Text } from '@mantine/core';
import type { TeamType } from '../api/types';
import { usePeopleList } from '../hooks/use-people-list';
import { ColleagueCardDialog } from './ColleagueCardDialog';
import { ListToolbar } from './ListToolbar';
import { PeopleList } from './PeopleList';
import { usePeopleT } from '../utils/i18n';

interface Props {
  /** The listing drilled into (spec §7: its call with the department). */
  type: TeamType;
  /** What is drilled into (a department: its id and name); null closes the dialog. */
  subject: { key: string; title: string } | null;
  onClose: () => void;
}

/**
 * The drill-down dialog (spec portal-business §2): paged employee data. Opening resets the
 * paging and the data; a search, an order change or the toggle go back to the first page;
 * later pages are appended.
 */
export function DrillDownDialog({ type, subject, onClose }: Props) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={subject?.title} size="lg" data-testid="drilldown-dialog">
      {subject && <DrillBody key={subject.key} type={type} departamento={subject.key} />}
    </Modal>
  );
}

/** The dialog's list: mounted fresh for every opening, so paging and data start over. */
function DrillBody({ type, departamento }: { type: TeamType; departamento: string }) {
  const { t } = usePeopleT();
  const list = usePeopleList(type, { departamento });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <ListToolbar list={list} />
      <Text size="sm" c="dimmed" data-testid="drilldown-count">
        {t('list.count', { count: list.totalCount })}
      </Text>
      <PeopleList rows={list.rows} onOpen={(r) => setOpen(r.id)} paging={list} empty={t('list.empty')} avatar="tiny" />
      <ColleagueCardDialog employeeId={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
