import type { ContributorProfile } from '@openstake/core';
import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { CharacterCounter } from '@/components/character-counter';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api/api-error';
import { profileUpdateProblem, useUpdateContributorProfile } from '../api/contributor-profile';
import { bioCounter, profileBio } from '../lib/profile-display';

export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!';
export const PROFILE_UPDATE_FALLBACK_MESSAGE = 'Failed to update profile';

/**
 * Display name and bio. The fields start from the profile, falling back to the
 * GitHub values; the bio counter turns red above the server's 500-character limit and Save is
 * disabled until it fits. Render it with `key={profile.id}` so another profile starts afresh.
 */
export function ProfileForm({ profile }: { profile: ContributorProfile }) {
  const [name, setName] = useState(
    () => profile.name?.trim() || profile.githubInfo?.name?.trim() || '',
  );
  const [bio, setBio] = useState(() => profileBio(profile) ?? '');
  const update = useUpdateContributorProfile(profile.id);
  const ids = useId();
  const counter = bioCounter(bio);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || counter.over) return;
    const problem = profileUpdateProblem({ name, bio });
    if (problem !== null) {
      toast.error(problem, { richColors: true });
      return;
    }
    update.mutate(
      { name, bio },
      {
        onSuccess: () => {
          toast.success(PROFILE_UPDATED_MESSAGE);
        },
        onError: (error) => {
          toast.error(errorMessage(error, PROFILE_UPDATE_FALLBACK_MESSAGE), { richColors: true });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Edit profile">
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-name`}>Display Name</Label>
        <Input
          id={`${ids}-name`}
          name="name"
          value={name}
          maxLength={100}
          autoComplete="name"
          placeholder={profile.githubUsername ?? 'Your name'}
          disabled={update.isPending}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={`${ids}-bio`}>Bio</Label>
          <CharacterCounter id={`${ids}-bio-counter`} testId="bio-counter" counter={counter} />
        </div>
        <Textarea
          id={`${ids}-bio`}
          name="bio"
          rows={5}
          value={bio}
          placeholder="Tell maintainers and recruiters about yourself"
          aria-describedby={`${ids}-bio-counter${counter.over ? ` ${ids}-bio-error` : ''}`}
          aria-invalid={counter.over || undefined}
          disabled={update.isPending}
          onChange={(event) => {
            setBio(event.target.value);
          }}
        />
        {counter.over && (
          <p id={`${ids}-bio-error`} className="text-xs text-destructive">
            Bio must be at most 500 characters
          </p>
        )}
      </div>
      <Button type="submit" className="w-full sm:w-fit" disabled={update.isPending || counter.over}>
        {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
        {update.isPending ? 'Saving...' : 'Save Profile'}
      </Button>
    </form>
  );
}
