import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { AuthCard } from './AuthCard';

interface AuthPageShellProps {
  title: string;
  /** A line under the title saying what the page asks for. */
  intro?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** The card of the password pages, with their title. */
export function AuthPageShell({ title, intro, children, testId }: AuthPageShellProps) {
  return (
    <AuthCard languageSwitch={<LanguageSwitch />} testId={testId}>
      <Title order={2} ta="center">
        {title}
      </Title>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
      {children}
    </AuthCard>
  );
}
