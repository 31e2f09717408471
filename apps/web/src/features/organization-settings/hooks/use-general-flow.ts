import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { toast } from 'sonner';

import { errorMessage } from '@/lib/api/api-error';
import {
  API_KEY_CREATED_MESSAGE,
  CREATE_API_KEY_FALLBACK_MESSAGE,
  useCreateApiKey,
} from '../api/api-keys';
import { loadOrganization, toLoadError } from '../api/load-organization';
import {
  CONTEXT_SAVED_MESSAGE,
  GENERATE_CONTEXT_FALLBACK_MESSAGE,
  SAVE_CONTEXT_FALLBACK_MESSAGE,
  useGenerateContext,
  useSaveContext,
} from '../api/organization-context';
import { REPOSITORIES_FALLBACK_MESSAGE } from '../api/organization-repositories';
import {
  checkOrganization,
  contextProblem,
  createKeyProblem,
  generalFlowReducer,
  generateContextProblem,
  initialGeneralFlow,
  keyNameProblem,
  type GeneralFlowAction,
  type GeneralFlowState,
} from '../lib/general-flow';
import { readLastOrg, rememberLastOrg } from '../lib/last-org';

export interface GeneralFlow {
  state: GeneralFlowState;
  dispatch: (action: GeneralFlowAction) => void;
  fetchRepositories: () => void;
  generateContext: () => void;
  saveContext: () => void;
  createApiKey: (name: string, onCreated?: () => void) => void;
  isGenerating: boolean;
  isSaving: boolean;
  isCreatingKey: boolean;
}

/**
 * Runs the General tab's flow. It lives in the page, not the tab, so that switching tabs keeps
 * the flow and a key created in the meantime (its secret is only ever in this memory). The last
 * organization used is loaded again on arrival.
 */
export function useGeneralFlow(fallbackOrg: string | null): GeneralFlow {
  const queryClient = useQueryClient();
  const [autoLoadOrg] = useState(readLastOrg);
  const [state, dispatch] = useReducer(generalFlowReducer, undefined, () =>
    autoLoadOrg
      ? initialGeneralFlow({ loadingOrg: autoLoadOrg })
      : initialGeneralFlow({ orgInput: fallbackOrg ?? '' }),
  );
  const generate = useGenerateContext();
  const save = useSaveContext();
  const createKey = useCreateApiKey();

  /** The second half of a load: dispatches only after the answers came (never synchronously). */
  const finishLoad = useCallback(
    async (org: string) => {
      try {
        const loaded = await loadOrganization(queryClient, org);
        if (loaded.repositories !== null || loaded.savedContext !== null) rememberLastOrg(org);
        dispatch({ type: 'loadSucceeded', org, ...loaded });
      } catch (error) {
        dispatch({
          type: 'loadFailed',
          org,
          error: toLoadError(error, REPOSITORIES_FALLBACK_MESSAGE),
        });
      }
    },
    [queryClient],
  );

  useEffect(() => {
    if (autoLoadOrg !== null) void finishLoad(autoLoadOrg);
  }, [autoLoadOrg, finishLoad]);

  const fetchRepositories = () => {
    const check = checkOrganization(state.orgInput);
    if (!check.ok) {
      dispatch({ type: 'orgRejected', message: check.message });
      return;
    }
    dispatch({ type: 'loadStarted', org: check.org });
    void finishLoad(check.org);
  };

  const generateContext = () => {
    const { org, selected } = state;
    if (org === null || generate.isPending) return;
    const problem = generateContextProblem(selected);
    if (problem !== null) {
      dispatch({ type: 'contextFailed', org, message: problem });
      return;
    }
    generate.mutate(
      { org, repos: selected },
      {
        onSuccess: (context) => {
          dispatch({ type: 'contextGenerated', org, context, repoLinks: selected });
        },
        onError: (error) => {
          dispatch({
            type: 'contextFailed',
            org,
            message: errorMessage(error, GENERATE_CONTEXT_FALLBACK_MESSAGE),
          });
        },
      },
    );
  };

  const saveContext = () => {
    const { org, context, repoLinks } = state;
    if (org === null || save.isPending) return;
    const problem = contextProblem(context);
    if (problem !== null) {
      dispatch({ type: 'contextFailed', org, message: problem });
      return;
    }
    save.mutate(
      { org, context, repoLinks },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'contextSaved', org, saved });
          toast.success(CONTEXT_SAVED_MESSAGE);
        },
        onError: (error) => {
          dispatch({
            type: 'contextFailed',
            org,
            message: errorMessage(error, SAVE_CONTEXT_FALLBACK_MESSAGE),
          });
        },
      },
    );
  };

  const createApiKey = (name: string, onCreated?: () => void) => {
    const { org } = state;
    if (org === null || createKey.isPending) return;
    const problem = createKeyProblem(state) ?? keyNameProblem(name);
    if (problem !== null) {
      dispatch({ type: 'keyFailed', org, message: problem });
      return;
    }
    createKey.mutate(
      { org, name },
      {
        onSuccess: (key) => {
          dispatch({ type: 'keyCreated', org, key });
          toast.success(API_KEY_CREATED_MESSAGE);
          onCreated?.();
        },
        onError: (error) => {
          dispatch({
            type: 'keyFailed',
            org,
            message: errorMessage(error, CREATE_API_KEY_FALLBACK_MESSAGE),
          });
        },
      },
    );
  };

  return {
    state,
    dispatch,
    fetchRepositories,
    generateContext,
    saveContext,
    createApiKey,
    isGenerating: generate.isPending,
    isSaving: save.isPending,
    isCreatingKey: createKey.isPending,
  };
}
