import { DEFAULT_REPOSITORY_POLICY, type MaintainerRepository } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test/render';
import {
  NO_MATCHING_REPOSITORIES_TEXT,
  NO_REPOSITORIES_TEXT,
  RepositoriesTable,
  VIA_APP_TEXT,
} from './repositories-table';
import { appConfigKeys } from '@/features/app-config/api/query-keys';
import { BOT_COMMENTS_LABEL, GITHUB_APP_DOCS_PATH } from './app-connection-settings';
import { INSTALL_APP_HINT, PUSH_ACCESS_HINT } from './repository-connection-form';

const repository = (
  name: string,
  overrides: Partial<MaintainerRepository> = {},
): MaintainerRepository => ({
  id: name.length,
  name,
  full_name: `acme/${name}`,
  owner: 'acme',
  html_url: `https://github.com/acme/${name}`,
  description: 'A repository',
  language: 'TypeScript',
  stargazers_count: 1234,
  updated_at: null,
  open_issues_count: 0,
  private: false,
  visibility: 'Public',
  canPush: true,
  connection: null,
  ...overrides,
});

const connection = (
  overrides: Partial<NonNullable<MaintainerRepository['connection']>> = {},
): MaintainerRepository['connection'] => ({
  deductionPercent: 10,
  connectedAt: '2025-03-01T10:00:00.000Z',
  viaApp: true,
  botComments: true,
  ...DEFAULT_REPOSITORY_POLICY,
  ...overrides,
});

/** The bot comments switch: its aria-checked, whether it is disabled, and its label's text. */
const botCommentsSwitch = (html: string) => {
  const button = /<button[^>]*role="switch"[^>]*>/.exec(html)?.[0];
  if (!button) return undefined;
  const id = /id="([^"]+)"/.exec(button)?.[1] ?? '';
  const label = new RegExp(`<label[^>]*for="${id}"[^>]*>(.*?)</label>`).exec(html)?.[1];
  return {
    checked: /aria-checked="(true|false)"/.exec(button)?.[1],
    disabled: button.includes('disabled=""'),
    label: label?.replace(/<[^>]+>/g, ''),
  };
};

const render = (
  rows: MaintainerRepository[],
  selected: string[] = [],
  hasRepositories = rows.length > 0,
) =>
  renderWithProviders(
    <RepositoriesTable
      rows={rows}
      hasRepositories={hasRepositories}
      selected={new Set(selected)}
      onSelectRow={() => undefined}
      onSelectPage={() => undefined}
    />,
  );

describe('RepositoriesTable', () => {
  it('shows the Repository and Actions columns, the name and the visibility', () => {
    const html = render([repository('widgets'), repository('secret', { visibility: 'Private' })]);
    expect(html).toContain('>Repository</th>');
    expect(html).toContain('>Actions</th>');
    expect(html).toContain('acme/widgets');
    expect(html).toContain('Public');
    expect(html).toContain('Private');
    expect(html).toContain('1,234');
    expect(html).toContain('TypeScript');
  });

  it("links 'Pull Requests' to /issues and 'Issues' to /prs, as the original routes are named", () => {
    const html = render([repository('widgets')]);
    expect(html).toMatch(/href="\/maintainer\/repo\/acme\/widgets\/issues"[^>]*>.*?Pull Requests/);
    expect(html).toMatch(/href="\/maintainer\/repo\/acme\/widgets\/prs"[^>]*>.*?Issues/);
  });

  it('offers Connect with a 10 % deduction for a repository that is not connected', () => {
    const html = render([repository('widgets')]);
    expect(html).toContain('Deduction percent for acme/widgets');
    expect(html).toContain('value="10"');
    expect(html).toContain('Connect</button>');
    expect(html).not.toContain('Disconnect');
  });

  it('shows the connection, its percent, Save and Disconnect for a connected one', () => {
    const html = render([
      repository('widgets', {
        connection: {
          deductionPercent: 15,
          connectedAt: '2025-03-01T10:00:00.000Z',
          viaApp: false,
          botComments: true,
          ...DEFAULT_REPOSITORY_POLICY,
        },
      }),
    ]);
    expect(html).toContain('Connected · 15% deduction');
    expect(html).toContain('value="15"');
    expect(html).toContain('Save</button>');
    expect(html).toContain('Disconnect</button>');
  });

  it('marks a repository connected through the GitHub App and shows its bot comments setting', () => {
    const html = render([repository('widgets', { connection: connection({ botComments: true }) })]);
    expect(html).toContain(VIA_APP_TEXT);
    expect(botCommentsSwitch(html)).toEqual({
      checked: 'true',
      disabled: false,
      label: `${BOT_COMMENTS_LABEL} for acme/widgets`,
    });
    expect(html).toContain('openstake/stake');
    expect(html).toContain('>/stake</code>');
    expect(html).toContain(`href="${GITHUB_APP_DOCS_PATH}"`);
    // The connection form is still there: the percent, Save and Disconnect.
    expect(html).toContain('Disconnect</button>');
  });

  it('shows bot comments off when the maintainer turned them off', () => {
    const html = render([
      repository('widgets', { connection: connection({ botComments: false }) }),
    ]);
    expect(botCommentsSwitch(html)?.checked).toBe('false');
  });

  it('disables the bot comments switch without push access', () => {
    const html = render([repository('widgets', { canPush: false, connection: connection() })]);
    expect(botCommentsSwitch(html)?.disabled).toBe(true);
  });

  it('has no app badge or bot comments switch for a webhook connection or no connection', () => {
    const html = render([
      repository('hooked', { connection: connection({ viaApp: false }) }),
      repository('loose'),
    ]);
    expect(html).toContain('Connected · 10% deduction');
    expect(html).not.toContain(VIA_APP_TEXT);
    expect(html).not.toContain(BOT_COMMENTS_LABEL);
    expect(botCommentsSwitch(html)).toBeUndefined();
  });

  it('disables the connection controls with a hint without push access', () => {
    const html = render([repository('widgets', { canPush: false })]);
    expect(html).toContain(PUSH_ACCESS_HINT);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Connect<\/button>/);
  });

  it("in GitHub App mode, Connect links to the app's installation page", () => {
    const installUrl = 'https://github.com/apps/openstake/installations/new';
    const html = renderWithProviders(
      <RepositoriesTable
        rows={[repository('widgets'), repository('locked', { canPush: false })]}
        hasRepositories
        selected={new Set()}
        onSelectRow={() => undefined}
        onSelectPage={() => undefined}
      />,
      (client) => {
        client.setQueryData(appConfigKeys.all, {
          demoMode: false,
          githubWebUrl: 'https://github.com',
          escrowAddress: null,
          githubApp: { slug: 'openstake', installUrl },
        });
      },
    );
    expect(html).toMatch(new RegExp(`<a[^>]*href="${installUrl}"[^>]*>.*?Connect</a>`));
    expect(html).toContain(INSTALL_APP_HINT.replace("'", '&#x27;'));
    // Without push access: no link, the push access hint.
    expect(html).toContain(PUSH_ACCESS_HINT);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*?Connect<\/button>/);
    expect(html).not.toContain('Deduction percent for acme/widgets');
  });

  it('checks the select-all box when every row of the page is selected, mixed for some', () => {
    const rows = [repository('a'), repository('b')];
    const selectAll = /aria-label="Select all repositories on this page"/;
    expect(render(rows, ['acme/a', 'acme/b'])).toMatch(
      /role="checkbox" aria-checked="true"[^>]*aria-label="Select all/,
    );
    expect(render(rows, ['acme/a'])).toMatch(
      /role="checkbox" aria-checked="mixed"[^>]*aria-label="Select all/,
    );
    expect(render(rows, [])).toMatch(selectAll);
    expect(render(rows, ['acme/a'])).toContain('aria-label="Select acme/a"');
  });

  it('tells an empty list from a search without match', () => {
    expect(render([], [], false)).toContain(NO_REPOSITORIES_TEXT);
    expect(render([], [], true)).toContain(NO_MATCHING_REPOSITORIES_TEXT);
  });
});
