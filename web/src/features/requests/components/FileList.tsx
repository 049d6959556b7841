import { ActionIcon, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useRequestsT } from '../utils/i18n';
import { DocTypeIcon } from './DocTypeIcon';

/** Files chosen for upload, each with its type icon and a remove button. */
export function PendingFiles({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const tx = useRequestsT();
  if (files.length === 0) return null;
  return (
    <Stack gap={2} data-testid="request-pending-files">
      {files.map((f, i) => (
        <Group key={`${f.name}-${i}`} gap="xs" wrap="nowrap">
          <DocTypeIcon name={f.name} />
          <Text size="sm" truncate style={{ flex: 1 }}>
            {f.name}
          </Text>
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={tx('dialog.removeFile', { name: f.name })} onClick={() => onRemove(i)}>
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}

/** A download link (for attachments already stored). */
export function FileLink({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Anchor component="button" type="button" size="sm" onClick={onClick} data-testid="attachment-download">
      {name}
    </Anchor>
  );
}
