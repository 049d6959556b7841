import { useEffect, useState } from 'react';
import { Alert, Badge, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { findSubjects, type AuditSubject } from '../api/audit';
import { useAuditT } from '../utils';

/** Search box and its results: employees (and their punches and vacation), requests, surveys. */
export function SubjectSearch({ onPick, picked }: { onPick: (s: AuditSubject) => void; picked?: AuditSubject }) {
  const { t, tr, error } = useAuditT();
  const [q, setQ] = useState('');
  const [items, setItems] = useState<AuditSubject[] | undefined>();
  const [failed, setFailed] = useState<unknown>();
  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) {
      setItems(undefined);
      return;
    }
    const c = new AbortController();
    const timer = setTimeout(() => {
      findSubjects(text, c.signal).then(
        (r) => {
          setItems(r);
          setFailed(undefined);
        },
        (e) => !c.signal.aborted && setFailed(e),
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      c.abort();
    };
  }, [q]);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        data-testid="audit-search"
      />
      {failed !== undefined && <Alert color="red">{error(failed)}</Alert>}
      {q.trim().length >= 2 && items === undefined && failed === undefined && <Loader size="sm" />}
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
