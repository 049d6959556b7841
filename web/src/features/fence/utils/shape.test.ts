import { describe, expect, it } from 'vitest';
import { toShape } from './shape';

describe('toShape', () => {
  it('reads a complete draft', () => {
    expect(toShape({ name: ' Sede ', lat: '-23.5', lon: -46.6, radius: 200 })).toEqual({
      shape: { name: 'Sede', lat: -23.5, lon: -46.6, radius: 200 },
      errors: {},
    });
  });

  it('leaves a radius of 0 to the server', () => {
    expect(toShape({ name: 'Sede', lat: 1, lon: 2, radius: 0 }).shape?.radius).toBe(0);
  });

  it('marks empty fields as required', () => {
    expect(toShape({ name: ' ', lat: '', lon: 2, radius: '' }).errors).toEqual({
      name: 'campo_obrigatorio',
      lat: 'campo_obrigatorio',
      radius: 'campo_obrigatorio',
    });
  });
});
