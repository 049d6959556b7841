import type { ReactNode } from 'react';
import { Card, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ServerError } from '@/components/ServerError';
import type { ReportName, Reports } from '../api/get-report';
import { reportQueries } from '../api/queries';
import type { ReportFilters } from '../api/types';

interface Props<K extends ReportName> {
  /** The report it shows (and the widget's test id, widget-<name>). */
  name: K;
  filters: ReportFilters;
  title: string;
  /** The line under the title, which may tell of what was read (its scope, its minimum group). */
  subtitle?: string | ((data: Reports[K] | undefined) => string);
  gap?: MantineSpacing;
  /** The figures, charts and tables of the report once read. */
  children: (data: Reports[K]) => ReactNode;
}

/**
 * A dashboard widget: its card and title over one report read for the filters (again when
 * the push says the report changed: app/live-queries.ts). A failure shows the server's
 * message; a new filter keeps the last figures until the new ones arrive.
 */
export function ReportWidget<K extends ReportName>({ name, filters, title, subtitle, gap = 'md', children }: Props<K>) {
  const { data, error } = useQuery(reportQueries.report(name, filters));
  const sub = typeof subtitle === 'function' ? subtitle(data) : subtitle;
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`widget-${name}`}>
      <Title order={4} mb={sub === undefined ? 'sm' : undefined}>
        {title}
      </Title>
      {sub !== undefined && (
        <Text size="sm" c="dimmed" mb="sm">
          {sub}
        </Text>
      )}
      {error && <ServerError error={error} />}
      {data && <Stack gap={gap}>{children(data)}</Stack>}
    </Card>
  );
}

/** A titled part of a widget (a chart with its table). */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      {children}
    </div>
  );
}
