import { useEffect, useState } from 'react';
import { getApproximatePlace } from '../api/get-approximate-place';
import { useClockStore } from '../store/clock-store';
import { GEOLOCATION_OPTIONS, type ClockPlace } from '../utils/register-rules';

export type LocationStatus = 'idle' | 'locating' | 'ready' | 'error';
export type LocationErrorKey = 'locationError' | 'locationDenied' | 'locationUnsupported';

/** Raw coordinates text shown when no place name is known. */
export function coordinatesText(lat: number, lon: number): string {
  return `${lat.toFixed(6)}, ${lon.toFixed(6)}`;
}

/**
 * While `active`, asks the browser for the position (high accuracy, 5 s,
 * no cache), then the server for the approximate place (3 s); without one
 * the raw "lat, lon" is used (spec portal-core §4). The result goes to the
 * clock store as the captured place.
 */
export function useCaptureLocation(active: boolean) {
  const setCaptured = useClockStore((s) => s.setCaptured);
  const [status, setStatus] = useState<LocationStatus>('idle');
  const [errorKey, setErrorKey] = useState<LocationErrorKey | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    const controller = new AbortController();
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setStatus('error');
      setErrorKey('locationUnsupported');
      return;
    }
    setStatus('locating');
    setErrorKey(null);
    navigator.geolocation.getCurrentPosition(
      async (pos) => {
        if (cancelled) return;
        const lat = pos.coords.latitude;
        const lon = pos.coords.longitude;
        const raw: ClockPlace = {
          endereco: coordinatesText(lat, lon),
          latitude: lat,
          longitude: lon,
          source: 'coordinates',
        };
        let place = raw;
        try {
          const found = await getApproximatePlace(lat, lon, controller.signal);
          if (found?.endereco) place = { ...raw, endereco: found.endereco, source: found.source ?? 'coordinates' };
        } catch {
          // No approximate place (time-out, error): keep the raw coordinates.
        }
        if (cancelled) return;
        setCaptured(place);
        setStatus('ready');
      },
      (err) => {
        if (cancelled) return;
        setStatus('error');
        setErrorKey(err?.code === 1 ? 'locationDenied' : 'locationError');
      },
      GEOLOCATION_OPTIONS,
    );
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [active, attempt, setCaptured]);

  return { status, errorKey, retry: () => setAttempt((a) => a + 1) };
}
