import type { Difficulty } from '@openstake/core';
import type { RelevantFile } from './relevant-files';

/** Marks OpenStake's guidance comment, so a repeated workflow run finds it instead of adding one. */
export const GUIDANCE_MARKER = '<!-- openstake-guidance -->';

export interface Guidance {
  organization: string;
  difficulty: Difficulty;
  difficultyFromLabel: boolean;
  stakeAmount: number;
  bountyAmount: number;
  xpReward: number;
  bountyIssue: boolean;
  files: RelevantFile[];
  notes: string | null;
  notesByModel: boolean;
}

const coins = (n: number) => `${n} coin${n === 1 ? '' : 's'}`;

/** The Markdown of the guidance comment. */
export function guidanceComment(g: Guidance): string {
  const lines = [
    GUIDANCE_MARKER,
    '### OpenStake guidance',
    '',
    `- **Suggested difficulty:** ${g.difficulty}${g.difficultyFromLabel ? ' (from the labels)' : ' (no difficulty label yet)'}`,
    `- **Stake to work on it:** ${coins(g.stakeAmount)}, returned when the pull request is merged`,
    g.bountyIssue
      ? `- **Bounty:** ${coins(g.bountyAmount)}, paid to the first merged pull request`
      : `- **Bounty:** none (${coins(0)})`,
    `- **XP on merge:** ${g.xpReward}`,
  ];
  if (g.files.length > 0) {
    lines.push('', '**Files that may be relevant**', '');
    for (const f of g.files) {
      lines.push(
        `- \`${f.path}\` (${f.source === 'issue' ? 'named in this issue' : 'from the project context'})`,
      );
    }
  }
  if (g.notes) {
    lines.push(
      '',
      g.notesByModel
        ? '**Notes** (written by a language model from the project context)'
        : '**Notes**',
      '',
      g.notes,
    );
  }
  lines.push(
    '',
    `<sub>Posted by the OpenStake automation of ${g.organization}. Stakes, bounties and XP are OpenStake coins and points, not money.</sub>`,
  );
  return lines.join('\n');
}
