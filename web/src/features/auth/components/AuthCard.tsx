import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack } from '@mantine/core';
import { BuildVersion } from '@/components/BuildVersion';

interface AuthCardProps {
  /** The language switch, top right (the login page's loads lazily). */
  languageSwitch: ReactNode;
  children: ReactNode;
  /** Shown below the card (the cookie banner). */
  aside?: ReactNode;
  testId?: string;
}

/** The chrome-less card of the sign-in pages (spec portal-core §2: no navigation, toolbar or footer), the build version at its foot. */
export function AuthCard({ languageSwitch, children, aside, testId }: AuthCardProps) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)" data-testid={testId}>
      <Group justify="flex-end" p="md">
        {languageSwitch}
      </Group>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="sm" radius="md" p="xl" w={420} maw="100%">
          <Stack gap="lg">
            {children}
            <Group justify="center">
              <BuildVersion />
            </Group>
          </Stack>
        </Paper>
      </Center>
      {aside}
    </Box>
  );
}
