import { useState } from 'react';
import { Badge, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { AuditSubject } from '../api/audit';
import { auditQueries } from '../api/queries';
import { useAuditT } from '../utils';
import { AuditStatus } from './AuditTable';

/** Search box and its results: employees (and their punches and vacation), requests, surveys. */
export function SubjectSearch({ onPick, picked }: { onPick: (s: AuditSubject) => void; picked?: AuditSubject }) {
  const { t, tr } = useAuditT();
  const [q, setQ] = useState('');
  // The search runs 300 ms after the last key (the server records every search).
  const [text] = useDebouncedValue(q.trim(), 300);
  const { data, error } = useQuery(auditQueries.subjects(text));
  const typed = q.trim().length >= 2;
  const items = typed && text.length >= 2 ? data : undefined;
  return (
    <Stack gap="xs">
      <TextInput
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="audit-search"
      />
      <AuditStatus error={typed && error} />
      {typed && items === undefined && !error && <Loader size="sm" />}
      {items?.length === 0 && <Text c="dimmed">{t('search.none')}</Text>}
      {items?.map((s) => {
        const active = picked?.kind === s.kind && picked.id === s.id;
        return (
          <UnstyledButton
            key={`${s.kind}-${s.id}`}
            onClick={() => onPick(s)}
            data-testid={`audit-subject-${s.kind}`}
            p={6}
            style={{ borderRadius: 6, background: active ? 'var(--mantine-color-blue-light)' : undefined }}
          >
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" miw={120} style={{ flexShrink: 0 }}>
                {tr(`kinds.${s.kind}`)}
              </Badge>
              <Text size="sm" fw={500}>
                {s.label}
              </Text>
              {s.detail && (
                <Text size="xs" c="dimmed">
                  {s.detail}
                </Text>
              )}
            </Group>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
