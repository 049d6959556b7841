// The routes of the three request screens (spec portal-business §2, portal-core §2): each is
// label/:labelId/:requestId?, filter/:filterHandle/:requestId? or :folderHandle/:requestId?
// under its base, with a default folder (all for the user's requests, waiting for the
// approver and delivery queues).
import type { RequestSource } from '../api/types';

export const REQUEST_BASE: Record<RequestSource, string> = {
  request: '/apps/request',
  approver: '/apps/requestApprover',
  delivery: '/apps/requestDelivery',
};

/** The menu entries of the three screens (web/src/app/menu/menu.json). */
export const REQUEST_MENU_ID: Record<RequestSource, string> = {
  request: 'tools_001',
  approver: 'tools_002',
  delivery: 'tools_003',
};

export const FOLDERS = ['all', 'waiting'] as const;
export type Folder = (typeof FOLDERS)[number];

export const DEFAULT_FOLDER: Record<RequestSource, Folder> = {
  request: 'all',
  approver: 'waiting',
  delivery: 'waiting',
};

/** What the list shows: a folder, a filter or a label. */
export type ListScope = { kind: 'folder'; id: string } | { kind: 'filter'; id: string } | { kind: 'label'; id: string };

export function sameScope(a: ListScope, b: ListScope): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** The path of a scope, with the open request when there is one. */
export function scopePath(source: RequestSource, scope: ListScope, requestId?: string): string {
  const base = REQUEST_BASE[source];
  const head =
    scope.kind === 'folder' ? `${base}/${encodeURIComponent(scope.id)}` : `${base}/${scope.kind}/${encodeURIComponent(scope.id)}`;
  return requestId ? `${head}/${encodeURIComponent(requestId)}` : head;
}

/** Reads the scope and open request from the route's params. */
export function scopeOf(
  source: RequestSource,
  params: { labelId?: string; filterHandle?: string; folderHandle?: string },
): ListScope {
  if (params.labelId) return { kind: 'label', id: params.labelId };
  if (params.filterHandle) return { kind: 'filter', id: params.filterHandle };
  return { kind: 'folder', id: params.folderHandle ?? DEFAULT_FOLDER[source] };
}

export function sourceOfPath(pathname: string): RequestSource | undefined {
  // Longest base first: /apps/request is a prefix of the other two.
  const order: RequestSource[] = ['approver', 'delivery', 'request'];
  return order.find((s) => pathname === REQUEST_BASE[s] || pathname.startsWith(`${REQUEST_BASE[s]}/`));
}
