import { api } from '@/lib/api';

/** The tenant's home page settings (spec portal-business §3 Home config id_300). */
export interface HomeConfig {
  home_page_greeting: string;
  home_page_title: string;
  home_page_message: string;
  home_page_bgimage: string;
  home_page_textcolor: string;
  home_page_bgcolor: string;
  home_page_boxcolor: string;
  /** 0 to 1; null: the default. */
  home_page_boxopacity: number | null;
  hideName: boolean;
}

/** GET /api/gen/HomePage/config?tenId. */
export function getHomeConfig(signal?: AbortSignal): Promise<HomeConfig> {
  return api.get<HomeConfig>('/api/gen/HomePage/config', { signal });
}
