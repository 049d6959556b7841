import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { queryErrorKey, useCommand } from '@/lib/query';
import { bulkDeleteRequests, bulkOutcome, type BulkDeleteResult } from '../api/bulk-delete';
import { requestKeys } from '../api/keys';
import type { Request } from '../api/types';
import { requestMessage, useRequestsT } from '../utils/i18n';

/** The button that deletes the picked requests, after a confirmation. */
export function BulkDeleteButton({ ids, onDone }: { ids: readonly string[]; onDone: (result: BulkDeleteResult | { error: string }) => void }) {
  const tx = useRequestsT();
  const [confirming, setConfirming] = useState(false);
  const remove = useCommand((v: readonly string[], ctx) => bulkDeleteRequests(v, ctx), {
    invalidates: [requestKeys.all],
    onSuccess: (r) => {
      setConfirming(false);
      onDone(r);
    },
    onError: (e) => {
      setConfirming(false);
      onDone({ error: queryErrorKey(e) });
    },
  });
  if (ids.length === 0) return null;
  return (
    <>
      <Button size="compact-sm" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={() => setConfirming(true)} data-testid="request-bulk-delete">
        {tx('bulk.delete', { count: ids.length })}
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={tx('bulk.confirmTitle')} data-testid="request-bulk-confirm">
        <Stack>
          <Text>{tx('bulk.confirmText', { count: ids.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {tx('bulk.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(ids)} data-testid="request-bulk-confirm-ok">
              {tx('bulk.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The outcome of a bulk delete (spec §8: success, failure and partial counts), each refused
 * request with its title (when it is on the page) and translated reason.
 */
export function BulkDeleteOutcome({ result, rows, onClose }: { result: BulkDeleteResult | { error: string }; rows: readonly Request[]; onClose: () => void }) {
  const tx = useRequestsT();
  if ('error' in result) {
    return (
      <Alert color="red" withCloseButton onClose={onClose} data-testid="request-bulk-outcome" data-outcome="failure" title={tx('bulk.failure')}>
        {requestMessage(result.error, tx('errors.could_not_perform'))}
      </Alert>
    );
  }
  const outcome = bulkOutcome(result);
  const color = outcome === 'success' ? 'green' : outcome === 'partial' ? 'yellow' : 'red';
  const title = (id: string) => rows.find((r) => r.ac4Ukey === id)?.titulo || id.slice(0, 8);
  return (
    <Alert color={color} withCloseButton onClose={onClose} data-testid="request-bulk-outcome" data-outcome={outcome} title={tx(`bulk.${outcome}`, { deleted: result.deleted.length, refused: result.refused.length })}>
      {result.refused.length > 0 && (
        <List size="sm" data-testid="request-bulk-refused">
          {result.refused.map((r) => (
            <List.Item key={r.id} data-request-id={r.id}>
              {tx('bulk.refusedItem', { title: title(r.id), reason: requestMessage(r.message, tx('errors.could_not_perform')) })}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
