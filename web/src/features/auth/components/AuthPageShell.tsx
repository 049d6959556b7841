import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Title } from '@mantine/core';
import { BuildVersion } from '@/components/BuildVersion';
import { LanguageSwitch } from '@/components/LanguageSwitch';

/** The chrome-less card of the password pages (spec portal-core §2: no navigation, toolbar or footer). */
export function AuthPageShell({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)" data-testid={testId}>
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center px="md" pb="xl">
        <Paper withBorder shadow="sm" radius="md" p="xl" w={420} maw="100%">
          <Stack gap="lg">
            <Title order={2} ta="center">
              {title}
            </Title>
            {children}
            <Group justify="center">
              <BuildVersion />
            </Group>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
