import { ActionIcon, Box, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { vacationQueries } from '../api/queries';
import { formatMonth, monthGrid, weekdayNames, yearMonth } from '../utils/dates';
import { useVacationsT } from '../utils/i18n';
import { markDays, type DayMark } from '../utils/picker';
import { cssColor } from '../utils/status';

interface Props {
  year: number;
  month: number;
  onMonth: (year: number, month: number) => void;
  start: string | null;
  days: number;
  today: string;
  onPick: (iso: string) => void;
}

/**
 * A month calendar to pick the first day of a vacation. It shows the employee's weekly rest
 * days and the tenant's holidays (from the work-schedule call), so the rule "not in the two
 * days before a rest day or holiday" can be seen before asking.
 */
export function VacationDatePicker({ year, month, onMonth, start, days, today, onPick }: Props) {
  const { t, locale, holidayName } = useVacationsT();
  const ym = yearMonth(year, month);
  const { data } = useQuery(vacationQueries.schedule(ym));
  const marks = markDays(data?.yearMonth === ym ? data.dias : [], start, days);
  const prev = () => onMonth(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1);
  const next = () => onMonth(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="vacation-picker" data-month={ym}>
      <Group justify="space-between" mb="xs">
        <ActionIcon variant="subtle" onClick={prev} aria-label={t('picker.previous')} data-testid="picker-prev">
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} data-testid="picker-month">
          {formatMonth(year, month, locale)}
        </Text>
        <ActionIcon variant="subtle" onClick={next} aria-label={t('picker.next')} data-testid="picker-next">
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <SimpleGrid cols={7} spacing={4} verticalSpacing={4}>
        {weekdayNames(locale).map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center" tt="capitalize">
            {w}
          </Text>
        ))}
        {monthGrid(year, month)
          .flat()
          .map((iso, i) =>
            iso ? (
              <DayCell key={iso} iso={iso} mark={marks.get(iso)} past={iso <= today} onPick={onPick} title={holidayName(marks.get(iso)?.holidayKey, marks.get(iso)?.name)} />
            ) : (
              <Box key={`blank-${i}`} />
            ),
          )}
      </SimpleGrid>
      <Group gap="md" mt="sm">
        <Legend color={cssColor('red', 1)} label={t('picker.legendHoliday')} />
        <Legend color={cssColor('gray', 2)} label={t('picker.legendRest')} />
        <Legend color={cssColor('teal', 9)} label={t('picker.legendSelected')} />
      </Group>
    </Paper>
  );
}

function DayCell({ iso, mark, past, onPick, title }: { iso: string; mark?: DayMark; past: boolean; onPick: (iso: string) => void; title: string }) {
  const kind = mark?.kind ?? 'work';
  const background = mark?.selected ? cssColor('teal', 9) : kind === 'holiday' ? cssColor('red', 1) : kind === 'rest' ? cssColor('gray', 2) : undefined;
  return (
    <UnstyledButton
      onClick={() => onPick(iso)}
      disabled={past}
      title={title || undefined}
      data-testid={`picker-day-${iso}`}
      data-kind={kind}
      data-selected={mark?.selected ? 'true' : undefined}
      style={{
        borderRadius: 6,
        padding: '6px 0',
        textAlign: 'center',
        background,
        // Fixed text colours on the fixed tints, in both schemes (4.5:1, issue 37).
        color: mark?.selected ? 'white' : kind === 'holiday' ? cssColor('red', 9) : kind === 'rest' ? 'var(--mantine-color-black)' : undefined,
        opacity: past ? 0.4 : 1,
        cursor: past ? 'default' : 'pointer',
      }}
    >
      <Stack gap={0}>
        <Text size="sm" fw={kind === 'work' ? 400 : 600}>
          {Number(iso.slice(8))}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={4}>
      <Box w={12} h={12} style={{ background: color, borderRadius: 3 }} />
      <Text size="xs">{label}</Text>
    </Group>
  );
}
