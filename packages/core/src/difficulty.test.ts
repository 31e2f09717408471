import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIFFICULTIES,
  DIFFICULTY_BADGE_CLASSES,
  difficultyFromLabels,
  difficultySchema,
  issueDefaults,
  labelDifficulty,
} from './difficulty';

describe('difficultySchema', () => {
  it('accepts the three difficulties and refuses anything else', () => {
    for (const d of DIFFICULTIES) expect(difficultySchema.parse(d)).toBe(d);
    const result = difficultySchema.safeParse('hard');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Difficulty must be one of beginner, intermediate, advanced',
    );
  });
});

describe('DIFFICULTY_BADGE_CLASSES', () => {
  it('colours beginner, intermediate, advanced green, yellow, red', () => {
    expect(DIFFICULTY_BADGE_CLASSES.beginner).toContain('green');
    expect(DIFFICULTY_BADGE_CLASSES.intermediate).toContain('yellow');
    expect(DIFFICULTY_BADGE_CLASSES.advanced).toContain('red');
  });
});

describe('labelDifficulty', () => {
  it.each([
    ['Good First Issue', 'beginner'],
    ['difficulty: hard', 'advanced'],
    ['Level/Medium', 'intermediate'],
    ['easy-peasy', undefined],
    ['hardware', undefined],
    ['bug', undefined],
  ] as const)('%j -> %s', (label, difficulty) => {
    expect(labelDifficulty(label)).toBe(difficulty);
  });
});

describe('difficultyFromLabels', () => {
  it.each([
    [[], 'beginner'],
    [['bug', 'help wanted'], 'beginner'],
    [['good first issue'], 'beginner'],
    [['Good First Issue'], 'beginner'],
    [['good-first-issue'], 'beginner'],
    [['easy'], 'beginner'],
    [['beginner'], 'beginner'],
    [['medium'], 'intermediate'],
    [['Intermediate'], 'intermediate'],
    [['HARD'], 'advanced'],
    [['advanced'], 'advanced'],
    [['difficulty: hard'], 'advanced'],
    [['Difficulty/Medium'], 'intermediate'],
    [['level: easy'], 'beginner'],
    [['  medium  '], 'intermediate'],
    [['good first issue', 'hard'], 'advanced'],
    [['hard', 'easy'], 'advanced'],
    [['medium', 'good first issue', 'bug'], 'intermediate'],
    [['hardware'], 'beginner'],
    [['mediumish'], 'beginner'],
  ] as const)('%j -> %s', (labels, difficulty) => {
    expect(difficultyFromLabels(labels)).toBe(difficulty);
  });

  it('the hardest label wins whatever the order', () => {
    const labelArb = fc.constantFrom('easy', 'medium', 'hard', 'good first issue', 'bug', 'docs');
    const rank = { easy: 0, 'good first issue': 0, medium: 1, hard: 2, bug: 0, docs: 0 };
    fc.assert(
      fc.property(fc.array(labelArb, { maxLength: 8 }), (labels) => {
        const expected = DIFFICULTIES[Math.max(0, ...labels.map((l) => rank[l]))];
        expect(difficultyFromLabels(labels)).toBe(expected);
        expect(difficultyFromLabels([...labels].reverse())).toBe(expected);
      }),
    );
  });

  it('always returns a valid difficulty for arbitrary labels', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (labels) => {
        expect(DIFFICULTIES).toContain(difficultyFromLabels(labels));
      }),
    );
  });
});

describe('issueDefaults', () => {
  it.each([
    ['beginner', { stakingRequired: 5, xpReward: 25, bounty: 0 }],
    ['intermediate', { stakingRequired: 10, xpReward: 50, bounty: 0 }],
    ['advanced', { stakingRequired: 20, xpReward: 100, bounty: 0 }],
  ] as const)('%s -> %j', (difficulty, defaults) => {
    expect(issueDefaults(difficulty)).toEqual(defaults);
  });

  it('returns a copy the caller may change', () => {
    const first = issueDefaults('beginner');
    first.stakingRequired = 999;
    expect(issueDefaults('beginner').stakingRequired).toBe(5);
  });
});
