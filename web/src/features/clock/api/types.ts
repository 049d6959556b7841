// Types of the time-clock calls (docs/api.md, "Time clock").

/** A saved time-clock address (address book entry). */
export interface SavedAddress {
  ukey: string;
  endereco: string;
  latitude: number | string;
  longitude: number | string;
  timestamp?: string;
}

/** One time-clock history record. */
export interface MarkRecord {
  n09_001_t: string;
  endereco: string;
  /** Moved or added by an approved punch adjustment. */
  ajustada?: boolean;
  /** Recorded by HR for the employee (docs/api.md "HR marking"): by whom and why. */
  rh?: { autorId: string; autorNome: string; motivo: string; tipo: string };
}

export type PlaceSource = 'address' | 'fence' | 'coordinates';

export interface ApproximatePlace {
  endereco: string;
  latitude: number | string;
  longitude: number | string;
  source: PlaceSource;
}

export interface PlaceText {
  endereco: string;
  latitude: string;
  longitude: string;
}

export interface NearestFence {
  desc: string;
  lat: number;
  lon: number;
  /** Metres. */
  dist: number;
}

export interface RegisterMarkPayload {
  n09_001_t: string;
  bygoogle: boolean;
  localSelecionado: PlaceText;
  localCapturado: PlaceText;
  cercaVirtual: { desc: string; lat: number; lon: number }[];
  cercaProxima: NearestFence | null;
}

export interface RegisterMarkResponse {
  success: boolean;
  data?: MarkRecord;
}
