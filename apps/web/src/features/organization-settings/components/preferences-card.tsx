import type { MaintainerPreferences } from '@openstake/core';
import { useId } from 'react';

import { PageLoading } from '@/components/page-loading';
import { QueryError } from '@/components/query-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api/api-error';
import {
  PREFERENCES_LOAD_FALLBACK_MESSAGE,
  useMaintainerPreferences,
  useUpdateMaintainerPreferences,
} from '../api/maintainer-preferences';
import { PREFERENCE_SWITCHES } from '../lib/preferences';

/**
 * What the switches do today: the two mail switches send their mail (decision 018), to a
 * confirmed address only; auto-review is kept for later and said so, rather than promising a
 * review that never comes.
 */
export const PREFERENCES_IN_EFFECT =
  'The emails go to your confirmed address. Auto-review new repositories does nothing yet: OpenStake reviews only the repositories you connect.';

/** The three preference switches, saved at once (flipped back with a toast on failure). */
export function PreferencesCard() {
  const preferences = useMaintainerPreferences();
  const update = useUpdateMaintainerPreferences();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>
          Saved to your account as soon as you switch them. {PREFERENCES_IN_EFFECT}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.data ? (
          <PreferenceSwitches
            values={preferences.data}
            disabled={update.isPending}
            onChange={(next) => {
              update.mutate(next);
            }}
          />
        ) : preferences.isError ? (
          <QueryError
            title={errorMessage(preferences.error, PREFERENCES_LOAD_FALLBACK_MESSAGE)}
            onRetry={() => void preferences.refetch()}
            isRetrying={preferences.isFetching}
          />
        ) : (
          <PageLoading label="Loading preferences..." className="min-h-24" />
        )}
      </CardContent>
    </Card>
  );
}

export function PreferenceSwitches({
  values,
  disabled,
  onChange,
}: {
  values: MaintainerPreferences;
  disabled: boolean;
  onChange: (next: MaintainerPreferences) => void;
}) {
  const id = useId();
  return (
    <ul className="grid gap-4">
      {PREFERENCE_SWITCHES.map(({ key, label, description }) => (
        <li key={key} className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-${key}`}>{label}</Label>
            <p id={`${id}-${key}-description`} className="text-sm text-muted-foreground">
              {description}
            </p>
          </div>
          <Switch
            id={`${id}-${key}`}
            checked={values[key]}
            disabled={disabled}
            aria-describedby={`${id}-${key}-description`}
            onCheckedChange={(checked) => {
              onChange({ ...values, [key]: checked });
            }}
          />
        </li>
      ))}
    </ul>
  );
}
