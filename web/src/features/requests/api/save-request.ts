import type { CommandContext } from '@/lib/query';
import { createRequest } from './create-request';
import { sendRequest } from './send-request';
import type { Request } from './types';
import { updateRequest } from './update-request';
import { uploadAttachment } from './upload-attachment';

export interface SaveRequest {
  /** The request's body (utils/request-form draftBody). */
  body: Record<string, unknown>;
  /** Edit mode: the request whose fields are changed (type and member stay). */
  editingId?: string;
  /** Files to attach once the draft exists. */
  files: readonly File[];
  /** Send the draft to its first approver once saved. */
  send: boolean;
}

/** What a save did: the request it saved, and the failure of a later step (a file, the send). */
export interface Saved {
  request: Request;
  failed?: unknown;
}

/** Each step of a save gets its own key, derived from the save's: repeating the save repeats none. */
const step = (ctx: CommandContext | undefined, part: string): CommandContext | undefined =>
  ctx && { idempotencyKey: `${ctx.idempotencyKey}/${part}` };

/**
 * Saves the request form (spec §2): creates the draft (or updates the request), uploads its
 * files, then sends it when asked. A failure of the first call is thrown; once the request
 * exists a later failure is answered with it, so the draft can be shown where the file or the
 * send may be retried.
 */
export async function saveRequest({ body, editingId, files, send }: SaveRequest, ctx?: CommandContext): Promise<Saved> {
  const request = editingId
    ? await updateRequest({ ac4Ukey: editingId, body: { ...body, tipo: undefined, m01Ukey: undefined } }, step(ctx, 'save'))
    : await createRequest(body, step(ctx, 'save'));
  try {
    for (const [i, file] of files.entries()) await uploadAttachment({ requestId: request.ac4Ukey, file }, step(ctx, `file-${i}`));
    if (send && request.status === 'draft') await sendRequest(request.ac4Ukey, step(ctx, 'send'));
  } catch (failed) {
    return { request, failed };
  }
  return { request };
}
