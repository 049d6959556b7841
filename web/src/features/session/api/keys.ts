/** Query keys of the session: the signed-in user as GET userinfo reads it. */
export const sessionKeys = {
  all: ['session'] as const,
  userInfo: ['session', 'userinfo'] as const,
};
