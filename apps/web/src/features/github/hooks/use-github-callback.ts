import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';

import {
  GITHUB_CONNECTED_MESSAGE,
  readGithubCallback,
  stateAfterCallback,
} from '../lib/github-callback';
import { githubKeys } from '../api/query-keys';

/** One id for both outcomes: a second run of the effect (StrictMode) updates, never stacks. */
const GITHUB_CALLBACK_TOAST_ID = 'github-callback';

/**
 * Announces the outcome of a GitHub round trip on whatever page the server sent the browser back
 * to, then removes the parameters from the URL (replacing the history entry, so neither a reload
 * nor Back repeats the toast) and refetches the GitHub link. An error message stays in the
 * history state, where the login and sign-up forms find it however late their code loads.
 */
export function useGithubCallback(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const callback = readGithubCallback(location.search);
    if (!callback) return;

    if (callback.outcome.status === 'connected')
      toast.success(GITHUB_CONNECTED_MESSAGE, { id: GITHUB_CALLBACK_TOAST_ID });
    else toast.error(callback.outcome.message, { id: GITHUB_CALLBACK_TOAST_ID, richColors: true });

    void queryClient.invalidateQueries({ queryKey: githubKeys.account });
    void navigate(
      { pathname: location.pathname, search: callback.search, hash: location.hash },
      {
        replace: true,
        preventScrollReset: true,
        state: stateAfterCallback(callback, location.state),
      },
    );
  }, [location, navigate, queryClient]);
}
