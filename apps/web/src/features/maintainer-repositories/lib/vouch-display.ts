import type { RepositoryVouch } from '@openstake/core';

const SOURCE_TEXT: Record<RepositoryVouch['source'], string> = {
  settings: 'in settings',
  pull_request: 'on a pull request',
  command: 'by a comment command',
  file: 'in .github/VOUCHED.td',
};

/** Who said it, and where: "by @mia in settings", "in .github/VOUCHED.td". */
export const vouchOriginText = (vouch: RepositoryVouch): string =>
  vouch.decidedByLogin
    ? `by @${vouch.decidedByLogin} ${SOURCE_TEXT[vouch.source]}`
    : SOURCE_TEXT[vouch.source];
