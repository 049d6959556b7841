/** Where a token sign-in link lands (spec portal-core §4). */
export const TOKEN_SIGN_IN_PATH = '/auth/token';
