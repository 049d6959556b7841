import { describe, expect, it } from 'vitest';
import { DISTANCE_RINGS_M, EARTH_RADIUS_KM, fenceBadgeColor, haversineMeters, nearestFence, toCoordinate } from './geo';

describe('haversine', () => {
  it('uses an earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // One degree of latitude = 2πR/360.
    const oneDegree = (2 * Math.PI * 6371 * 1000) / 360;
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(oneDegree, 3);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { lat: -23.5505, lon: -46.6333 };
    const b = { lat: -22.9068, lon: -43.1729 };
    expect(haversineMeters(a, a)).toBe(0);
    expect(haversineMeters(a, b)).toBeCloseTo(haversineMeters(b, a), 6);
    // São Paulo to Rio de Janeiro, about 361 km as the crow flies.
    expect(haversineMeters(a, b) / 1000).toBeGreaterThan(355);
    expect(haversineMeters(a, b) / 1000).toBeLessThan(365);
  });
});

describe('nearest fence', () => {
  const fences = [
    { desc: 'Matriz', lat: -23.5505, lon: -46.6333 },
    { desc: 'Filial', lat: -23.5605, lon: -46.6333 },
  ];

  it('picks the closest fence with its distance in whole metres', () => {
    const near = nearestFence(fences, { lat: -23.5595, lon: -46.6333 });
    expect(near?.desc).toBe('Filial');
    expect(near?.dist).toBe(111);
    expect(near).toMatchObject({ lat: -23.5605, lon: -46.6333 });
  });

  it('returns null without fences and skips unreadable ones', () => {
    expect(nearestFence([], { lat: 0, lon: 0 })).toBeNull();
    expect(nearestFence(undefined, { lat: 0, lon: 0 })).toBeNull();
    expect(
      nearestFence([{ desc: 'bad', lat: Number.NaN, lon: 0 }, ...fences], { lat: -23.5505, lon: -46.6333 })?.desc,
    ).toBe('Matriz');
  });

  it('accepts coordinates given as text', () => {
    expect(toCoordinate('-23,55')).toBe(-23.55);
    expect(toCoordinate('')).toBeUndefined();
    expect(toCoordinate('abc')).toBeUndefined();
  });
});

describe('distance badge', () => {
  it('keeps the 100/200/500 m rings', () => {
    expect(DISTANCE_RINGS_M.map((r) => r.radius)).toEqual([100, 200, 500]);
  });

  it('is green up to 100 m, blue up to 200 m, red beyond', () => {
    expect(fenceBadgeColor(0)).toBe('green');
    expect(fenceBadgeColor(100)).toBe('green');
    expect(fenceBadgeColor(101)).toBe('blue');
    expect(fenceBadgeColor(200)).toBe('blue');
    expect(fenceBadgeColor(201)).toBe('red');
    expect(fenceBadgeColor(5000)).toBe('red');
  });
});
