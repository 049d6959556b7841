/** The ombudsman channel (menu entry tools_015). */
export const OMBUDSMAN_PATH = '/apps/Ouvidoria';

/** The public follow-up page: no sign-in, the protocol and the code are the key. */
export const FOLLOW_PATH = '/ouvidoria/acompanhar';
