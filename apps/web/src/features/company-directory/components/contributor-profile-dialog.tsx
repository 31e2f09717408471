import type { DirectoryContributor, DirectoryProfile } from '@openstake/core';
import type { ReactNode } from 'react';

import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage, isNotFound } from '@/lib/api/api-error';
import { useDirectoryGithub, useDirectoryProfile } from '../api/directory';
import { contributorName, githubView } from '../lib/directory-display';
import { ContributorProfileDetails } from './contributor-profile-details';

export const PROFILE_HIDDEN_MESSAGE = 'This contributor is no longer in the directory.';

interface ContributorProfileDialogProps {
  /** The row whose profile is open; null closes the dialog. */
  contributor: DirectoryContributor | null;
  onClose: () => void;
  /** The Contact Contributor control for a loaded profile (the messages feature's). */
  renderContact?: (profile: DirectoryProfile) => ReactNode;
}

/**
 * 'View Profile': the row's name at once, then the profile from OpenStake's
 * records and, beside it, the contributor's GitHub details, each with its own loading state.
 */
export function ContributorProfileDialog({
  contributor,
  onClose,
  renderContact,
}: ContributorProfileDialogProps) {
  return (
    <Dialog
      open={contributor !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {contributor && (
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle className="break-words">{contributorName(contributor)}</DialogTitle>
            <DialogDescription>
              Contributor profile and verified work on OpenStake.
            </DialogDescription>
          </DialogHeader>
          <ProfileBody key={contributor.id} userId={contributor.id} renderContact={renderContact} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ProfileBody({
  userId,
  renderContact,
}: {
  userId: string;
  renderContact: ContributorProfileDialogProps['renderContact'];
}) {
  const profile = useDirectoryProfile(userId);
  const github = useDirectoryGithub(userId);

  if (profile.data) {
    return (
      <ContributorProfileDetails
        profile={profile.data}
        github={githubView(github)}
        contact={renderContact?.(profile.data)}
      />
    );
  }
  if (profile.isError) {
    if (isNotFound(profile.error)) {
      return <p className="text-sm text-muted-foreground">{PROFILE_HIDDEN_MESSAGE}</p>;
    }
    return (
      <QueryError
        title="We could not load this profile."
        description={errorMessage(profile.error, 'Please try again in a moment.')}
        isRetrying={profile.isFetching}
        onRetry={() => {
          void profile.refetch();
        }}
      />
    );
  }
  return <PageLoading label="Loading profile..." className="min-h-40" />;
}
