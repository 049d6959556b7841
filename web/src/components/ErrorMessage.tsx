import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { HOME_PATH } from '@/lib/config';

interface ErrorMessageProps {
  title: string;
  text: string;
  backHome: string;
  testId: string;
}

/** The body of the error pages (404, 500): a title, a line and a way home. */
export function ErrorMessage({ title, text, backHome, testId }: ErrorMessageProps) {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" data-testid={testId}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to={HOME_PATH} variant="light">
          {backHome}
        </Button>
      </Stack>
    </Center>
  );
}
