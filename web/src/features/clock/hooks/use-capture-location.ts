import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { clockQueries } from '../api/queries';
import type { LatLon } from '../utils/geo';
import { GEOLOCATION_OPTIONS, type ClockPlace } from '../utils/register-rules';

export type LocationStatus = 'idle' | 'locating' | 'ready' | 'error';
export type LocationErrorKey = 'locationError' | 'locationDenied' | 'locationUnsupported';

/** Raw coordinates text shown when no place name is known. */
export function coordinatesText(lat: number, lon: number): string {
  return `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
}

type Located = { status: 'idle' | 'locating' } | { status: 'error'; errorKey: LocationErrorKey } | { status: 'located'; at: LatLon };

/**
 * While `active`, asks the browser for the position (high accuracy, 5 s, no cache), then the
 * server for the approximate place (3 s, clockQueries.place); without one the raw "lat, lon" is
 * used (spec portal-core §4). Answers the captured place once both are known.
 */
export function useCaptureLocation(active: boolean) {
  const [located, setLocated] = useState<Located>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // The position is browser state: asked again on each retry.
  useEffect(() => {
    if (!active) return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setLocated({ status: 'error', errorKey: 'locationUnsupported' });
      return;
    }
    let cancelled = false;
    setLocated({ status: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (pos) => !cancelled && setLocated({ status: 'located', at: { lat: pos.coords.latitude, lon: pos.coords.longitude } }),
      (err) => !cancelled && setLocated({ status: 'error', errorKey: err?.code === 1 ? 'locationDenied' : 'locationError' }),
      GEOLOCATION_OPTIONS,
    );
    return () => {
      cancelled = true;
    };
  }, [active, attempt]);

  const at = located.status === 'located' ? located.at : null;
  const place = useQuery(clockQueries.place(at));
  const looking = at !== null && place.isPending;
  const found = place.data;
  const captured = useMemo<ClockPlace | null>(() => {
    if (!at || looking) return null;
    const raw: ClockPlace = { endereco: coordinatesText(at.lat, at.lon), latitude: at.lat, longitude: at.lon, source: 'coordinates' };
    // No approximate place (time-out, error): the raw coordinates.
    return found?.endereco ? { ...raw, endereco: found.endereco, source: found.source ?? 'coordinates' } : raw;
  }, [at, looking, found]);

  const status: LocationStatus = located.status === 'located' ? (looking ? 'locating' : 'ready') : located.status;
  const errorKey = located.status === 'error' ? located.errorKey : null;
  return { status, errorKey, captured, retry: () => setAttempt((a) => a + 1) };
}
