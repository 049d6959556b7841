/** A target of a fence: an employee (with their registration code) or a department. */
export interface FenceTarget {
  id: string;
  name: string;
  code?: string;
}

/** A fence as HR's editor lists it (GET rh-app/cerca/adm). */
export interface FenceItem {
  id: string;
  name: string;
  lat: number;
  lon: number;
  radius: number;
  employees: FenceTarget[];
  departments: FenceTarget[];
  /** How many employees the fence applies to. */
  reach: number;
  updatedAt: string;
}

/** What HR edits of a fence. */
export interface FenceShape {
  name: string;
  lat: number;
  lon: number;
  radius: number;
}

/** One of the employee's own fences (GET rh-app/cerca/minhas). */
export interface MyFence {
  name: string;
  lat: number;
  lon: number;
  radius: number;
}

/** A list of fences with the map tiles' URL template (empty: no tiles). */
export interface FenceList<T> {
  tileUrl: string;
  fences: T[];
}

export interface FenceTargets {
  employees: FenceTarget[];
  departments: FenceTarget[];
}
