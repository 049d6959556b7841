import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Box, Paper, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MenuEntryPickerProps, MenuEntryRef } from '@/lib/menu-entry';
import { searchEntries } from '../utils/search-menu';

/** What can be found: a menu entry the user sees, with its title. */
export type SearchEntry = MenuEntryRef;

/**
 * Global search, full variant (spec portal-core §2): an icon opens the bar; Escape or a click
 * away closes it; menu titles match ignoring accents and case; at most 10 suggestions, or
 * 'no results..'; choosing one navigates.
 */
export function GlobalSearch({ entries, onChoose }: MenuEntryPickerProps<SearchEntry>) {
  const { t } = useTranslation('navigation');
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const close = () => {
    setOpened(false);
    setQuery('');
    setActive(0);
  };
  const ref = useClickOutside(() => opened && close());
  const results = useMemo(() => searchEntries(entries, query, (e) => e.title), [entries, query]);
  const showList = query.trim().length > 0;

  const choose = (id: string) => {
    close();
    onChoose(id);
  };

  if (!opened) {
    return (
      <Tooltip label={t('search.open')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('search.open')}
          data-testid="search-open"
          onClick={() => {
            setOpened(true);
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          <IconSearch size={22} />
        </ActionIcon>
      </Tooltip>
    );
  }

  return (
    <Box ref={ref} pos="relative" w={{ base: 200, sm: 300 }} data-testid="search-bar">
      <TextInput
        ref={input}
        autoFocus
        value={query}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={
          <ActionIcon variant="subtle" size="sm" onClick={close} aria-label={t('search.close')} data-testid="search-close">
            <IconX size={14} />
          </ActionIcon>
        }
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close();
          else if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, Math.max(results.length - 1, 0)));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter' && results[active]) choose(results[active].id);
        }}
        data-testid="search-input"
      />
      {showList && (
        <Paper shadow="md" withBorder pos="absolute" top="100%" left={0} right={0} mt={4} style={{ zIndex: 300 }} role="listbox">
          {results.length === 0 ? (
            <Text p="sm" size="sm" c="dimmed" data-testid="search-empty">
              {t('search.noResults')}
            </Text>
          ) : (
            <Stack gap={0}>
              {results.map((r, i) => (
                <UnstyledButton
                  key={r.id}
                  role="option"
                  aria-selected={i === active}
                  px="sm"
                  py={6}
                  bg={i === active ? 'var(--mantine-color-default-hover)' : undefined}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(r.id)}
                  data-testid={`search-result-${r.id}`}
                >
                  <Text size="sm">{r.title}</Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Paper>
      )}
    </Box>
  );
}
