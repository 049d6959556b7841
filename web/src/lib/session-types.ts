// Shapes of the signed-in user and the tenant, as returned by the auth calls
// (docs/api.md, "Auth"). Shared because the layout, the home page and the
// clock all read them from the session store.

export interface TenantUrls {
  linkedin?: string | null;
  facebook?: string | null;
  youTube?: string | null;
  spotify?: string | null;
  url?: string | null;
  title?: string | null;
  /**
   * The tenant's own portal address (id_110 TenPortalUrl: the {portal} of its mail templates),
   * its TS Plus address (TenTsPlus) and the logo of its PDFs (id_130 Logo2Pdft01). The spec
   * lists them in the tenant info but places none of them on a screen.
   */
  portalUrl?: string | null;
  tsPlus?: string | null;
  logo2Pdft01?: string | null;
}

export interface TenantInfo {
  accessCode: string;
  tenantId: string;
  tenantName?: string;
  cognitoGrantTypes?: number;
  loginRedirect?: string | null;
  settings?: { layout?: string } | null;
  logo?: string | null;
  themes?: string | null;
  urls?: TenantUrls | null;
  provider?: { url?: string | null; title?: string | null } | null;
  /** The host's environment (lib/environment.ts), from the server. */
  environment?: string;
}

export interface DynamicAccess {
  altera_localizacao?: number;
  eNPS?: number;
  clima?: number;
  enquete?: number;
}

/** A layoff (leave) period; dates are YYYY-MM-DD, end may be open. */
export interface LayoffPeriod {
  start: string;
  end?: string | null;
}

/** A virtual fence. */
export interface Fence {
  desc: string;
  lat: number;
  lon: number;
}

/** Layout and theme settings (POST updateSettings; auth.Settings on the server). */
export interface UserSettings {
  layout?: 'layout1' | 'layout2' | 'layout3';
  navbarStyle?: 'style-1' | 'style-2' | 'style-3' | 'style-3-dense';
  navbar?: boolean;
  toolbar?: boolean;
  footer?: boolean;
  colorScheme?: 'light' | 'dark';
  theme?: { main?: string; navbar?: string; toolbar?: string; footer?: string };
  /** The personal palette's primary colour (#rrggbb); its type is colorScheme. */
  palette?: string;
}

export interface SessionUser {
  userName: string;
  accessCode: string;
  tenId: string;
  hash: string;
  displayName?: string;
  initials?: string;
  email?: string;
  photoUrl?: string | null;
  languageId?: string;
  role?: string[];
  roles?: string[];
  purchased?: string;
  deny?: string;
  dynamicAccess?: DynamicAccess;
  layoff?: LayoffPeriod[];
  cercaVirtual?: Fence[];
  tratamentodePonto?: { semTratamentodePonto?: boolean | number | null } | null;
  tenantFantasyName?: string;
  active?: boolean;
  flags?: { Admin?: boolean | number };
  isGoogle?: boolean;
  isSSO?: boolean;
  // From GET /api/cac-app/userinfo (features/session): the permission rule's results and the
  // user's preferences (lib/permissions.ts).
  keys?: Record<string, string>;
  audiences?: string[];
  menu?: string[];
  accessConfig?: Record<string, number>;
  managerRequests?: boolean;
  shortcuts?: string;
  settings?: UserSettings | null;
  tenantSettings?: Record<string, unknown> | null;
  url_Tenant?: string | null;
  url_TenantTitle?: string | null;
  /** The host's environment (lib/environment.ts), from GET userinfo. */
  environment?: string;
}

export interface LoginResult {
  user: SessionUser;
  access_token: string;
  refreshToken?: string;
  idToken?: string;
}
