import type { ReactNode } from 'react';
import { Title } from '@mantine/core';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { AuthCard } from './AuthCard';

/** The card of the password pages, with their title. */
export function AuthPageShell({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <AuthCard languageSwitch={<LanguageSwitch />} testId={testId}>
      <Title order={2} ta="center">
        {title}
      </Title>
      {children}
    </AuthCard>
  );
}
