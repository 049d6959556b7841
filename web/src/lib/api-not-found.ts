// A 404 from the general API sends the browser to the error page (spec portal-core §7 and
// §8, portal-business §7: "routes a 404 answer to the error page /pages/errors/error-404").
// Only a 404 about the address itself counts: the server answers an unknown call with the
// item {type: "request"}, while a 404 that names a field (a request id no longer there,
// {type: "id"}) is a message the screen shows on that field and must stay on the screen.
import type { ApiError } from './api';

type Handler = () => void;

let handler: Handler | null = null;

/** Sets what a 404 of an address does (the signed-in app navigates; null removes it). */
export function setApiNotFoundHandler(next: Handler | null): void {
  handler = next;
}

/** Whether an error is a 404 of the address itself: the server's {type: "request"} item, and no field named. */
export function isAddressNotFound(error: ApiError): boolean {
  return error.status === 404 && error.errors.length > 0 && error.errors.every((e) => e.type === '' || e.type === 'request');
}

/** Called by the API client with every failed answer. */
export function reportApiError(error: ApiError): void {
  if (handler && isAddressNotFound(error)) handler();
}
