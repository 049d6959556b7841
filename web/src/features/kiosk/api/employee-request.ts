import { buildUrl, toApiError, type QueryValue } from '@/lib/api';
import { useLanguageStore } from '@/lib/language-store';

/**
 * A call made as the employee at the kiosk, with the employee's own token: the shared client
 * (lib/api.ts) always sends the kiosk session's token, which must stay untouched.
 */
export async function employeeRequest<T>(
  method: string,
  path: string,
  { token, query, body, idempotencyKey }: { token?: string; query?: Record<string, QueryValue>; body?: unknown; idempotencyKey?: string },
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': useLanguageStore.getState().language,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(buildUrl(path, query), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
