import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

interface Props {
  testId: string;
  title: string;
  subtitle: string;
  /** The page's width at the most (none: the whole width). */
  maw?: number;
  children: ReactNode;
}

/** A people page: its title and subtitle over its content. */
export function PageShell({ testId, title, subtitle, maw, children }: Props) {
  return (
    <Stack gap="md" maw={maw} data-testid={testId}>
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{subtitle}</Text>
      </div>
      {children}
    </Stack>
  );
}
