/** The query keys of the session. */
export const authKeys = {
  /** The signed-in user, or null: the one query a sign-out keeps. */
  sessionUser: ['session-user'] as const,
};
