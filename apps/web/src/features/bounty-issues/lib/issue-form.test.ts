import { SELECTABLE_ISSUE_LABELS } from '@openstake/core';
import { describe, expect, it } from 'vitest';

import {
  checkCreateBountyIssue,
  clearedAfterCreate,
  EMPTY_ISSUE_FORM,
  formFieldOf,
  isMissingRequiredField,
  parseAmountText,
  toggleLabel,
  type IssueFormValues,
} from './issue-form';

const filled: IssueFormValues = {
  owner: ' acme ',
  repo: 'widgets ',
  title: '  Fix the widget ',
  body: 'It breaks.',
  labels: ['bug', 'documentation'],
  assignees: ' octo , ,hubot ,',
  milestone: '2',
  stake: '10',
  bounty: ' 250 ',
  chainBounty: '',
};

const failure = (change: Partial<IssueFormValues>) => {
  const result = checkCreateBountyIssue({ ...filled, ...change });
  if (result.ok) throw new Error('expected the check to fail');
  return { message: result.message, field: result.field };
};

describe('checkCreateBountyIssue', () => {
  it('builds the request the contract expects: trimmed, assignees split, amounts as numbers', () => {
    expect(checkCreateBountyIssue(filled)).toEqual({
      ok: true,
      input: {
        owner: 'acme',
        repo: 'widgets',
        title: 'Fix the widget',
        body: 'It breaks.',
        labels: ['bug', 'documentation'],
        assignees: ['octo', 'hubot'],
        milestone: 2,
        stakeAmount: 10,
        bountyAmount: 250,
        pullRequestNumber: null,
        chainBounty: null,
      },
    });
  });

  it("sends a chain bounty as typed in the chain's currency, apart from the coins", () => {
    const result = checkCreateBountyIssue({ ...filled, chainBounty: ' 1.5 ' });
    expect(result.ok && result.input).toMatchObject({
      bountyAmount: 250,
      chainBounty: '1.5',
    });
    expect(failure({ chainBounty: '1,5' })).toEqual({
      message: 'The chain bounty must be an amount such as 1.5',
      field: 'chainBounty',
    });
    expect(failure({ chainBounty: '0' })).toEqual({
      message: 'The chain bounty must be more than 0',
      field: 'chainBounty',
    });
  });

  it('sends no milestone for a blank one and the pull request number when given', () => {
    const result = checkCreateBountyIssue({ ...filled, milestone: ' ' }, 12);
    expect(result.ok && result.input).toMatchObject({ milestone: null, pullRequestNumber: 12 });
  });

  it.each([
    [{ owner: '' }, 'Owner and Repository are required', 'owner'],
    [{ owner: '   ' }, 'Owner and Repository are required', 'owner'],
    [{ repo: '' }, 'Owner and Repository are required', 'repo'],
    [{ title: '  ' }, 'Title is required', 'title'],
    [{ stake: '' }, 'A valid stake amount is required', 'stake'],
    [{ stake: '0' }, 'A valid stake amount is required', 'stake'],
    [{ stake: '-5' }, 'A valid stake amount is required', 'stake'],
    [{ stake: 'ten' }, 'A valid stake amount is required', 'stake'],
    [{ stake: '1e3' }, 'A valid stake amount is required', 'stake'],
    [{ bounty: '' }, 'A valid bounty amount is required', 'bounty'],
    [{ bounty: '0' }, 'A valid bounty amount is required', 'bounty'],
    [{ bounty: 'abc' }, 'A valid bounty amount is required', 'bounty'],
  ] as const)('refuses %o with %s', (change, message, field) => {
    expect(failure(change)).toEqual({ message, field });
  });

  it('reports problems in the order of the form: owner before title before amounts', () => {
    expect(failure({ owner: '', title: '', stake: '', bounty: '' }).message).toBe(
      'Owner and Repository are required',
    );
    expect(failure({ title: '', stake: '' }).message).toBe('Title is required');
    expect(failure({ stake: '', bounty: '' }).message).toBe('A valid stake amount is required');
  });

  it('refuses fractions of a coin, bad names, assignees and milestones with the contract words', () => {
    expect(failure({ stake: '10.5' })).toEqual({
      message: 'Amounts are whole coins',
      field: 'stake',
    });
    expect(failure({ bounty: '2000000' }).field).toBe('bounty');
    expect(failure({ owner: 'ac me' })).toEqual({
      message: 'Owner must be a GitHub user or organization name',
      field: 'owner',
    });
    expect(failure({ assignees: 'octo, not a name' })).toEqual({
      message: 'Assignees must be GitHub usernames',
      field: 'assignees',
    });
    expect(failure({ milestone: '0' })).toEqual({
      message: 'Milestone must be a milestone number',
      field: 'milestone',
    });
  });
});

describe('isMissingRequiredField', () => {
  it('is true while any of title, owner, repo, stake or bounty is blank', () => {
    expect(isMissingRequiredField(filled)).toBe(false);
    for (const field of ['owner', 'repo', 'title', 'stake', 'bounty'] as const) {
      expect(isMissingRequiredField({ ...filled, [field]: '  ' })).toBe(true);
    }
  });

  it('does not require description, labels, assignees or milestone', () => {
    expect(
      isMissingRequiredField({ ...filled, body: '', labels: [], assignees: '', milestone: '' }),
    ).toBe(false);
  });
});

describe('form helpers', () => {
  it('parses amounts strictly', () => {
    expect(parseAmountText('')).toBeUndefined();
    expect(parseAmountText(' 25 ')).toBe(25);
    expect(parseAmountText('0x10')).toBeNaN();
  });

  it("keeps labels in the product's order whatever the click order", () => {
    let labels = toggleLabel([], 'good first issue');
    labels = toggleLabel(labels, 'bug');
    expect(labels).toEqual(['bug', 'good first issue']);
    expect(toggleLabel(labels, 'bug')).toEqual(['good first issue']);
    expect(SELECTABLE_ISSUE_LABELS).toHaveLength(5);
  });

  it('clears title onward after a creation, keeping the repository', () => {
    expect(clearedAfterCreate(filled)).toEqual({
      ...EMPTY_ISSUE_FORM,
      owner: filled.owner,
      repo: filled.repo,
    });
  });

  it('maps the server field names to the form fields', () => {
    expect(formFieldOf('stakeAmount')).toBe('stake');
    expect(formFieldOf('bountyAmount')).toBe('bounty');
    expect(formFieldOf('toString')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});
