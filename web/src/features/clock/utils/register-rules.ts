import { formatLocalDateTime, localDateKey } from '@/lib/datetime';
import type { DynamicAccess, Fence, LayoffPeriod } from '@/lib/session-types';
import type { PlaceSource, PlaceText, RegisterMarkPayload } from '../api/types';
import { nearestFence, toCoordinate } from './geo';

/** At most 5 saved addresses; the search button is disabled at the limit (spec §5, §9). */
export const MAX_SAVED_ADDRESSES = 5;

/** Browser location request options (spec portal-core §9). */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 5000,
  maximumAge: 0,
};

/** Where the text of an address came from. */
export type ClockPlaceSource = PlaceSource | 'google' | 'typed';

export interface ClockPlace {
  endereco: string;
  latitude?: number;
  longitude?: number;
  source: ClockPlaceSource;
  /** The saved address it came from, if any. */
  ukey?: string;
}

export function hasCoordinates(place: ClockPlace | null | undefined): place is ClockPlace & {
  latitude: number;
  longitude: number;
} {
  return (
    !!place &&
    typeof place.latitude === 'number' &&
    Number.isFinite(place.latitude) &&
    typeof place.longitude === 'number' &&
    Number.isFinite(place.longitude)
  );
}

/** True when a layoff period (YYYY-MM-DD, inclusive, open end allowed) covers `today`. */
export function isOnLayoff(periods: readonly LayoffPeriod[] | null | undefined, today: Date): boolean {
  const key = localDateKey(today);
  return (periods ?? []).some((p) => {
    const start = p.start?.slice(0, 10);
    const end = p.end?.slice(0, 10);
    if (start && key < start) return false;
    if (end && key > end) return false;
    return Boolean(start || end);
  });
}

/** The 'other addresses' section shows only when altera_localizacao equals 0 (spec §5). */
export function canChooseOtherAddress(access: DynamicAccess | null | undefined): boolean {
  return access?.altera_localizacao === 0;
}

export function canSearchAddress(savedCount: number): boolean {
  return savedCount < MAX_SAVED_ADDRESSES;
}

export type RegisterBlock = 'no-address' | 'layoff' | 'registered' | 'busy';

export interface RegisterState {
  selected: ClockPlace | null;
  layoff: readonly LayoffPeriod[] | null | undefined;
  registered: boolean;
  busy: boolean;
  today: Date;
}

/**
 * Why the register button is disabled, or null when it is enabled: no
 * address with latitude and longitude, a layoff period covering today, or a
 * successful registration since the panel opened (spec portal-core §4).
 */
export function registerBlockReason(s: RegisterState): RegisterBlock | null {
  if (s.registered) return 'registered';
  if (isOnLayoff(s.layoff, s.today)) return 'layoff';
  if (!hasCoordinates(s.selected)) return 'no-address';
  if (s.busy) return 'busy';
  return null;
}

export function canRegister(s: RegisterState): boolean {
  return registerBlockReason(s) === null;
}

function placeText(place: ClockPlace | null | undefined): PlaceText {
  return {
    endereco: place?.endereco ?? '',
    latitude: place?.latitude !== undefined ? String(place.latitude) : '',
    longitude: place?.longitude !== undefined ? String(place.longitude) : '',
  };
}

/** Builds the registrar-ponto body (spec portal-core §3, "Clock registration payload"). */
export function buildRegisterPayload(args: {
  now: Date;
  selected: ClockPlace & { latitude: number; longitude: number };
  captured: ClockPlace | null;
  fences: readonly Fence[] | null | undefined;
}): RegisterMarkPayload {
  const { now, selected, captured, fences } = args;
  // The nearest fence is measured from where the person is (captured); the
  // selected place stands in when the browser gave no position.
  const from = hasCoordinates(captured) ? captured : selected;
  const cercaVirtual = (fences ?? [])
    .map((f) => ({ desc: f.desc, lat: toCoordinate(f.lat), lon: toCoordinate(f.lon) }))
    .filter((f): f is { desc: string; lat: number; lon: number } => f.lat !== undefined && f.lon !== undefined);
  return {
    n09_001_t: formatLocalDateTime(now),
    bygoogle: selected.source === 'google',
    localSelecionado: placeText(selected),
    localCapturado: placeText(captured),
    cercaVirtual,
    cercaProxima: nearestFence(cercaVirtual, { lat: from.latitude, lon: from.longitude }),
  };
}
