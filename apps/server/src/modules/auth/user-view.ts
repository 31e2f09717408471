import type { SessionUser } from '@openstake/core';
import type { users } from '../../db/schema';

/** The user as shown to its owner: never the password hash or any token. */
export function toSessionUser(row: typeof users.$inferSelect): SessionUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    githubUsername: row.githubUsername,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
