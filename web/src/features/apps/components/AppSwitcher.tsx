import { ActionIcon, Anchor, Badge, Drawer, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconGridDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '@/lib/config';
import { formatDate } from '../utils/format';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { useActiveAppStore } from '../store/active-app-store';
import { activeAppOf, APP_SWITCHER_WIDTH, cloudSettingsUrl, visibleApps, type AppId } from '../utils/apps';

/**
 * The app switcher drawer (spec portal-core §1, §9: 350 px): the apps the user's keys allow,
 * each with its release-date badge, and the cloud settings link.
 */
export function AppSwitcher() {
  const { t, i18n } = useTranslation('apps');
  const user = useSessionStore(selectUser);
  const chosen = useActiveAppStore((s) => s.app);
  const active = activeAppOf(user, chosen)?.id;
  const choose = useActiveAppStore((s) => s.choose);
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const apps = visibleApps(user);
  const settingsUrl = cloudSettingsUrl(user);
  if (apps.length === 0 && !settingsUrl) return null;

  const pick = (id: AppId) => {
    choose(id);
    close();
    navigate(HOME_PATH);
  };

  return (
    <>
      <Tooltip label={t('title')}>
        <ActionIcon variant="subtle" size="lg" onClick={open} aria-label={t('title')} data-testid="app-switcher-button">
          <IconGridDots size={20} />
        </ActionIcon>
      </Tooltip>
      <Drawer opened={opened} onClose={close} position="right" size={APP_SWITCHER_WIDTH} title={t('title')} data-testid="app-switcher">
        <Stack gap="sm">
          {apps.map((a) => (
            <UnstyledButton
              key={a.id}
              onClick={() => pick(a.id)}
              data-testid={`app-${a.id}`}
              data-active={a.id === active || undefined}
              p="sm"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                border: `1px solid ${a.id === active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
              }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text fw={600}>{t(`apps.${a.id}`)}</Text>
                  <Text size="xs" c="dimmed">
                    {a.roles.map((r) => t(`roles.${r}` as 'roles.employee')).join(', ')}
                  </Text>
                </Stack>
                <Badge variant="light" size="sm" data-testid={`app-${a.id}-release`}>
                  {t('released', { date: formatDate(a.released, i18n.language) })}
                </Badge>
              </Group>
            </UnstyledButton>
          ))}
          {settingsUrl && (
            <Anchor href={settingsUrl} target="_blank" rel="noreferrer" data-testid="app-cloud-settings">
              {t('cloudSettings')}
            </Anchor>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
