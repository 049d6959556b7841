import { List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServerError } from '@/components/ServerError';
import { fenceQueries } from '../api/queries';
import { FenceMap } from '../components/FenceMap';

/** /apps/rh/cerca: the employee's own fences on a read-only map, with their radius. */
export function MyFencesPage() {
  const { t } = useTranslation('fence');
  const { data, error, isPending } = useQuery(fenceQueries.mine());
  const fences = data?.fences ?? [];
  return (
    <Stack gap="md" maw={1000} data-testid="fence-mine-page">
      <div>
        <Title order={2}>{t('mine.title')}</Title>
        <Text c="dimmed">{t('mine.subtitle')}</Text>
      </div>
      {error && <ServerError error={error} />}
      {!isPending && !error && fences.length === 0 && (
        <Text data-testid="fence-mine-empty">{t('mine.empty')}</Text>
      )}
      {fences.length > 0 && (
        <>
          <FenceMap
            testId="fence-mine-map"
            tileUrl={data?.tileUrl ?? ''}
            fences={fences.map((f, i) => ({ key: String(i), name: f.name, lat: f.lat, lon: f.lon, radius: f.radius }))}
          />
          <List data-testid="fence-mine-list">
            {fences.map((f, i) => (
              <List.Item key={i} data-testid="fence-mine-item">
                <Text span fw={600}>
                  {f.name}
                </Text>{' '}
                <Text span c="dimmed">
                  {t('mine.radius', { radius: f.radius })}
                </Text>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
