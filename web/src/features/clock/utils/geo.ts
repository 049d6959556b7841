import type { Fence } from '@/lib/session-types';
import type { NearestFence } from '../api/types';

// spec portal-core §9: earth radius 6371 km; distance rings 100 m (green),
// 200 m (blue), 500 m (red).
export const EARTH_RADIUS_KM = 6371;
export const DISTANCE_RINGS_M = [
  { radius: 100, color: 'green' },
  { radius: 200, color: 'blue' },
  { radius: 500, color: 'red' },
] as const;

export type RingColor = (typeof DISTANCE_RINGS_M)[number]['color'];

export interface LatLon {
  lat: number;
  lon: number;
}

/** Reads a coordinate that may come as text; undefined when not a finite number. */
export function toCoordinate(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? n : undefined;
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine formula). */
export function haversineMeters(a: LatLon, b: LatLon): number {
  const dLat = toRad(b.lat - a.lat);
  const dLon = toRad(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * 1000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The fence closest to a position with its distance in whole metres, or null without fences. */
export function nearestFence(fences: readonly Fence[] | null | undefined, position: LatLon): NearestFence | null {
  let best: NearestFence | null = null;
  for (const f of fences ?? []) {
    const lat = toCoordinate(f.lat);
    const lon = toCoordinate(f.lon);
    if (lat === undefined || lon === undefined) continue;
    const dist = Math.round(haversineMeters(position, { lat, lon }));
    if (!best || dist < best.dist) best = { desc: f.desc, lat, lon, dist };
  }
  return best;
}

/** Badge colour for a distance: ≤100 m green, ≤200 m blue, otherwise red. */
export function fenceBadgeColor(distMetres: number): RingColor {
  if (distMetres <= DISTANCE_RINGS_M[0].radius) return 'green';
  if (distMetres <= DISTANCE_RINGS_M[1].radius) return 'blue';
  return 'red';
}
