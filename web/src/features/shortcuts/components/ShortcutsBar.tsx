import { useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Group, Popover, ScrollArea, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MenuEntryPickerProps, MenuEntryRef } from '@/lib/menu-entry';
import { useCommand } from '@/lib/query';
import { useSessionStore } from '@/lib/session-store';
import { updateUserShortcuts } from '../api/update-user-shortcuts';
import { filterByTitle, parseShortcuts, toggleShortcut } from '../utils/shortcuts';

function setShortcuts(shortcuts: string) {
  useSessionStore.setState((s) => (s.user ? { user: { ...s.user, shortcuts } } : {}));
}

export interface ShortcutEntry extends MenuEntryRef {
  icon: ReactNode;
}

/**
 * The toolbar's shortcuts (spec portal-core §2): the user's shortcut entries, and a panel
 * listing the menu entries with a star that adds or removes each (saved with
 * updateUserShortcuts) and a field that filters them by title, case-insensitive.
 */
export function ShortcutsBar({ entries, onChoose }: MenuEntryPickerProps<ShortcutEntry>) {
  const { t } = useTranslation('navigation');
  const stored = useSessionStore((s) => s.user?.shortcuts);
  const list = useMemo(() => parseShortcuts(stored), [stored]);
  const [filter, setFilter] = useState('');
  const [opened, setOpened] = useState(false);
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const shown = list.map((id) => byId.get(id)).filter((e): e is ShortcutEntry => Boolean(e));
  const filtered = filterByTitle(entries, filter, (e) => e.title);

  // The star shows at once; a refusal puts the previous list back.
  const saving = useCommand(updateUserShortcuts, {
    onMutate: (next) => {
      const before = useSessionStore.getState().user?.shortcuts ?? '';
      setShortcuts(next);
      return before;
    },
    onError: (_err, _next, before) => {
      setShortcuts(before ?? '');
      notifications.show({ color: 'red', message: t('shortcuts.saveFailed') });
    },
  });
  const toggle = (id: string) => {
    const before = useSessionStore.getState().user?.shortcuts ?? '';
    // Only ids the user still sees are sent: the server refuses the others.
    saving.mutate(toggleShortcut(parseShortcuts(before), id).filter((x) => byId.has(x)).join(','));
  };

  return (
    <Group gap={2} wrap="nowrap" data-testid="shortcuts-bar">
      {shown.map((e) => (
        <Tooltip key={e.id} label={e.title}>
          <ActionIcon variant="subtle" size="lg" aria-label={e.title} onClick={() => onChoose(e.id)} data-testid={`shortcut-${e.id}`}>
            {e.icon}
          </ActionIcon>
        </Tooltip>
      ))}
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={300} withinPortal trapFocus>
        <Popover.Target>
          <Tooltip label={t('shortcuts.open')} disabled={opened}>
            <ActionIcon
              variant="subtle"
              size="lg"
              color="yellow"
              aria-label={t('shortcuts.open')}
              onClick={() => setOpened((o) => !o)}
              data-testid="shortcuts-open"
            >
              <IconStar size={20} />
            </ActionIcon>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown data-testid="shortcuts-panel">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('shortcuts.title')}
            </Text>
            {shown.length === 0 && (
              <Text size="xs" c="dimmed">
                {t('shortcuts.none')}
              </Text>
            )}
            <TextInput
              size="xs"
              value={filter}
              onChange={(e) => setFilter(e.currentTarget.value)}
              placeholder={t('shortcuts.filter')}
              aria-label={t('shortcuts.filter')}
              data-testid="shortcuts-filter"
            />
            <ScrollArea.Autosize mah={320}>
              <Stack gap={0}>
                {filtered.map((e) => {
                  const on = list.includes(e.id);
                  return (
                    <Group key={e.id} justify="space-between" wrap="nowrap" gap="xs" data-testid={`shortcut-entry-${e.id}`}>
                      <UnstyledButton
                        onClick={() => {
                          setOpened(false);
                          onChoose(e.id);
                        }}
                        style={{ flex: 1, minWidth: 0 }}
                      >
                        <Group gap="xs" wrap="nowrap">
                          {e.icon}
                          <Text size="sm" truncate>
                            {e.title}
                          </Text>
                        </Group>
                      </UnstyledButton>
                      <ActionIcon
                        variant="subtle"
                        color="yellow"
                        aria-pressed={on}
                        aria-label={on ? t('shortcuts.remove') : t('shortcuts.add')}
                        onClick={() => toggle(e.id)}
                        data-testid={`shortcut-toggle-${e.id}`}
                      >
                        {on ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                      </ActionIcon>
                    </Group>
                  );
                })}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
