// Drawer widths of the surveys (spec portal-business §2, §9): 450 px on small screens (440 in
// the back-office mode), 60% on medium, 80% on large, never wider than 1000 px.
export const SURVEY_DRAWER = { small: 450, back: 440, medium: '60%', large: '80%', max: 1000 } as const;

/** Mantine breakpoints (px) at which the medium and large widths apply. */
export const MEDIUM_MIN = 768;
export const LARGE_MIN = 1200;

/** The drawer size for a viewport width. */
export function surveyDrawerSize(viewport: number, back = false): number | string {
  if (viewport >= LARGE_MIN) return SURVEY_DRAWER.large;
  if (viewport >= MEDIUM_MIN) return SURVEY_DRAWER.medium;
  return back ? SURVEY_DRAWER.back : SURVEY_DRAWER.small;
}
