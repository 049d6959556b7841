/** The server-error page (spec portal-core §2). */
export const SERVER_ERROR_PATH = '/pages/errors/error-500';
