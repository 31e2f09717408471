import { z } from 'zod';

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const difficultySchema = z.enum(DIFFICULTIES, {
  message: 'Difficulty must be one of beginner, intermediate, advanced',
});
export type Difficulty = z.infer<typeof difficultySchema>;

/** Beginner green, intermediate yellow, advanced red. */
export const DIFFICULTY_BADGE_CLASSES: Readonly<Record<Difficulty, string>> = {
  beginner: 'bg-green-100 text-green-800',
  intermediate: 'bg-yellow-100 text-yellow-800',
  advanced: 'bg-red-100 text-red-800',
};

const LABEL_DIFFICULTY: ReadonlyMap<string, Difficulty> = new Map([
  ['beginner', 'beginner'],
  ['easy', 'beginner'],
  ['good first issue', 'beginner'],
  ['intermediate', 'intermediate'],
  ['medium', 'intermediate'],
  ['advanced', 'advanced'],
  ['hard', 'advanced'],
]);

/**
 * Repositories spell the same label many ways ('Good First Issue', 'good-first-issue',
 * 'difficulty: hard', 'level/easy'); fold case, hyphens and underscores, and drop a leading
 * 'difficulty' or 'level' qualifier, so that one word list covers them.
 */
function normaliseLabel(label: string): string {
  const folded = label
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
  return folded.replace(/^(?:difficulty|level)\s*[:/]?\s*/, '');
}

/** The difficulty one label names ('Good First Issue', 'difficulty: hard'), or undefined. */
export function labelDifficulty(label: string): Difficulty | undefined {
  return LABEL_DIFFICULTY.get(normaliseLabel(label));
}

/**
 * Difficulty of a GitHub issue from its label names: beginner / easy /
 * good first issue, intermediate / medium, advanced / hard; beginner when no label says.
 *
 * When labels disagree the hardest one wins. 'good first issue' is often left on an issue that a
 * maintainer later marks harder, and the stake and XP defaults grow with difficulty, so the
 * harder reading neither undersells the work nor lets a contributor take it on the cheapest stake.
 */
export function difficultyFromLabels(labelNames: readonly string[]): Difficulty {
  let hardest = 0;
  for (const label of labelNames) {
    const difficulty = labelDifficulty(label);
    if (difficulty !== undefined) hardest = Math.max(hardest, DIFFICULTIES.indexOf(difficulty));
  }
  return DIFFICULTIES[hardest] ?? 'beginner';
}

export interface IssueDefaults {
  stakingRequired: number;
  xpReward: number;
  bounty: number;
}

const DEFAULTS: Readonly<Record<Difficulty, Readonly<IssueDefaults>>> = {
  beginner: { stakingRequired: 5, xpReward: 25, bounty: 0 },
  intermediate: { stakingRequired: 10, xpReward: 50, bounty: 0 },
  advanced: { stakingRequired: 20, xpReward: 100, bounty: 0 },
};

/**
 * Stake, XP and bounty for a suggested GitHub issue that is not a platform bounty issue;
 * platform issues carry their own values. A fresh object each call, so a
 * caller that edits it cannot change the table.
 */
export function issueDefaults(difficulty: Difficulty): IssueDefaults {
  return { ...DEFAULTS[difficulty] };
}
