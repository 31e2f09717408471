import {
  createApiKeyInputSchema,
  generateContextInputSchema,
  organizationParamsSchema,
  saveContextInputSchema,
  type CreatedApiKey,
  type OrganizationContext,
  type OrganizationRepository,
} from '@openstake/core';

/*
 * The General tab's flow: enter an organization, fetch its repositories,
 * select some, generate a context, edit it, save it, then create an API key. Pure: the page
 * runs the calls and reports their outcome here as actions.
 */

export const CONTEXT_REQUIRED_MESSAGE = 'You need to generate context first.';
/** The contract's limit on repositories per context (generateContextInputSchema). */
export const MAX_CONTEXT_REPOSITORIES = 20;

/**
 * start: only the organization input; loading: its repositories and saved context are fetched;
 * select: the repository list; context: the generated or saved context (repositories hidden).
 */
export type FlowPhase = 'start' | 'loading' | 'select' | 'context';

export interface LoadError {
  message: string;
  /** The server said GitHub is not linked: offer to connect it rather than show a bare error. */
  githubAuthRequired: boolean;
}

export interface GeneralFlowState {
  orgInput: string;
  inputError: string | null;
  /** The organization being configured; set when its loading starts. */
  org: string | null;
  phase: FlowPhase;
  /** Loading the organization failed as a whole (shown under Fetch Repositories). */
  loadError: LoadError | null;
  /** Null when they could not be listed (see reposError) or are not loaded yet. */
  repositories: OrganizationRepository[] | null;
  reposError: LoadError | null;
  search: string;
  /** html_url of each selected repository. */
  selected: string[];
  selectionError: string | null;
  /** The context shown: generated, edited or saved. */
  context: string;
  /** The text being edited, null when not editing. */
  draft: string | null;
  draftError: string | null;
  /** The context the server holds for `org`, null when none is saved. */
  savedContext: string | null;
  /** The repositories the shown context was generated from. */
  repoLinks: string[];
  /** A failed generate or save (red text under the button). */
  contextError: string | null;
  /** The key just created: its secret is shown once, in this card. */
  createdKey: CreatedApiKey | null;
  /** A refused key creation (red text under the button). */
  keyError: string | null;
  /** Full keys created while this page is open, by key id (only in memory). */
  sessionSecrets: Record<string, string>;
}

export type GeneralFlowAction =
  | { type: 'orgInputChanged'; value: string }
  | { type: 'orgRejected'; message: string }
  | { type: 'loadStarted'; org: string }
  | {
      type: 'loadSucceeded';
      org: string;
      repositories: OrganizationRepository[] | null;
      reposError: LoadError | null;
      savedContext: OrganizationContext | null;
    }
  | { type: 'loadFailed'; org: string; error: LoadError }
  | { type: 'searchChanged'; value: string }
  | { type: 'repoToggled'; url: string }
  | { type: 'reposSelected'; urls: string[] }
  | { type: 'selectionCleared' }
  | { type: 'contextGenerated'; org: string; context: string; repoLinks: string[] }
  | { type: 'contextFailed'; org: string; message: string }
  | { type: 'editStarted' }
  | { type: 'draftChanged'; value: string }
  | { type: 'editSaved' }
  | { type: 'editCancelled' }
  | { type: 'contextSaved'; org: string; saved: OrganizationContext }
  | { type: 'keyCreated'; org: string; key: CreatedApiKey }
  | { type: 'keyFailed'; org: string; message: string }
  | { type: 'keyCardClosed' }
  | { type: 'reposReopened' }
  | { type: 'reposClosed' };

export function initialGeneralFlow(
  options: { orgInput?: string; loadingOrg?: string | null } = {},
): GeneralFlowState {
  const loadingOrg = options.loadingOrg ?? null;
  return {
    orgInput: options.orgInput ?? loadingOrg ?? '',
    inputError: null,
    org: loadingOrg,
    phase: loadingOrg ? 'loading' : 'start',
    loadError: null,
    repositories: null,
    reposError: null,
    search: '',
    selected: [],
    selectionError: null,
    context: '',
    draft: null,
    draftError: null,
    savedContext: null,
    repoLinks: [],
    contextError: null,
    createdKey: null,
    keyError: null,
    sessionSecrets: {},
  };
}

const firstMessage = (error: { issues: { message: string }[] }, fallback: string): string =>
  error.issues[0]?.message ?? fallback;

export type OrganizationCheck = { ok: true; org: string } | { ok: false; message: string };

/** The organization input, trimmed: 'Please enter a GitHub username or org' when empty. */
export function checkOrganization(input: string): OrganizationCheck {
  const parsed = organizationParamsSchema.safeParse({ org: input });
  if (parsed.success) return { ok: true, org: parsed.data.org };
  return {
    ok: false,
    message: firstMessage(parsed.error, 'Please enter a GitHub username or org'),
  };
}

/** Why Generate Context cannot run with this selection, or null. */
export function generateContextProblem(selected: readonly string[]): string | null {
  const parsed = generateContextInputSchema.safeParse({ repos: selected });
  return parsed.success ? null : firstMessage(parsed.error, 'Select at least one repository');
}

/** Why this context text cannot be saved (empty, too long), or null. */
export function contextProblem(text: string): string | null {
  const parsed = saveContextInputSchema.shape.context.safeParse(text);
  return parsed.success ? null : firstMessage(parsed.error, 'The context is empty');
}

/** Why a key cannot be created: a key needs a context saved for the organization. */
export function createKeyProblem(state: Pick<GeneralFlowState, 'savedContext'>): string | null {
  return state.savedContext === null ? CONTEXT_REQUIRED_MESSAGE : null;
}

/** Why this key name is refused (too long), or null; the name is optional. */
export function keyNameProblem(name: string): string | null {
  const parsed = createApiKeyInputSchema.safeParse({ name });
  return parsed.success ? null : firstMessage(parsed.error, 'Invalid name');
}

/** Repositories whose name, description or language contains the search, case-insensitive. */
export function filterRepositories(
  repositories: readonly OrganizationRepository[],
  search: string,
): OrganizationRepository[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...repositories];
  return repositories.filter((repo) =>
    [repo.name, repo.full_name, repo.description ?? '', repo.language ?? ''].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}

/** The saved context differs from the one shown (edited or regenerated since). */
export const hasUnsavedContext = (state: GeneralFlowState): boolean =>
  state.phase === 'context' && state.context !== state.savedContext;

/** The Create API Key card shows once a context is saved (Save Context reveals it). */
export const showsCreateKey = (state: GeneralFlowState): boolean =>
  state.phase === 'context' && state.savedContext !== null;

const sameOrg = (state: GeneralFlowState, org: string): boolean => state.org === org;

const withSelection = (state: GeneralFlowState, selected: string[]): GeneralFlowState => {
  if (selected.length > MAX_CONTEXT_REPOSITORIES) {
    return {
      ...state,
      selectionError: `Select at most ${String(MAX_CONTEXT_REPOSITORIES)} repositories`,
    };
  }
  return { ...state, selected, selectionError: null, contextError: null };
};

export function generalFlowReducer(
  state: GeneralFlowState,
  action: GeneralFlowAction,
): GeneralFlowState {
  switch (action.type) {
    case 'orgInputChanged':
      return { ...state, orgInput: action.value, inputError: null };
    case 'orgRejected':
      return { ...state, inputError: action.message };
    case 'loadStarted':
      // A new load starts over, for this or another organization; keys made earlier stay
      // revealable while the page is open.
      return {
        ...initialGeneralFlow({ orgInput: state.orgInput, loadingOrg: action.org }),
        sessionSecrets: state.sessionSecrets,
      };
    case 'loadSucceeded': {
      if (!sameOrg(state, action.org) || state.phase !== 'loading') return state;
      const base = {
        ...state,
        repositories: action.repositories,
        reposError: action.reposError,
      };
      const saved = action.savedContext;
      if (saved) {
        // A saved context skips straight to the saved state.
        return {
          ...base,
          phase: 'context',
          context: saved.context,
          savedContext: saved.context,
          repoLinks: saved.repoLinks,
          selected: saved.repoLinks.slice(0, MAX_CONTEXT_REPOSITORIES),
        };
      }
      if (action.repositories === null) {
        return {
          ...base,
          phase: 'start',
          loadError: action.reposError ?? {
            message: 'Failed to load repositories',
            githubAuthRequired: false,
          },
        };
      }
      return { ...base, phase: 'select' };
    }
    case 'loadFailed':
      if (!sameOrg(state, action.org) || state.phase !== 'loading') return state;
      return { ...state, phase: 'start', loadError: action.error };
    case 'searchChanged':
      return { ...state, search: action.value };
    case 'repoToggled': {
      const selected = state.selected.includes(action.url)
        ? state.selected.filter((url) => url !== action.url)
        : [...state.selected, action.url];
      return withSelection(state, selected);
    }
    case 'reposSelected': {
      const added = action.urls.filter((url) => !state.selected.includes(url));
      return withSelection(state, [...state.selected, ...added]);
    }
    case 'selectionCleared':
      return { ...state, selected: [], selectionError: null };
    case 'contextGenerated':
      if (!sameOrg(state, action.org) || state.phase !== 'select') return state;
      return {
        ...state,
        phase: 'context',
        context: action.context,
        repoLinks: action.repoLinks,
        draft: null,
        draftError: null,
        contextError: null,
        createdKey: null,
        keyError: null,
      };
    case 'contextFailed':
      if (!sameOrg(state, action.org)) return state;
      return { ...state, contextError: action.message };
    case 'editStarted':
      if (state.phase !== 'context') return state;
      return { ...state, draft: state.context, draftError: null, contextError: null };
    case 'draftChanged':
      if (state.draft === null) return state;
      return { ...state, draft: action.value, draftError: null };
    case 'editSaved': {
      if (state.draft === null) return state;
      const problem = contextProblem(state.draft);
      if (problem !== null) return { ...state, draftError: problem };
      return { ...state, context: state.draft, draft: null, draftError: null };
    }
    case 'editCancelled':
      return { ...state, draft: null, draftError: null };
    case 'contextSaved':
      if (!sameOrg(state, action.org)) return state;
      return {
        ...state,
        context: action.saved.context,
        savedContext: action.saved.context,
        repoLinks: action.saved.repoLinks,
        contextError: null,
      };
    case 'keyCreated':
      if (!sameOrg(state, action.org)) return state;
      return {
        ...state,
        createdKey: action.key,
        keyError: null,
        sessionSecrets: { ...state.sessionSecrets, [action.key._id]: action.key.secretKey },
      };
    case 'keyFailed':
      if (!sameOrg(state, action.org)) return state;
      return { ...state, keyError: action.message };
    case 'keyCardClosed':
      return { ...state, createdKey: null };
    case 'reposReopened':
      if (state.phase !== 'context') return state;
      return {
        ...state,
        phase: 'select',
        draft: null,
        draftError: null,
        contextError: null,
        createdKey: null,
        keyError: null,
      };
    case 'reposClosed':
      // Back to the context shown before, without generating a new one.
      if (state.phase !== 'select' || state.context === '') return state;
      return { ...state, phase: 'context', contextError: null };
  }
}
