import type { CreatedApiKey, OrganizationRepository } from '@openstake/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import type { GeneralFlow } from '../hooks/use-general-flow';
import {
  generalFlowReducer,
  initialGeneralFlow,
  type GeneralFlowAction,
  type GeneralFlowState,
} from '../lib/general-flow';
import { GeneralSteps } from './general-steps';

const repos: OrganizationRepository[] = [
  {
    name: 'widgets',
    full_name: 'acme/widgets',
    html_url: 'https://github.com/acme/widgets',
    description: 'Widget toolkit',
    language: 'TypeScript',
    stargazers_count: 1200,
  },
  {
    name: 'gadgets',
    full_name: 'acme/gadgets',
    html_url: 'https://github.com/acme/gadgets',
    description: null,
    language: null,
    stargazers_count: 3,
  },
];

const key: CreatedApiKey = {
  _id: 'k1',
  name: null,
  maskedKey: 'acme...wxyz',
  createdAt: '2025-03-01T10:00:00.000Z',
  lastUsed: null,
  secretKey: 'acme0123456789abwxyz',
};

const run = (...actions: GeneralFlowAction[]): GeneralFlowState =>
  actions.reduce(generalFlowReducer, initialGeneralFlow());

const loaded: GeneralFlowAction[] = [
  { type: 'orgInputChanged', value: 'acme' },
  { type: 'loadStarted', org: 'acme' },
  { type: 'loadSucceeded', org: 'acme', repositories: repos, reposError: null, savedContext: null },
];
const generated: GeneralFlowAction[] = [
  ...loaded,
  { type: 'repoToggled', url: 'https://github.com/acme/widgets' },
  {
    type: 'contextGenerated',
    org: 'acme',
    context: 'Acme builds widgets.',
    repoLinks: ['https://github.com/acme/widgets'],
  },
];
const savedContext: GeneralFlowAction = {
  type: 'contextSaved',
  org: 'acme',
  saved: {
    organization: 'acme',
    context: 'Acme builds widgets.',
    repoLinks: ['https://github.com/acme/widgets'],
    updatedAt: '2025-03-01T10:00:00.000Z',
  },
};

function render(state: GeneralFlowState, pending: Partial<GeneralFlow> = {}): string {
  const flow: GeneralFlow = {
    state,
    dispatch: () => undefined,
    fetchRepositories: () => undefined,
    generateContext: () => undefined,
    saveContext: () => undefined,
    createApiKey: () => undefined,
    isGenerating: false,
    isSaving: false,
    isCreatingKey: false,
    ...pending,
  };
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: ['/maintainer/org-settings/config'] },
      createElement(GeneralSteps, { flow }),
    ),
  );
}

/** The opening tag of the button whose content contains `text`. */
function buttonTag(html: string, text: string): string {
  const button = html
    .match(/<button[^>]*>(?:(?!<\/button>).)*<\/button>/g)
    ?.find((b) => b.replace(/<[^>]+>/g, '').includes(text));
  if (!button) throw new Error(`No button with ${text}`);
  return button.slice(0, button.indexOf('>') + 1);
}

describe('GeneralSteps', () => {
  it('starts with the organization input and Fetch Repositories only', () => {
    const html = render(initialGeneralFlow());
    expect(html).toContain('GitHub username or organization');
    expect(buttonTag(html, 'Fetch Repositories')).toContain('type="submit"');
    expect(buttonTag(html, 'Fetch Repositories')).not.toContain('disabled=""');
    expect(html).not.toContain('Generate Context');
    expect(html).not.toContain('Create API Key');
  });

  it('shows the validation message under the input', () => {
    const html = render(
      run({ type: 'orgRejected', message: 'Please enter a GitHub username or org' }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('Please enter a GitHub username or org');
    expect(html).toContain('aria-invalid="true"');
  });

  it('shows a loading state and disables Fetch while the organization loads', () => {
    const html = render(run({ type: 'loadStarted', org: 'acme' }));
    expect(html).toContain('Loading acme...');
    expect(buttonTag(html, 'Fetch Repositories')).toContain('disabled=""');
  });

  it('offers to connect GitHub when listing needs it', () => {
    const html = render(
      run(
        { type: 'loadStarted', org: 'acme' },
        {
          type: 'loadFailed',
          org: 'acme',
          error: { message: 'GitHub authentication required', githubAuthRequired: true },
        },
      ),
    );
    expect(html).toContain('GitHub authentication required');
    expect(html).toContain('Connect GitHub');
  });

  it('lists the repositories with a search and selection; Generate waits for a selection', () => {
    const html = render(run(...loaded));
    expect(html).toContain('Repositories of acme');
    expect(html).toContain('placeholder="Search repositories..."');
    expect(html).toContain('acme/widgets');
    expect(html).toContain('Widget toolkit');
    expect(html).toContain('role="checkbox"');
    expect(html).toContain('0 selected');
    expect(buttonTag(html, 'Generate Context')).toContain('disabled=""');
  });

  it('says when the search matches nothing', () => {
    const html = render(run(...loaded, { type: 'searchChanged', value: 'zzz' }));
    expect(html).toContain('No repositories match your search.');
  });

  it('shows a generation error as red text under the button', () => {
    const html = render(
      run(...loaded, {
        type: 'contextFailed',
        org: 'acme',
        message: 'The context service is unavailable',
      }),
    );
    expect(html).toMatch(
      /Generate Context.*<p role="alert" class="text-sm text-destructive">The context service is unavailable<\/p>/,
    );
  });

  it('shows the generated context instead of the list, with Edit and Save Context', () => {
    const html = render(run(...generated));
    expect(html).toContain('Context for acme');
    expect(html).toContain('Acme builds widgets.');
    expect(html).toContain('Edit');
    expect(buttonTag(html, 'Save Context')).not.toContain('disabled=""');
    expect(html).not.toContain('Search repositories...');
    expect(html).not.toContain('role="checkbox"');
    expect(html).not.toContain('Create API Key');
  });

  it('edits the context in a textarea with Save and Cancel', () => {
    const html = render(run(...generated, { type: 'editStarted' }));
    expect(html).toContain('<textarea');
    expect(html).toContain('>Save<');
    expect(html).toContain('Cancel');
    expect(buttonTag(html, 'Save Context')).toContain('disabled=""');
  });

  it('reveals Create API Key once the context is saved', () => {
    const html = render(run(...generated, savedContext));
    expect(html).toContain('Context saved');
    expect(html).toContain('Create API Key');
    expect(html).toContain('Key name (optional)');
  });

  it('shows the created key once, with Copy and a warning', () => {
    const html = render(run(...generated, savedContext, { type: 'keyCreated', org: 'acme', key }));
    expect(html).toContain('acme0123456789abwxyz');
    expect(html).toContain('it will not be shown again');
    expect(html).toContain('Untitled key');
    expect(html).toContain('>Copy<');
    expect(html).toContain('OPENSTAKE_API_KEY');
  });

  it("shows the server's refusal under Create API Key", () => {
    const html = render(
      run(...generated, savedContext, {
        type: 'keyFailed',
        org: 'acme',
        message: 'You need to generate context first.',
      }),
    );
    expect(html).toContain('You need to generate context first.');
  });
});
