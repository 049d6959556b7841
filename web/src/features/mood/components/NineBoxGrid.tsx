import { Box, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NineBoxCell } from '../api/types';
import { MoodAvatar } from '@/components/MoodAvatar';

// Green where humor and energy are both high, red where both are low.
const CELL_COLORS = ['red', 'orange', 'yellow', 'lime', 'green'] as const;

interface NineBoxGridProps {
  boxes: NineBoxCell[];
}

/**
 * The nine-box of spec portal-business §2: humor across (low to high), energy up (high on
 * top), three by three, each box with the avatars of the members whose latest check-in falls
 * in it.
 */
export function NineBoxGrid({ boxes }: NineBoxGridProps) {
  const { t } = useTranslation('mood');
  return (
    <Group align="stretch" gap="xs" wrap="nowrap" data-testid="ninebox">
      <Stack justify="space-around" gap={0} w={24}>
        <Text size="xs" c="dimmed" style={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)', alignSelf: 'center' }}>
          {t('energy')} ↑
        </Text>
      </Stack>
      <Stack gap="xs" style={{ flex: 1 }}>
        <SimpleGrid cols={3} spacing="xs">
          {boxes.map((cell) => {
            const color = CELL_COLORS[cell.humor + cell.energy];
            return (
              <Paper
                key={`${cell.energy}-${cell.humor}`}
                withBorder
                radius="md"
                p="sm"
                mih={150}
                bg={`var(--mantine-color-${color}-light)`}
                data-testid="ninebox-cell"
                data-humor={cell.humor}
                data-energy={cell.energy}
              >
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Text size="xs" fw={600}>
                    {t('cellTitle', {
                      humor: t(`humorBand_${cell.humor as 0 | 1 | 2}`),
                      energy: t(`energyBand_${cell.energy as 0 | 1 | 2}`),
                    })}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="ninebox-cell-count">
                    {cell.members.length}
                  </Text>
                </Group>
                <Group gap="sm">
                  {cell.members.map((m) => (
                    <MoodAvatar key={m.id} member={m} size="small" />
                  ))}
                </Group>
              </Paper>
            );
          })}
        </SimpleGrid>
        <Box ta="center">
          <Text size="xs" c="dimmed">
            {t('humor')} →
          </Text>
        </Box>
      </Stack>
    </Group>
  );
}
