import { describe, expect, it } from 'vitest';

import { filterIntegrations, INTEGRATIONS } from './integrations';

const names = (query: string) => filterIntegrations(INTEGRATIONS, query).map((i) => i.name);

describe('integrations search', () => {
  it('lists GitHub and the five locked integrations', () => {
    expect(INTEGRATIONS.map((i) => [i.name, i.premium])).toEqual([
      ['GitHub', false],
      ['GitLab', true],
      ['Slack', true],
      ['Discord', true],
      ['Jira', true],
      ['Linear', true],
    ]);
  });

  it('keeps everything for a blank search', () => {
    expect(names('')).toHaveLength(6);
    expect(names('  ')).toHaveLength(6);
  });

  it('matches names, ignoring case and surrounding spaces', () => {
    expect(names(' SLACK ')).toEqual(['Slack']);
    expect(names('git')).toEqual(['GitHub', 'GitLab']);
  });

  it('matches categories and descriptions', () => {
    expect(names('communication')).toEqual(['Slack', 'Discord']);
    expect(names('tickets')).toEqual(['Jira']);
  });

  it('finds nothing for an unknown integration', () => {
    expect(names('bitbucket')).toEqual([]);
  });
});
