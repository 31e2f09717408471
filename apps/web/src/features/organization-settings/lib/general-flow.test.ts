import type { CreatedApiKey, OrganizationContext, OrganizationRepository } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import {
  checkOrganization,
  CONTEXT_REQUIRED_MESSAGE,
  contextProblem,
  createKeyProblem,
  filterRepositories,
  generalFlowReducer,
  generateContextProblem,
  hasUnsavedContext,
  initialGeneralFlow,
  keyNameProblem,
  showsCreateKey,
  type GeneralFlowAction,
  type GeneralFlowState,
} from './general-flow';

const repo = (
  name: string,
  extra: Partial<OrganizationRepository> = {},
): OrganizationRepository => ({
  name,
  full_name: `acme/${name}`,
  html_url: `https://github.com/acme/${name}`,
  description: null,
  language: null,
  stargazers_count: 0,
  ...extra,
});

const repos = [
  repo('widgets', { description: 'Widget toolkit', language: 'TypeScript' }),
  repo('gadgets', { language: 'Rust' }),
  repo('docs'),
];

const saved = (context: string, repoLinks: string[] = []): OrganizationContext => ({
  organization: 'acme',
  context,
  repoLinks,
  updatedAt: '2025-03-01T10:00:00.000Z',
});

const createdKey: CreatedApiKey = {
  _id: 'k1',
  name: 'CI',
  maskedKey: 'acme...wxyz',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsed: null,
  secretKey: 'acme0123456789abwxyz',
};

const run = (state: GeneralFlowState, ...actions: GeneralFlowAction[]): GeneralFlowState =>
  actions.reduce(generalFlowReducer, state);

/** The state after 'Fetch Repositories' for acme answered with `repos` and no saved context. */
const selecting = (): GeneralFlowState =>
  run(
    initialGeneralFlow(),
    { type: 'orgInputChanged', value: '  acme ' },
    { type: 'loadStarted', org: 'acme' },
    {
      type: 'loadSucceeded',
      org: 'acme',
      repositories: repos,
      reposError: null,
      savedContext: null,
    },
  );

describe('checkOrganization', () => {
  it('trims the input', () => {
    expect(checkOrganization('  octo-org ')).toEqual({ ok: true, org: 'octo-org' });
  });

  it('asks for a username or organization when blank', () => {
    for (const input of ['', '   ']) {
      expect(checkOrganization(input)).toEqual({
        ok: false,
        message: 'Please enter a GitHub username or org',
      });
    }
  });

  it('refuses what cannot be a GitHub login', () => {
    expect(checkOrganization('acme/widgets')).toEqual({
      ok: false,
      message: 'Please enter a valid GitHub username or org',
    });
  });
});

describe('validation messages', () => {
  it('needs at least one and at most 20 repositories to generate a context', () => {
    expect(generateContextProblem([])).toBe('Select at least one repository');
    expect(generateContextProblem(['https://github.com/acme/widgets'])).toBeNull();
    const many = Array.from({ length: 21 }, (_, i) => `https://github.com/acme/r${String(i)}`);
    expect(generateContextProblem(many)).toBe('Select at most 20 repositories');
  });

  it('refuses an empty or overlong context', () => {
    expect(contextProblem('  ')).toBe('The context is empty');
    expect(contextProblem('x'.repeat(20_001))).toBe(
      'The context must be 20,000 characters or fewer',
    );
    expect(contextProblem('Acme builds widgets.')).toBeNull();
  });

  it('needs a saved context before a key', () => {
    expect(createKeyProblem({ savedContext: null })).toBe(CONTEXT_REQUIRED_MESSAGE);
    expect(CONTEXT_REQUIRED_MESSAGE).toBe('You need to generate context first.');
    expect(createKeyProblem({ savedContext: 'Acme' })).toBeNull();
  });

  it('accepts a blank key name but not an overlong one', () => {
    expect(keyNameProblem('')).toBeNull();
    expect(keyNameProblem('x'.repeat(101))).toBe('Name must be 100 characters or fewer');
  });
});

describe('filterRepositories', () => {
  it('matches name, description and language, case-insensitive', () => {
    expect(filterRepositories(repos, 'WIDG').map((r) => r.name)).toEqual(['widgets']);
    expect(filterRepositories(repos, 'toolkit').map((r) => r.name)).toEqual(['widgets']);
    expect(filterRepositories(repos, 'rust').map((r) => r.name)).toEqual(['gadgets']);
    expect(filterRepositories(repos, '  ')).toHaveLength(3);
  });
});

describe('generalFlowReducer', () => {
  it('starts with the input only, or loading the remembered organization', () => {
    expect(initialGeneralFlow().phase).toBe('start');
    const remembered = initialGeneralFlow({ loadingOrg: 'acme' });
    expect(remembered).toMatchObject({ phase: 'loading', org: 'acme', orgInput: 'acme' });
  });

  it('shows the input error and clears it on typing', () => {
    const rejected = run(initialGeneralFlow(), {
      type: 'orgRejected',
      message: 'Please enter a GitHub username or org',
    });
    expect(rejected.inputError).toBe('Please enter a GitHub username or org');
    expect(run(rejected, { type: 'orgInputChanged', value: 'a' }).inputError).toBeNull();
  });

  it('walks fetch -> select -> generate -> edit -> save -> key created', () => {
    let state = selecting();
    expect(state).toMatchObject({ phase: 'select', org: 'acme', repositories: repos });
    expect(showsCreateKey(state)).toBe(false);

    state = run(
      state,
      { type: 'repoToggled', url: 'https://github.com/acme/widgets' },
      { type: 'repoToggled', url: 'https://github.com/acme/docs' },
      { type: 'repoToggled', url: 'https://github.com/acme/docs' },
    );
    expect(state.selected).toEqual(['https://github.com/acme/widgets']);

    state = run(state, {
      type: 'contextGenerated',
      org: 'acme',
      context: 'Acme builds widgets.',
      repoLinks: state.selected,
    });
    expect(state).toMatchObject({ phase: 'context', context: 'Acme builds widgets.' });
    expect(hasUnsavedContext(state)).toBe(true);
    expect(showsCreateKey(state)).toBe(false);

    // Edit, then Cancel: nothing changes.
    state = run(state, { type: 'editStarted' }, { type: 'draftChanged', value: 'Nope' });
    expect(state.draft).toBe('Nope');
    state = run(state, { type: 'editCancelled' });
    expect(state).toMatchObject({ draft: null, context: 'Acme builds widgets.' });

    // Edit, then Save: the shown context changes, still unsaved on the server.
    state = run(
      state,
      { type: 'editStarted' },
      { type: 'draftChanged', value: 'Acme builds widgets in TypeScript.' },
      { type: 'editSaved' },
    );
    expect(state).toMatchObject({ draft: null, context: 'Acme builds widgets in TypeScript.' });
    expect(hasUnsavedContext(state)).toBe(true);

    // Save Context reveals Create API Key.
    state = run(state, {
      type: 'contextSaved',
      org: 'acme',
      saved: saved('Acme builds widgets in TypeScript.', ['https://github.com/acme/widgets']),
    });
    expect(hasUnsavedContext(state)).toBe(false);
    expect(showsCreateKey(state)).toBe(true);
    expect(createKeyProblem(state)).toBeNull();

    state = run(state, { type: 'keyCreated', org: 'acme', key: createdKey });
    expect(state.createdKey).toEqual(createdKey);
    expect(state.sessionSecrets).toEqual({ k1: 'acme0123456789abwxyz' });

    // Closing the card hides the key there; it stays revealable in this page's memory.
    state = run(state, { type: 'keyCardClosed' });
    expect(state.createdKey).toBeNull();
    expect(state.sessionSecrets).toEqual({ k1: 'acme0123456789abwxyz' });
  });

  it('keeps an edit that would empty the context from being applied', () => {
    let state = run(selecting(), {
      type: 'contextGenerated',
      org: 'acme',
      context: 'Acme',
      repoLinks: [],
    });
    state = run(
      state,
      { type: 'editStarted' },
      { type: 'draftChanged', value: '  ' },
      {
        type: 'editSaved',
      },
    );
    expect(state).toMatchObject({
      draft: '  ',
      draftError: 'The context is empty',
      context: 'Acme',
    });
  });

  it('skips straight to the saved state when a context is already saved', () => {
    const state = run(
      initialGeneralFlow(),
      { type: 'loadStarted', org: 'acme' },
      {
        type: 'loadSucceeded',
        org: 'acme',
        repositories: repos,
        reposError: null,
        savedContext: saved('Saved text', ['https://github.com/acme/gadgets']),
      },
    );
    expect(state).toMatchObject({
      phase: 'context',
      context: 'Saved text',
      savedContext: 'Saved text',
      repoLinks: ['https://github.com/acme/gadgets'],
      selected: ['https://github.com/acme/gadgets'],
    });
    expect(showsCreateKey(state)).toBe(true);
  });

  it('shows a saved context even when the repositories could not be listed', () => {
    const reposError = { message: 'GitHub authentication required', githubAuthRequired: true };
    const state = run(
      initialGeneralFlow(),
      { type: 'loadStarted', org: 'acme' },
      {
        type: 'loadSucceeded',
        org: 'acme',
        repositories: null,
        reposError,
        savedContext: saved('Saved text'),
      },
    );
    expect(state.phase).toBe('context');
    expect(run(state, { type: 'reposReopened' })).toMatchObject({ phase: 'select', reposError });
  });

  it('reports a failed load under the button', () => {
    const error = { message: 'Not Found', githubAuthRequired: false };
    const failed = run(
      initialGeneralFlow(),
      { type: 'loadStarted', org: 'nobody' },
      {
        type: 'loadSucceeded',
        org: 'nobody',
        repositories: null,
        reposError: error,
        savedContext: null,
      },
    );
    expect(failed).toMatchObject({ phase: 'start', loadError: error });
    const failedAgain = run(
      initialGeneralFlow(),
      { type: 'loadStarted', org: 'nobody' },
      { type: 'loadFailed', org: 'nobody', error },
    );
    expect(failedAgain).toMatchObject({ phase: 'start', loadError: error });
  });

  it('ignores answers for an organization the user has left', () => {
    let state = run(
      initialGeneralFlow(),
      { type: 'loadStarted', org: 'acme' },
      {
        type: 'loadStarted',
        org: 'globex',
      },
    );
    state = run(state, {
      type: 'loadSucceeded',
      org: 'acme',
      repositories: repos,
      reposError: null,
      savedContext: null,
    });
    expect(state).toMatchObject({ phase: 'loading', org: 'globex' });

    const generated = run(selecting(), {
      type: 'contextGenerated',
      org: 'globex',
      context: 'x',
      repoLinks: [],
    });
    expect(generated.phase).toBe('select');
  });

  it('starts over on a new fetch but keeps the keys created earlier revealable', () => {
    let state = run(
      selecting(),
      { type: 'contextGenerated', org: 'acme', context: 'A', repoLinks: [] },
      { type: 'contextSaved', org: 'acme', saved: saved('A') },
      { type: 'keyCreated', org: 'acme', key: createdKey },
      { type: 'loadStarted', org: 'globex' },
    );
    expect(state).toMatchObject({
      phase: 'loading',
      org: 'globex',
      context: '',
      savedContext: null,
      createdKey: null,
      sessionSecrets: { k1: 'acme0123456789abwxyz' },
    });
    state = run(state, { type: 'keyFailed', org: 'globex', message: CONTEXT_REQUIRED_MESSAGE });
    expect(state.keyError).toBe(CONTEXT_REQUIRED_MESSAGE);
  });

  it('shows a generation error as text and clears it on the next selection', () => {
    let state = run(selecting(), {
      type: 'contextFailed',
      org: 'acme',
      message: 'The context service is unavailable',
    });
    expect(state.contextError).toBe('The context service is unavailable');
    expect(state.phase).toBe('select');
    state = run(state, { type: 'repoToggled', url: 'https://github.com/acme/docs' });
    expect(state.contextError).toBeNull();
  });

  it('selects at most 20 repositories', () => {
    const urls = Array.from({ length: 20 }, (_, i) => `https://github.com/acme/r${String(i)}`);
    let state = run(selecting(), { type: 'reposSelected', urls });
    expect(state.selected).toHaveLength(20);
    state = run(state, { type: 'repoToggled', url: 'https://github.com/acme/widgets' });
    expect(state.selected).toHaveLength(20);
    expect(state.selectionError).toBe('Select at most 20 repositories');
    state = run(state, { type: 'selectionCleared' });
    expect(state).toMatchObject({ selected: [], selectionError: null });
  });

  it('goes back to the repositories and returns to the context without generating', () => {
    const inContext = run(selecting(), {
      type: 'contextGenerated',
      org: 'acme',
      context: 'A',
      repoLinks: [],
    });
    const reopened = run(inContext, { type: 'reposReopened' });
    expect(reopened.phase).toBe('select');
    expect(run(reopened, { type: 'reposClosed' })).toMatchObject({
      phase: 'context',
      context: 'A',
    });
  });
});
