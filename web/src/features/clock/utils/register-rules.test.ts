import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from '@/lib/datetime';
import {
  GEOLOCATION_OPTIONS,
  buildRegisterPayload,
  canChooseOtherAddress,
  canRegister,
  canSearchAddress,
  isOnLayoff,
  registerBlockReason,
  type ClockPlace,
} from './register-rules';

const today = new Date(2024, 7, 15, 9, 30, 5); // 15 Aug 2024, local time
const place: ClockPlace = { endereco: 'Av. Paulista, 1000', latitude: -23.5614, longitude: -46.6559, source: 'address' };
const base = { selected: place, layoff: [], registered: false, busy: false, today };

describe('register button rules', () => {
  it('is enabled with an address that has latitude and longitude', () => {
    expect(registerBlockReason(base)).toBeNull();
    expect(canRegister(base)).toBe(true);
  });

  it('is disabled without an address or without coordinates', () => {
    expect(registerBlockReason({ ...base, selected: null })).toBe('no-address');
    expect(registerBlockReason({ ...base, selected: { endereco: 'x', source: 'typed' } })).toBe('no-address');
    expect(registerBlockReason({ ...base, selected: { ...place, longitude: Number.NaN } })).toBe('no-address');
  });

  it('is disabled while a layoff period covers today', () => {
    expect(registerBlockReason({ ...base, layoff: [{ start: '2024-08-01', end: '2024-08-31' }] })).toBe('layoff');
    expect(registerBlockReason({ ...base, layoff: [{ start: '2024-08-15', end: '2024-08-15' }] })).toBe('layoff');
    expect(registerBlockReason({ ...base, layoff: [{ start: '2024-08-10', end: null }] })).toBe('layoff');
    expect(canRegister({ ...base, layoff: [{ start: '2024-08-16', end: '2024-08-20' }] })).toBe(true);
    expect(canRegister({ ...base, layoff: [{ start: '2024-07-01', end: '2024-08-14' }] })).toBe(true);
  });

  it('stays disabled after a successful registration', () => {
    expect(registerBlockReason({ ...base, registered: true })).toBe('registered');
  });

  it('reads layoff dates that carry a time part', () => {
    expect(isOnLayoff([{ start: '2024-08-15T00:00:00', end: '2024-08-15T00:00:00' }], today)).toBe(true);
    expect(isOnLayoff([], today)).toBe(false);
    expect(isOnLayoff(undefined, today)).toBe(false);
  });
});

describe('other addresses', () => {
  it('shows only when altera_localizacao is 0', () => {
    expect(canChooseOtherAddress({ altera_localizacao: 0 })).toBe(true);
    expect(canChooseOtherAddress({ altera_localizacao: 1 })).toBe(false);
    expect(canChooseOtherAddress({})).toBe(false);
    expect(canChooseOtherAddress(undefined)).toBe(false);
  });

  it('disables search at 5 saved addresses', () => {
    expect(canSearchAddress(4)).toBe(true);
    expect(canSearchAddress(5)).toBe(false);
  });
});

describe('payload', () => {
  it('asks the browser for a fresh, precise position within 5 s', () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 5000, maximumAge: 0 });
  });

  it('formats n09_001_t as local YYYY-MM-DDTHH:mm:ss', () => {
    expect(formatLocalDateTime(today)).toBe('2024-08-15T09:30:05');
  });

  it('carries both places as text and the nearest fence measured from the captured place', () => {
    const captured: ClockPlace = { endereco: '-23.561400, -46.655900', latitude: -23.5614, longitude: -46.6559, source: 'coordinates' };
    const selected: ClockPlace & { latitude: number; longitude: number } = {
      endereco: 'Casa',
      latitude: -23.6,
      longitude: -46.7,
      source: 'address',
    };
    const payload = buildRegisterPayload({
      now: today,
      selected,
      captured,
      fences: [
        { desc: 'Paulista', lat: -23.5614, lon: -46.6568 },
        { desc: 'Longe', lat: -22.9, lon: -43.2 },
      ],
    });
    expect(payload.n09_001_t).toBe('2024-08-15T09:30:05');
    expect(payload.bygoogle).toBe(false);
    expect(payload.localSelecionado).toEqual({ endereco: 'Casa', latitude: '-23.6', longitude: '-46.7' });
    expect(payload.localCapturado).toEqual({ endereco: captured.endereco, latitude: '-23.5614', longitude: '-46.6559' });
    expect(payload.cercaVirtual).toHaveLength(2);
    expect(payload.cercaProxima?.desc).toBe('Paulista');
    expect(payload.cercaProxima?.dist).toBeGreaterThan(85);
    expect(payload.cercaProxima?.dist).toBeLessThan(100);
  });

  it('sends cercaProxima null without fences', () => {
    const p = buildRegisterPayload({ now: today, selected: { ...place, latitude: 1, longitude: 2 }, captured: null, fences: [] });
    expect(p.cercaProxima).toBeNull();
    expect(p.localCapturado).toEqual({ endereco: '', latitude: '', longitude: '' });
  });
});
