import { CheckCircle2, FolderGit2, Pencil, Save, X } from 'lucide-react';
import { useId } from 'react';

import { ExternalLink } from '@/components/external-link';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import {
  hasUnsavedContext,
  type GeneralFlowAction,
  type GeneralFlowState,
} from '../lib/general-flow';

interface ContextPanelProps {
  state: GeneralFlowState;
  dispatch: (action: GeneralFlowAction) => void;
  onSave: () => void;
  isSaving: boolean;
}

const repoName = (url: string): string => {
  try {
    return new URL(url).pathname.replace(/^\/+|\/+$/g, '') || url;
  } catch {
    return url;
  }
};

/** Step 3: the generated (or saved) context, Edit / Save / Cancel, and Save Context. */
export function ContextPanel({ state, dispatch, onSave, isSaving }: ContextPanelProps) {
  const id = useId();
  const editing = state.draft !== null;
  const unsaved = hasUnsavedContext(state);

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Context for {state.org}
        </h3>
        {!editing && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={isSaving}
              onClick={() => {
                dispatch({ type: 'editStarted' });
              }}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={isSaving}
              onClick={() => {
                dispatch({ type: 'reposReopened' });
              }}
            >
              <FolderGit2 aria-hidden="true" />
              Choose repositories
            </Button>
          </div>
        )}
      </div>

      {state.repoLinks.length > 0 && (
        <p className="text-xs text-muted-foreground">
          From{' '}
          {state.repoLinks.length === 1
            ? '1 repository'
            : `${String(state.repoLinks.length)} repositories`}
          :{' '}
          {state.repoLinks.map((url, index) => (
            <span key={url}>
              {index > 0 && ', '}
              <ExternalLink href={url} className="underline-offset-2 hover:underline">
                {repoName(url)}
              </ExternalLink>
            </span>
          ))}
        </p>
      )}

      {editing ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-draft`}>Context</Label>
          <Textarea
            id={`${id}-draft`}
            rows={14}
            value={state.draft ?? ''}
            aria-invalid={state.draftError ? true : undefined}
            aria-describedby={state.draftError ? `${id}-draft-error` : undefined}
            onChange={(event) => {
              dispatch({ type: 'draftChanged', value: event.target.value });
            }}
          />
          {state.draftError && (
            <p id={`${id}-draft-error`} role="alert" className="text-sm text-destructive">
              {state.draftError}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => {
                dispatch({ type: 'editSaved' });
              }}
            >
              <Save aria-hidden="true" />
              Save
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                dispatch({ type: 'editCancelled' });
              }}
            >
              <X aria-hidden="true" />
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div
          role="region"
          aria-label="Organization context"
          tabIndex={0}
          data-testid="organization-context"
          className="max-h-96 overflow-y-auto rounded-lg border bg-muted/40 p-4 text-sm leading-relaxed break-words whitespace-pre-wrap focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          {state.context}
        </div>
      )}

      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={onSave}
            disabled={editing || isSaving || !unsaved}
            aria-busy={isSaving || undefined}
            className="w-fit"
          >
            {isSaving ? <Spinner /> : <Save aria-hidden="true" />}
            Save Context
          </Button>
          {!unsaved && (
            <span role="status" className="inline-flex items-center gap-1.5 text-sm text-success">
              <CheckCircle2 aria-hidden="true" className="size-4" />
              Context saved
            </span>
          )}
          {unsaved && state.savedContext !== null && (
            <span className="text-sm text-muted-foreground">Unsaved changes</span>
          )}
        </div>
        {state.contextError && (
          <p role="alert" className="text-sm text-destructive">
            {state.contextError}
          </p>
        )}
      </div>
    </section>
  );
}
