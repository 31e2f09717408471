import type { ApiKey } from '@openstake/core';
import { Eye, EyeOff } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format-date';
import { apiKeyDisplay, apiKeyName } from '../lib/api-key-display';
import { DeleteApiKeyButton } from './delete-api-key-button';

interface ApiKeyListProps {
  keys: ApiKey[];
  /** Full keys created while the page is open, by id: only those can be revealed. */
  secrets: Readonly<Record<string, string>>;
  revealedIds: ReadonlySet<string>;
  onToggleReveal: (id: string) => void;
  onDelete: (key: ApiKey) => void;
  /** The key being deleted, if any. */
  deletingId: string | null;
}

/** An organization's API keys: name, key (masked unless revealed), dates, Delete. */
export function ApiKeyList({
  keys,
  secrets,
  revealedIds,
  onToggleReveal,
  onDelete,
  deletingId,
}: ApiKeyListProps) {
  return (
    <ul aria-label="API keys" className="grid gap-3">
      {keys.map((key) => {
        const name = apiKeyName(key);
        const display = apiKeyDisplay(key, secrets, revealedIds);
        return (
          <li
            key={key._id}
            data-testid="api-key"
            className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
          >
            <div className="grid min-w-0 gap-2">
              <p className="font-medium wrap-anywhere">{name}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code
                  aria-label={display.revealed ? `API key ${name}` : `API key ${name}, masked`}
                  className="rounded-md bg-muted px-2 py-1 font-mono text-sm break-all"
                >
                  {display.text}
                </code>
                {display.canReveal ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-pressed={display.revealed}
                    onClick={() => {
                      onToggleReveal(key._id);
                    }}
                  >
                    {display.revealed ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                    {display.revealed ? 'Hide' : 'Show'}
                    <span className="sr-only"> key {name}</span>
                  </Button>
                ) : (
                  <span className="text-xs text-muted-foreground">
                    The full key was shown only once, at creation.
                  </span>
                )}
              </div>
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-muted-foreground">
                <div className="flex gap-1">
                  <dt>Created:</dt>
                  <dd>
                    <time dateTime={key.createdAt}>{formatDate(key.createdAt)}</time>
                  </dd>
                </div>
                <div className="flex gap-1">
                  <dt>Last used:</dt>
                  <dd>
                    {key.lastUsed ? (
                      <time dateTime={key.lastUsed}>{formatDate(key.lastUsed)}</time>
                    ) : (
                      'Never'
                    )}
                  </dd>
                </div>
              </dl>
            </div>
            <DeleteApiKeyButton
              name={name}
              isDeleting={deletingId === key._id}
              disabled={deletingId !== null}
              onConfirm={() => {
                onDelete(key);
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
