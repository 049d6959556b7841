import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDistance } from '@/lib/datetime';
import { selectLanguage, useLanguageStore } from '@/lib/language-store';
import type { NearestFence } from '../api/types';
import { fenceBadgeColor } from '../utils/geo';

interface FenceInfoProps {
  nearest: NearestFence | null;
  hasFences: boolean;
}

/** Nearest virtual fence with its distance; badge green ≤100 m, blue ≤200 m, else red. */
export function FenceInfo({ nearest, hasFences }: FenceInfoProps) {
  const { t } = useTranslation('clock');
  const language = useLanguageStore(selectLanguage);
  if (!hasFences) {
    return (
      <Text size="sm" c="dimmed">
        {t('noFence')}
      </Text>
    );
  }
  if (!nearest) return null;
  return (
    <Group justify="space-between" gap="xs" data-testid="clock-fence">
      <div>
        <Text size="xs" c="dimmed">
          {t('nearestFence')}
        </Text>
        <Text size="sm" fw={600}>
          {nearest.desc}
        </Text>
      </div>
      <Badge color={fenceBadgeColor(nearest.dist)} variant="filled" tt="none" data-testid="clock-fence-distance">
        {formatDistance(nearest.dist, language)}
      </Badge>
    </Group>
  );
}
