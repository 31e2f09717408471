import {
  contributorProfileSchema,
  profileUpdateSchema,
  type ContributorProfile,
} from '@openstake/core';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { ApiError } from '@/lib/api/api-error';
import { apiRequest } from '@/lib/api/client';
import { parseData, retryUnlessClientError } from '@/lib/api/parse';
import { contributorProfileKeys } from './query-keys';

/** Reads `data.profile` of the GET and PUT answers. */
function readProfile(data: unknown): ContributorProfile {
  const value = (typeof data === 'object' && data !== null ? data : {}) as { profile?: unknown };
  return parseData(contributorProfileSchema, value.profile);
}

/** GET /api/contributor/profile/{userId}: anyone's profile; the email only on one's own. */
export async function getContributorProfile(
  userId: string,
  signal?: AbortSignal,
): Promise<ContributorProfile> {
  const body = await apiRequest<{ data?: unknown }>(
    `/api/contributor/profile/${encodeURIComponent(userId)}`,
    { signal },
  );
  return readProfile(body.data);
}

export function useContributorProfile(userId: string | undefined) {
  return useQuery({
    queryKey: contributorProfileKeys.profile(userId ?? ''),
    // No id (a route without one, a session without one) is a profile that cannot be found.
    queryFn: ({ signal }) =>
      userId
        ? getContributorProfile(userId, signal)
        : Promise.reject(new ApiError({ status: 404 })),
    retry: retryUnlessClientError,
  });
}

export interface ProfileUpdate {
  name: string;
  bio: string;
}

/**
 * Checks the edit with the contract's schema (name at most 100 characters, bio at most 500) and
 * returns the first problem, or null when the server would accept it.
 */
export function profileUpdateProblem(update: ProfileUpdate): string | null {
  const parsed = profileUpdateSchema.safeParse({ profile: update });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid profile');
}

/** PUT /api/contributor/profile/{userId} with { profile: { name, bio } }: only one's own. */
export async function updateContributorProfile(
  userId: string,
  update: ProfileUpdate,
): Promise<ContributorProfile> {
  const body = await apiRequest<{ data?: unknown }>(
    `/api/contributor/profile/${encodeURIComponent(userId)}`,
    { method: 'PUT', body: { profile: { name: update.name.trim(), bio: update.bio } } },
  );
  return readProfile(body.data);
}

/**
 * After a save, every screen showing the name or bio reads it anew (the profile is
 * refetched): the saved profile at once, the public profiles, and the dashboard's greeting.
 */
export async function refreshProfileViews(
  queryClient: QueryClient,
  profile: ContributorProfile,
): Promise<void> {
  queryClient.setQueryData(contributorProfileKeys.profile(profile.id), profile);
  await invalidateContributorProfiles(queryClient, { except: profile.id });
}

/**
 * Every screen's copy of contributors' figures (the dashboard, the profile pages) is read anew;
 * `except`: a profile the caller has just written to the cache, so it is not fetched again.
 */
export async function invalidateContributorProfiles(
  queryClient: QueryClient,
  options: { except?: string } = {},
): Promise<void> {
  const kept = options.except && contributorProfileKeys.profile(options.except);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: contributorProfileKeys.dashboard }),
    queryClient.invalidateQueries({
      queryKey: contributorProfileKeys.profiles,
      predicate: (query) => !kept || query.queryKey[kept.length - 1] !== options.except,
    }),
  ]);
}

export function useUpdateContributorProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateContributorProfile(userId, update),
    onSuccess: (profile) => refreshProfileViews(queryClient, profile),
  });
}
