import type { Emo } from '@/lib/mood-levels';

export type { Emo };

// Shapes of the mood and energy calls (docs/api.md "Mood and energy").

/** GET /api/gen/HumorEnergy/checkin: whether the check-in panel shows. */
export interface CheckInState {
  /** The payroll tool pwa-rh-folha is purchased and tools_013c not denied. */
  enabled: boolean;
  /** Enabled and not within the cool-down. */
  visible: boolean;
  /** The cool-down of the request's host (30 min; 1 min on test or pre-release hosts). */
  coolDownSeconds: number;
  /** When the panel shows again; null when visible. */
  nextAt: string | null;
}

/** Body of POST /api/gen/HumorEnergy (spec portal-business §3 Mood/energy entry). */
export interface MoodEntry {
  humor: number;
  energy: number;
}

/** Answer of POST /api/gen/HumorEnergy. */
export interface CheckInResult {
  succeeded: boolean;
  humor: number;
  energy: number;
  data: string;
}

/** A check-in as an avatar shows it (spec §3 Avatar card emo). */

/** A team member of the nine-box (spec §3 Avatar card). */
export interface MoodMember {
  id: string;
  codigo: string;
  nome: string;
  picture: string;
  title: string;
  emo: Emo | null;
}

/** One box: humor and energy bands (0 low, 1 middle, 2 high). */
export interface NineBoxCell {
  humor: number;
  energy: number;
  members: MoodMember[];
}

/** GET /api/gen/HumorEnergy/ninebox. */
export interface NineBox {
  referenceDate: string;
  teamCount: number;
  moodCount: number;
  /** Nine boxes: energy high to low, then humor low to high. */
  boxes: NineBoxCell[];
  withoutMood: MoodMember[];
}

/** Data of the "mood.checked_in" push. */
export interface MoodPush {
  userHash: string;
  employeeId: string;
  humor: number;
  energy: number;
  data: string;
}
