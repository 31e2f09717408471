import type { ContributorPrivacy } from '@openstake/core';
import { Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api/api-error';
import {
  PRIVACY_SAVE_FALLBACK_MESSAGE,
  PRIVACY_SAVED_MESSAGE,
  useUpdatePrivacy,
} from '../api/privacy';

const CHOICES: readonly { key: keyof ContributorPrivacy; label: string; description: string }[] = [
  {
    key: 'listedInDirectory',
    label: 'Show my profile in the company directory',
    description: 'Companies looking to hire can find you and see your verified work.',
  },
  {
    key: 'emailVisibleToCompanies',
    label: 'Let companies see my email',
    description: 'Your email shows on your profile in the directory.',
  },
  {
    key: 'companiesMayContact',
    label: 'Let companies contact me',
    description: 'Companies can write to you; their messages arrive in your Messages tab.',
  },
];

const sameChoices = (a: ContributorPrivacy, b: ContributorPrivacy) =>
  CHOICES.every(({ key }) => a[key] === b[key]);

/**
 * The three privacy choices as switches, loaded from the server and saved together with Save,
 * which is enabled once a switch differs from what is saved.
 */
export function PrivacyForm({ saved }: { saved: ContributorPrivacy }) {
  const ids = useId();
  const [choices, setChoices] = useState(saved);
  const update = useUpdatePrivacy();
  const unchanged = sameChoices(choices, saved);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(choices, {
      onSuccess: () => {
        toast.success(PRIVACY_SAVED_MESSAGE);
      },
      onError: (error) => {
        toast.error(errorMessage(error, PRIVACY_SAVE_FALLBACK_MESSAGE), { richColors: true });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Privacy settings">
      <ul className="grid gap-4">
        {CHOICES.map(({ key, label, description }) => (
          <li key={key} className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`${ids}-${key}`} className="leading-snug">
                {label}
              </Label>
              <p id={`${ids}-${key}-description`} className="text-sm text-muted-foreground">
                {description}
              </p>
            </div>
            <Switch
              id={`${ids}-${key}`}
              data-testid={`privacy-${key}`}
              checked={choices[key]}
              disabled={update.isPending}
              aria-describedby={`${ids}-${key}-description`}
              onCheckedChange={(checked) => {
                setChoices((current) => ({ ...current, [key]: checked }));
              }}
            />
          </li>
        ))}
      </ul>
      <Button type="submit" className="w-full sm:w-fit" disabled={update.isPending || unchanged}>
        {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
        {update.isPending ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
