import { formatNumber } from '@openstake/core';
import type { OrganizationRepository } from '@openstake/core';
import { Sparkles, Star } from 'lucide-react';
import { useId } from 'react';

import { SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import {
  filterRepositories,
  MAX_CONTEXT_REPOSITORIES,
  type GeneralFlowAction,
  type GeneralFlowState,
} from '../lib/general-flow';
import { LoadErrorNotice } from './load-error-notice';

interface RepositoryPickerProps {
  state: GeneralFlowState;
  dispatch: (action: GeneralFlowAction) => void;
  onGenerate: () => void;
  onRetry: () => void;
  isGenerating: boolean;
}

/** Step 2: search and select repositories, then Generate Context. */
export function RepositoryPicker({
  state,
  dispatch,
  onGenerate,
  onRetry,
  isGenerating,
}: RepositoryPickerProps) {
  const id = useId();
  const { repositories, reposError, selected, search } = state;
  const canGoBack = state.context !== '';

  if (repositories === null) {
    return (
      <div className="grid gap-3">
        {reposError && <LoadErrorNotice error={reposError} onRetry={onRetry} />}
        {canGoBack && (
          <Button
            variant="outline"
            className="w-fit"
            onClick={() => {
              dispatch({ type: 'reposClosed' });
            }}
          >
            Back to context
          </Button>
        )}
      </div>
    );
  }

  const shown = filterRepositories(repositories, search);
  const shownUrls = shown.map((repo) => repo.html_url);
  const allShownSelected = shownUrls.length > 0 && shownUrls.every((url) => selected.includes(url));

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Repositories of {state.org}
        </h3>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {selected.length} selected (up to {MAX_CONTEXT_REPOSITORIES})
        </p>
      </div>

      {repositories.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No repositories found.
        </p>
      ) : (
        <>
          <SearchInput
            aria-label="Search repositories"
            value={search}
            placeholder="Search repositories..."
            onChange={(event) => {
              dispatch({ type: 'searchChanged', value: event.target.value });
            }}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={shownUrls.length === 0 || allShownSelected}
              onClick={() => {
                dispatch({ type: 'reposSelected', urls: shownUrls });
              }}
            >
              Select all shown
            </Button>
            <Button
              variant="ghost"
              size="sm"
              disabled={selected.length === 0}
              onClick={() => {
                dispatch({ type: 'selectionCleared' });
              }}
            >
              Clear selection
            </Button>
          </div>
          {shown.length === 0 ? (
            <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
              No repositories match your search.
            </p>
          ) : (
            <ul
              aria-label="Repositories"
              className="grid max-h-96 gap-1 overflow-y-auto rounded-lg border p-1"
            >
              {shown.map((repo) => (
                <RepositoryOption
                  key={repo.html_url}
                  repo={repo}
                  checked={selected.includes(repo.html_url)}
                  onToggle={() => {
                    dispatch({ type: 'repoToggled', url: repo.html_url });
                  }}
                />
              ))}
            </ul>
          )}
        </>
      )}

      {state.selectionError && (
        <p role="alert" className="text-sm text-destructive">
          {state.selectionError}
        </p>
      )}

      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={onGenerate}
            disabled={isGenerating || selected.length === 0}
            aria-busy={isGenerating || undefined}
            className="w-fit"
          >
            {isGenerating ? <Spinner /> : <Sparkles aria-hidden="true" />}
            Generate Context
          </Button>
          {canGoBack && (
            <Button
              variant="outline"
              disabled={isGenerating}
              onClick={() => {
                dispatch({ type: 'reposClosed' });
              }}
            >
              Back to context
            </Button>
          )}
        </div>
        {isGenerating && (
          <p role="status" className="text-sm text-muted-foreground">
            Generating context from {selected.length} repositories...
          </p>
        )}
        {state.contextError && (
          <p role="alert" className="text-sm text-destructive">
            {state.contextError}
          </p>
        )}
      </div>
    </section>
  );
}

function RepositoryOption({
  repo,
  checked,
  onToggle,
}: {
  repo: OrganizationRepository;
  checked: boolean;
  onToggle: () => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start gap-3 rounded-md px-3 py-2 hover:bg-muted/60">
      <Checkbox id={id} checked={checked} onCheckedChange={onToggle} className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Label htmlFor={id} className="cursor-pointer wrap-anywhere">
          {repo.full_name}
        </Label>
        {repo.description && (
          <p className="line-clamp-2 text-xs text-muted-foreground">{repo.description}</p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3 text-xs text-muted-foreground">
        {repo.language && <span>{repo.language}</span>}
        <span className="inline-flex items-center gap-1" title="Stars">
          <Star aria-hidden="true" className="size-3" />
          <span className="sr-only">Stars: </span>
          {formatNumber(repo.stargazers_count)}
        </span>
      </div>
    </li>
  );
}
