import type { ReactNode } from 'react';
import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api';
import { ServerError } from './ServerError';

interface QueryStatusProps {
  query: Pick<UseQueryResult<unknown, ApiError>, 'error' | 'isPending'>;
  /** The translated text of a failure; without it the server's key is translated (ServerError). */
  message?: (error: ApiError) => ReactNode;
}

/**
 * What a screen shows while its query has no data: a loader while pending, the failure's
 * message (red) when it failed. Nothing once the data is there.
 */
export function QueryStatus({ query, message }: QueryStatusProps) {
  if (query.error) return message ? <Alert color="red">{message(query.error)}</Alert> : <ServerError error={query.error} />;
  if (query.isPending) return <Loader />;
  return null;
}
