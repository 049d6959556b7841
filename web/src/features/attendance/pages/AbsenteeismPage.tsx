import '@mantine/charts/styles.css';
import { useMemo, useState } from 'react';
import { LineChart } from '@mantine/charts';
import { Anchor, Breadcrumbs, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '@/components/QueryStatus';
import { attendanceQueries, type AbsentFigures, type Scope } from '../api/api';
import { hours, lastMonths, monthLabel, percent } from '../utils/format';
import { ChartAlt } from '@/components/ChartAlt';

const REASONS = ['unjustified', 'excused', 'late'] as const;

interface Drill {
  dept?: { id: string; name: string };
  person?: { id: string; name: string };
}

/**
 * /apps/gestor-rh/absenteismo (the manager's team) and /apps/admin-rh/absenteismo (the
 * tenant): the twelve months' trend as a chart beside its table, the month by department,
 * a department's people and a person's days one click each.
 */
export function AbsenteeismPage({ scope }: { scope: Scope }) {
  const { t, i18n } = useTranslation('attendance');
  const months = useMemo(() => lastMonths(new Date(), 24), []);
  const [month, setMonth] = useState(months[0]);
  const [dept, setDept] = useState<string | null>(null);
  const [drill, setDrill] = useState<Drill>({});
  const report = useQuery(attendanceQueries.absenteeism(scope, month, dept ?? undefined));
  const depts = useQuery({ ...attendanceQueries.departments(), enabled: scope === 'tenant' });
  const people = useQuery({ ...attendanceQueries.people(scope, month, drill.dept?.id ?? ''), enabled: Boolean(drill.dept) && !drill.person });
  const days = useQuery({ ...attendanceQueries.days(scope, month, drill.person?.id ?? ''), enabled: Boolean(drill.person) });
  const lang = i18n.language;
  const data = report.data;
  const m = monthLabel(month, lang);
  const chart = (data?.trend ?? []).map((r) => ({
    month: monthLabel(r.month, lang),
    ...Object.fromEntries(REASONS.map((k) => [k, r.scheduled ? Math.round((r[k] / r.scheduled) * 1000) / 10 : 0])),
  }));
  const head = (first: string) => (
    <Table.Tr>
      <Table.Th>{first}</Table.Th>
      <Table.Th ta="right">{t('absent.col.scheduled')}</Table.Th>
      {REASONS.map((k) => (
        <Table.Th key={k} ta="right">
          {t(`absent.reason.${k}`)}
        </Table.Th>
      ))}
      <Table.Th ta="right">{t('absent.col.rate')}</Table.Th>
    </Table.Tr>
  );
  const cells = (f: AbsentFigures) => (
    <>
      <Table.Td ta="right">{hours(f.scheduled)}</Table.Td>
      {REASONS.map((k) => (
        <Table.Td key={k} ta="right">
          {hours(f[k])}
        </Table.Td>
      ))}
      <Table.Td ta="right" fw={600} data-testid="absent-rate">
        {percent(f.rate, lang)}
      </Table.Td>
    </>
  );
  return (
    <Stack gap="md" data-testid="absenteeism">
      <div>
        <Title order={2}>{t('absent.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('absent.subtitle')}
        </Text>
      </div>
      <Group align="flex-end">
        <Select
          w={200}
          label={t('absent.month')}
          data={months.map((v) => ({ value: v, label: monthLabel(v, lang) }))}
          value={month}
          onChange={(v) => {
            if (v) setMonth(v);
            setDrill({});
          }}
          allowDeselect={false}
          data-testid="absent-month"
        />
        {scope === 'tenant' && (
          <Select
            w={320}
            label={t('absent.department')}
            placeholder={t('absent.allDepartments')}
            data={(depts.data?.departamentos ?? []).map((d) => ({ value: d.id, label: d.nome }))}
            value={dept}
            onChange={(v) => {
              setDept(v);
              setDrill({});
            }}
            clearable
            searchable
            data-testid="absent-dept"
          />
        )}
        {data?.total && (
          <Text size="lg" fw={700} data-testid="absent-total">
            {t('absent.rate')}: {percent(data.total.rate, lang)}
          </Text>
        )}
      </Group>
      <QueryStatus query={report} />
      {data && (
        <SimpleGrid cols={{ base: 1, xl: 2 }}>
          <div data-testid="absent-chart">
            <Text fw={600} mb="xs">
              {t('absent.trend')}
            </Text>
            <ChartAlt title={t('absent.trend')} tableId="absent-trend">
              <LineChart
                h={260}
                data={chart}
                dataKey="month"
                unit="%"
                withLegend
                series={[
                  { name: 'unjustified', label: t('absent.reason.unjustified'), color: 'red.6' },
                  { name: 'excused', label: t('absent.reason.excused'), color: 'blue.6' },
                  { name: 'late', label: t('absent.reason.late'), color: 'orange.6' },
                ]}
              />
            </ChartAlt>
          </div>
          <Table.ScrollContainer minWidth={560}>
            <Table striped id="absent-trend" data-testid="absent-trend">
              <Table.Thead>{head(t('absent.col.month'))}</Table.Thead>
              <Table.Tbody>
                {[...data.trend].reverse().map((r) => (
                  <Table.Tr key={r.month}>
                    <Table.Td>{monthLabel(r.month, lang)}</Table.Td>
                    {cells(r)}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </SimpleGrid>
      )}
      {data && (
        <Stack gap="xs">
          <Breadcrumbs>
            <Anchor component="button" onClick={() => setDrill({})} data-testid="drill-top">
              {t('absent.byDepartment', { month: m })}
            </Anchor>
            {drill.dept && (
              <Anchor component="button" onClick={() => setDrill({ dept: drill.dept })}>
                {drill.dept.name}
              </Anchor>
            )}
            {drill.person && <Text size="sm">{drill.person.name}</Text>}
          </Breadcrumbs>
          {!drill.dept && (
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover data-testid="absent-departments">
                <Table.Thead>{head(t('absent.col.department'))}</Table.Thead>
                <Table.Tbody>
                  {data.departments.map((d) => (
                    <Table.Tr key={d.id} style={{ cursor: 'pointer' }} onClick={() => setDrill({ dept: { id: d.id, name: d.name } })} data-testid="absent-dept-row">
                      <Table.Td>{d.name}</Table.Td>
                      {cells(d)}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {drill.dept && !drill.person && (
            <>
              <Text fw={600}>{t('absent.people', { name: drill.dept.name, month: m })}</Text>
              <QueryStatus query={people} />
              <Table.ScrollContainer minWidth={560}>
                <Table striped highlightOnHover data-testid="absent-people">
                  <Table.Thead>{head(t('absent.col.name'))}</Table.Thead>
                  <Table.Tbody>
                    {(people.data ?? []).map((p) => (
                      <Table.Tr key={p.id} style={{ cursor: 'pointer' }} onClick={() => setDrill({ dept: drill.dept, person: { id: p.id, name: p.name } })} data-testid="absent-person-row">
                        <Table.Td>{p.name}</Table.Td>
                        {cells(p)}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
          {drill.person && (
            <>
              <Text fw={600}>{t('absent.days', { name: drill.person.name, month: m })}</Text>
              <QueryStatus query={days} />
              <Table.ScrollContainer minWidth={560}>
                <Table striped data-testid="absent-days">
                  <Table.Thead>{head(t('absent.col.day'))}</Table.Thead>
                  <Table.Tbody>
                    {(days.data?.days ?? []).map((d) => (
                      <Table.Tr key={d.day} data-testid="absent-day-row">
                        <Table.Td>
                          {new Intl.DateTimeFormat(lang, { weekday: 'short', day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(new Date(`${d.day}T00:00:00Z`))}{' '}
                          <Text span size="xs" c={d.absent ? 'red' : 'dimmed'}>
                            {d.absent ? t('absent.absentDay') : t(`kind.${d.kind}` as 'kind.work', { defaultValue: d.kind })}
                          </Text>
                        </Table.Td>
                        {cells(d)}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
          {data.total.scheduled === 0 && !drill.dept && (
            <Text size="sm" c="dimmed">
              {t('absent.empty')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
