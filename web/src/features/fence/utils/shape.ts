import type { FenceShape } from '../api/types';

/** Radius bounds in metres (server: domain/fence). */
export const MIN_RADIUS = 50;
export const MAX_RADIUS = 5000;

export type ShapeField = 'name' | 'lat' | 'lon' | 'radius';

/** The form's values as typed (numbers may be empty). */
export interface ShapeDraft {
  name: string;
  lat: number | string;
  lon: number | string;
  radius: number | string;
}

/**
 * Reads a draft into a shape for the server. Only what the form cannot send at all is
 * refused here (an empty field); the ranges are the server's to judge, so its translated
 * message is what HR reads (a radius of 0 is sent and refused with raio_fora_intervalo).
 */
export function toShape(d: ShapeDraft): { shape?: FenceShape; errors: Partial<Record<ShapeField, string>> } {
  const errors: Partial<Record<ShapeField, string>> = {};
  const num = (v: number | string, field: ShapeField) => {
    const n = typeof v === 'number' ? v : v.trim() === '' ? NaN : Number(v);
    if (Number.isNaN(n)) errors[field] = 'campo_obrigatorio';
    return n;
  };
  if (!d.name.trim()) errors.name = 'campo_obrigatorio';
  const shape = { name: d.name.trim(), lat: num(d.lat, 'lat'), lon: num(d.lon, 'lon'), radius: num(d.radius, 'radius') };
  return Object.keys(errors).length ? { errors } : { shape, errors };
}
