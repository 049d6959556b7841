import '@mantine/charts/styles.css';
import { useState, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { MaturityBadge } from '@/app/menu/MaturityBadge';
import { findMenuNode } from '@/app/menu/menu';
import { permissionsOf } from '@/lib/permissions';
import { selectUser, useSessionStore } from '@/lib/session-store';
import type { ReportFilters, ReportScope } from '../api/types';
import { ApprovalsWidget } from '../components/ApprovalsWidget';
import { ClockWidget } from '../components/ClockWidget';
import { HeadcountWidget } from '../components/HeadcountWidget';
import { MoodWidget } from '../components/MoodWidget';
import { ReportFiltersBar } from '../components/ReportFiltersBar';
import { SurveysWidget } from '../components/SurveysWidget';
import { VacationsWidget } from '../components/VacationsWidget';
import { useReportsT } from '../utils/i18n';

/** The three dashboards: 0 the employee's own, 1 the manager's team, 2 the whole company (HR). */
export type DashboardLevel = 0 | 1 | 2;

const SCOPE: Record<DashboardLevel, ReportScope> = { 0: 'self', 1: 'team', 2: 'tenant' };

/** Each level's widgets, by the widget id its purchase and denial rules use (auth/permissions). */
const WIDGETS: Record<DashboardLevel, { id: string; render: (f: ReportFilters) => ReactNode }[]> = {
  0: [
    { id: 'widgetmood', render: (f) => <MoodWidget filters={f} /> },
    { id: 'widgetmissingmarks', render: (f) => <ClockWidget filters={f} /> },
    { id: 'widgetvacationexpiring', render: (f) => <VacationsWidget filters={f} /> },
    { id: 'widgetrequests', render: (f) => <ApprovalsWidget filters={f} /> },
  ],
  1: [
    { id: 'widgetmood', render: (f) => <MoodWidget filters={f} /> },
    { id: 'widgetlatearrivals', render: (f) => <ClockWidget filters={f} /> },
    { id: 'widgetvacationexpiring', render: (f) => <VacationsWidget filters={f} /> },
    { id: 'widgetpendingapprovals', render: (f) => <ApprovalsWidget filters={f} /> },
  ],
  2: [
    { id: 'widgetheadcount', render: (f) => <HeadcountWidget filters={f} /> },
    { id: 'widgetmood', render: (f) => <MoodWidget filters={f} /> },
    { id: 'widgetlatearrivals', render: (f) => <ClockWidget filters={f} /> },
    { id: 'widgetvacationexpiring', render: (f) => <VacationsWidget filters={f} /> },
    { id: 'widgetpendingapprovals', render: (f) => <ApprovalsWidget filters={f} /> },
    { id: 'widgetsurveys', render: (f) => <SurveysWidget filters={f} /> },
  ],
};

function isoDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The last twelve months, today included. */
export function defaultPeriod(today = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1);
  return { from: isoDay(from), to: isoDay(today) };
}

/**
 * /apps/dashboards0, 1 and 2: the widgets the user's purchases allow (and no denial hides),
 * fed by the report read models at the dashboard's level, filtered by period (and, for the
 * company, unit and department), updated live when a report changes.
 */
export function DashboardPage({ level }: { level: DashboardLevel }) {
  const { t, tr } = useReportsT();
  const user = useSessionStore(selectUser);
  const p = permissionsOf(user);
  const [filters, setFilters] = useState<ReportFilters>({ ...defaultPeriod(), scope: SCOPE[level] });
  const widgets = WIDGETS[level].filter((w) => p.purchased.includes(w.id) && !p.deny.includes(w.id));
  return (
    <Stack gap="md" data-testid={`dashboard-${level}`}>
      <div>
        <Group gap="sm">
          <Title order={2}>{tr(`dashboard.title.${level}`)}</Title>
          <MaturityBadge status={findMenuNode(`dashboards${level}`)?.status} id={`page-dashboards${level}`} />
        </Group>
        <Text c="dimmed">{tr(`dashboard.subtitle.${level}`)}</Text>
      </div>
      <ReportFiltersBar value={filters} onChange={setFilters} withGroups={level === 2} />
      {widgets.length === 0 ? (
        <Text c="dimmed" data-testid="dashboard-empty">
          {t('dashboard.none')}
        </Text>
      ) : (
        widgets.map((w) => <div key={w.id}>{w.render(filters)}</div>)
      )}
    </Stack>
  );
}
