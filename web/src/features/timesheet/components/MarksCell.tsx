import { Badge, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Mark } from '../api/timesheet';
import { changedMark, clockTime } from '../utils/format';

/** The marks in force of a day; an adjusted or HR mark is marked and opens its origin in a popover. */
export function MarksCell({ marks }: { marks: Mark[] | null }) {
  const { t } = useTranslation('timesheet');
  return (
    <Group gap={4} wrap="wrap" miw={150}>
      {(marks ?? []).map((m) =>
        changedMark(m) ? (
          <Popover key={m.id} withArrow shadow="md" position="bottom">
            <Popover.Target>
              <UnstyledButton data-testid="mark-changed">
                <Badge color={m.byHr ? 'grape' : 'orange'} variant="light" style={{ cursor: 'pointer', flexShrink: 0, overflow: 'visible' }}>
                  {clockTime(m.at)}*
                </Badge>
              </UnstyledButton>
            </Popover.Target>
            <Popover.Dropdown data-testid="mark-origin">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {m.byHr ? t('byHr') : t('adjusted')}
                </Text>
                <Text size="sm">{m.registeredAt ? t('original', { time: clockTime(m.registeredAt) }) : t('added')}</Text>
                {m.reason ? <Text size="sm">{t('reasonOf', { reason: m.reason })}</Text> : null}
                {m.actorId ? <Text size="xs" c="dimmed">{t('by', { who: m.actorId })}</Text> : null}
              </Stack>
            </Popover.Dropdown>
          </Popover>
        ) : (
          <Badge key={m.id} variant="outline" color="gray" style={{ flexShrink: 0, overflow: 'visible' }}>
            {clockTime(m.at)}
          </Badge>
        ),
      )}
    </Group>
  );
}
