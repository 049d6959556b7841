import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { homeQueries } from '../api/queries';

/**
 * The home's notices (dynamic messages of the tenant shown today); hidden when there are none,
 * or when they could not be read (the home stays usable without them).
 */
export function DynamicMessagesCard() {
  const { t } = useTranslation('home');
  const messages = useQuery(homeQueries.messages()).data ?? [];
  if (messages.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="home-messages">
      <Group gap="xs" mb="sm">
        <IconSpeakerphone size={20} />
        <Title order={4}>{t('messages.title')}</Title>
      </Group>
      <Stack gap="sm">
        {messages.map((m) => (
          <div key={m.id} data-testid="home-message">
            <Text fw={600} size="sm">
              {m.titulo}
            </Text>
            <Text size="sm" c="dimmed">
              {m.mensagem}
            </Text>
            {m.link && m.link.startsWith('/') && (
              <Anchor component={Link} to={m.link} size="sm">
                {t('messages.open')}
              </Anchor>
            )}
          </div>
        ))}
      </Stack>
    </Card>
  );
}
