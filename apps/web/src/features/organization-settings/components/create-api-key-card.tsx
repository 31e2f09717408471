import type { CreatedApiKey } from '@openstake/core';
import { KeyRound, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { CreatedApiKeyNotice } from './created-api-key-notice';

interface CreateApiKeyCardProps {
  org: string;
  onCreate: (name: string, onCreated: () => void) => void;
  isCreating: boolean;
  error: string | null;
  createdKey: CreatedApiKey | null;
  onCloseCreatedKey: () => void;
  /** The context shown was changed after it was saved: keys use the saved one. */
  unsavedContext: boolean;
}

/** Step 4, revealed by Save Context: name a key (optional), create it, copy it once. */
export function CreateApiKeyCard({
  org,
  onCreate,
  isCreating,
  error,
  createdKey,
  onCloseCreatedKey,
  unsavedContext,
}: CreateApiKeyCardProps) {
  const id = useId();
  const [name, setName] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isCreating) return;
    onCreate(name, () => {
      setName('');
    });
  };

  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-5" />
          Create API Key
        </CardTitle>
        <CardDescription>
          The GitHub workflow that comments guidance on new issues in {org} signs its calls with
          this key. Comments use the context saved for {org}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {unsavedContext && (
          <p className="text-sm text-warning">
            The context has unsaved changes: save it so that new comments use them.
          </p>
        )}
        {createdKey && <CreatedApiKeyNotice apiKey={createdKey} onClose={onCloseCreatedKey} />}
        <form noValidate onSubmit={submit} aria-label="Create API key" className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Key name (optional)</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-name`}
              name="name"
              value={name}
              maxLength={100}
              autoComplete="off"
              placeholder="e.g. GitHub Actions"
              disabled={isCreating}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
            <Button type="submit" disabled={isCreating} aria-busy={isCreating || undefined}>
              {isCreating ? <Spinner /> : <Plus aria-hidden="true" />}
              Create API Key
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
