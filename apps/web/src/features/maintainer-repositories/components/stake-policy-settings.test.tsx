import {
  DEFAULT_REPOSITORY_POLICY,
  MAX_OPEN_STAKES_MESSAGE,
  type MaintainerRepository,
} from '@openstake/core';
import { describe, expect, it } from 'vitest';

import { stakePolicyFormValues, type StakePolicyErrors } from '../lib/stake-policy-form';
import { renderWithProviders } from '../test/render';
import {
  BOT_NEEDS_APP_NOTE,
  NEWCOMER_EXPLANATION,
  STAKE_POLICY_TITLE,
  StakePolicyFields,
  StakePolicyForm,
  StakePolicySettings,
} from './stake-policy-settings';

const connection = (
  overrides: Partial<NonNullable<MaintainerRepository['connection']>> = {},
): NonNullable<MaintainerRepository['connection']> => ({
  deductionPercent: 10,
  connectedAt: '2025-03-01T10:00:00.000Z',
  viaApp: true,
  botComments: true,
  ...DEFAULT_REPOSITORY_POLICY,
  ...overrides,
});

const repository = (overrides: Partial<MaintainerRepository> = {}): MaintainerRepository => ({
  id: 1,
  name: 'widgets',
  full_name: 'acme/widgets',
  owner: 'acme',
  html_url: 'https://github.com/acme/widgets',
  description: null,
  language: null,
  stargazers_count: 0,
  updated_at: null,
  open_issues_count: 0,
  private: false,
  visibility: 'Public',
  canPush: true,
  connection: connection(),
  ...overrides,
});

const renderForm = (repo: MaintainerRepository) =>
  renderWithProviders(<StakePolicyForm repository={repo} connection={repo.connection!} />);

/** A control's tag by the text of the label naming it (<label for=id>). */
const controlNamed = (html: string, label: string) => {
  const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  if (!id) return undefined;
  return new RegExp(`<(input|button)[^>]*id="${id}"[^>]*>`).exec(html)?.[0];
};

describe('the Stake policy section', () => {
  it('is folded under its button until asked for', () => {
    const repo = repository();
    const html = renderWithProviders(
      <StakePolicySettings repository={repo} connection={repo.connection!} />,
    );
    expect(html).toContain(STAKE_POLICY_TITLE);
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('Open stakes per contributor');
  });

  it('shows every setting at its default, with the newcomer explained', () => {
    const html = renderForm(repository());
    expect(html).toContain(`aria-label="${STAKE_POLICY_TITLE} of acme/widgets"`);
    expect(controlNamed(html, 'Open stakes per contributor')).toContain('value="2"');
    expect(controlNamed(html, 'Newcomer stakes per issue')).toContain('value="3"');
    expect(html).toContain(NEWCOMER_EXPLANATION);
    expect(controlNamed(html, 'Exclusive window')).toContain('aria-checked="false"');
    expect(html).toContain('Off (default)');
    expect(controlNamed(html, 'Minimum rank')).toBeDefined();
    expect(controlNamed(html, 'Vouched contributors only')).toContain('aria-checked="false"');
    expect(controlNamed(html, 'Accept AI-generated pull requests')).toContain(
      'aria-checked="true"',
    );
    expect(controlNamed(html, 'Label unstaked pull requests')).toContain('aria-checked="false"');
    expect(controlNamed(html, 'Close pull requests of denounced authors')).not.toContain(
      'disabled=""',
    );
    expect(html).not.toContain(BOT_NEEDS_APP_NOTE);
    // Nothing changed yet: nothing to save.
    expect(/<button[^>]*type="submit"[^>]*>/.exec(html)?.[0]).toContain('disabled=""');
  });

  it('shows a saved window in days, and says the bot switches need the app on a webhook', () => {
    const html = renderForm(
      repository({ connection: connection({ viaApp: false, exclusiveWindowDays: 5 }) }),
    );
    expect(controlNamed(html, 'Exclusive window')).toContain('aria-checked="true"');
    expect(controlNamed(html, 'Exclusive window in days')).toContain('value="5"');
    expect(html).toContain(BOT_NEEDS_APP_NOTE);
    expect(controlNamed(html, 'Label unstaked pull requests')).toContain('disabled=""');
    expect(controlNamed(html, 'Close pull requests of denounced authors')).toContain('disabled=""');
    // The rest stays editable.
    expect(controlNamed(html, 'Vouched contributors only')).not.toContain('disabled=""');
  });

  it('is read-only without push access', () => {
    const html = renderForm(repository({ canPush: false }));
    expect(controlNamed(html, 'Open stakes per contributor')).toContain('disabled=""');
    expect(controlNamed(html, 'Vouched contributors only')).toContain('disabled=""');
  });

  it('shows an error at its field, announced and named by the field', () => {
    const errors: StakePolicyErrors = { maxOpenStakesPerContributor: MAX_OPEN_STAKES_MESSAGE };
    const html = renderWithProviders(
      <StakePolicyFields
        values={{
          ...stakePolicyFormValues(DEFAULT_REPOSITORY_POLICY),
          maxOpenStakesPerContributor: '21',
        }}
        errors={errors}
        disabled={false}
        viaApp
        onChange={() => undefined}
      />,
    );
    const input = controlNamed(html, 'Open stakes per contributor')!;
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(
      `<p id="${describedBy!}" role="alert" class="text-xs text-destructive">${MAX_OPEN_STAKES_MESSAGE}</p>`,
    );
  });
});
