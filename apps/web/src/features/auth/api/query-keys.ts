/** The query keys of the session. */
export const authKeys = {
  /** The signed-in user, or null: the one query a sign-out keeps. */
  sessionUser: ['session-user'] as const,
  /** Confirming an address by a mailed link, with the link's token after it. */
  verifyEmail: ['verify-email'] as const,
};
