import {
  computeMergeReward,
  FEEDBACK_TAG_IDS,
  RANKS,
  type ComplexityFactorId,
  type FeedbackTagId,
  type MergeBonusId,
  type MergeFeedback,
} from '@openstake/core';
import type { trackedIssues } from '../../db/schema';
import type { DemoContributor } from './demo-contributors';
import { DemoRandom } from './demo-random';

type TrackedIssue = typeof trackedIssues.$inferSelect;

/** A repository a demo maintainer connected, with its open issues (tracked). */
export interface DemoRepository {
  fullName: string;
  language: string | null;
  deductionPercent: number;
  maintainer: { userId: string; login: string };
  issues: TrackedIssue[];
}

export type PlannedOutcome =
  /** Merged in OpenStake with the maintainer's five ratings and tags (merged_pull_requests). */
  | { kind: 'merged_in_app'; feedback: MergeFeedback }
  /** Merged on GitHub: the issue's xpReward. */
  | { kind: 'merged_on_github' }
  | { kind: 'closed_after_review' }
  | { kind: 'closed_without_review' }
  | { kind: 'timed_out' }
  | { kind: 'pending' }
  /**
   * Not a stake: a pull request merged in OpenStake with feedback, whose author staked nothing,
   * rewarded directly (decision 004; only an author whose GitHub login was proven).
   */
  | { kind: 'merged_without_stake'; feedback: MergeFeedback };

/** One pull request of the contributor's: staked (all kinds but merged_without_stake) or not. */
export interface PlannedWork {
  repository: DemoRepository;
  /** The issue the pull request refers to (and is staked on). */
  issue: TrackedIssue;
  prNumber: number;
  placedAt: Date;
  /** Null for a pending stake. */
  settledAt: Date | null;
  outcome: PlannedOutcome;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * The seeded pull requests are history the simulator (which starts from its fixture world at
 * every start) does not hold: their numbers start here, far above any the demo opens later, so
 * none is ever staked on or merged again under the same number.
 */
export const FIRST_DEMO_PULL_REQUEST = 1000;
const PULL_REQUESTS_PER_CONTRIBUTOR = 100;
/** XP above which the top rank's contributors stop (the rank has no upper bound). */
const LEGEND_XP_CAP = 6500;
/**
 * Staked merges of one of the simulator's own users; the rest of their XP comes from merges
 * without a stake, which keeps the top ranks' long histories short.
 */
const SIMULATOR_USER_STAKED_MERGES = 6;

/** XP each rank's contributors aim at: low in the rank, so that their history stays short. */
const TARGETS = [
  [1, 1],
  [100, 200],
  [510, 650],
  [1510, 1650],
  [3010, 3200],
  [5010, 5200],
] as const;

const BACKEND_TAGS: FeedbackTagId[] = ['majorBackendChange', 'normalBackendChange', 'bugFix'];
/** Complexity factors by rank: larger changes as contributors grow. */
const CHANGES: readonly (readonly ComplexityFactorId[])[] = [
  [],
  ['refactorsExistingLogic', 'testsOrPerformance'],
  ['multipleModules', 'userFacingFlows', 'newModule'],
];
const BONUSES: MergeBonusId[] = ['mergedWithin48Hours', 'reviewedOtherPrs', 'meaningfulTests'];

/**
 * A maintainer's feedback. The higher the rank, the larger the change and the better the
 * ratings: about 30 XP a merge for a Code Novice, 100 for a Code Apprentice, 140 to 180 above.
 * Large merges keep the histories short, and so the seed quick.
 */
function feedbackFor(random: DemoRandom, tier: number): MergeFeedback {
  const base = [3, 4, 4, 4, 5, 5][tier] ?? 3;
  const rating = () => Math.max(0, Math.min(5, base + random.int(-1, 1)));
  const first = tier >= 2 ? [random.pick(BACKEND_TAGS)] : [];
  const others = FEEDBACK_TAG_IDS.filter((id) => !first.includes(id));
  const changes = CHANGES[Math.min(tier, CHANGES.length - 1)] ?? [];
  return {
    ratings: {
      codeQuality: Math.max(1, rating()),
      documentation: rating(),
      testing: rating(),
      performance: rating(),
      security: rating(),
    },
    tags: [...first, ...random.sample(others, [2, 5, 5, 6, 7, 7][tier] ?? 1)],
    complexity: changes.length > 0 ? [random.pick(changes)] : [],
    bonuses: random.sample(BONUSES, [0, 2, 3, 3, 3, 3][tier] ?? 0),
  };
}

/** A small docs change, to land inside the rank's range. */
const SMALL_FEEDBACK: MergeFeedback = {
  ratings: { codeQuality: 2, documentation: 3, testing: 1, performance: 2, security: 2 },
  tags: ['docs'],
  complexity: [],
  bonuses: [],
};

const xpOf = (outcome: PlannedOutcome, issue: { xpReward: number }): number =>
  outcome.kind === 'merged_in_app' || outcome.kind === 'merged_without_stake'
    ? computeMergeReward(outcome.feedback).xp
    : outcome.kind === 'merged_on_github'
      ? issue.xpReward
      : 0;

/**
 * What a demo contributor did, in time order: merged pull requests (with the maintainer's
 * feedback or on GitHub) until their XP lies in their rank, now and then a rejected or expired
 * stake, and for some one stake still pending. Issues are those of the repositories in their
 * languages where possible, never of a repository they can push to. Deterministic for a
 * contributor and a set of issues.
 */
export function planDemoWork(
  contributor: DemoContributor,
  input: {
    repositories: readonly DemoRepository[];
    now: Date;
    /** From demoTimeline: every stake is placed between the two. */
    timeline: { joinedAt: Date; lastActiveAt: Date };
    startingXp: number;
  },
): PlannedWork[] {
  const random = new DemoRandom(contributor.index * 7919 + 17);
  const tier = RANKS.findIndex((rank) => rank.name === contributor.rank);
  const maxXp = (RANKS[tier + 1]?.minXp ?? LEGEND_XP_CAP) - 1;
  const [low, high] = TARGETS[tier] ?? TARGETS[0];
  // Most newcomers have merged nothing yet; the others, one pull request.
  const target = tier === 0 && random.chance(0.7) ? 0 : random.int(low, high);

  const allowed = input.repositories.filter(
    (r) => r.issues.length > 0 && !contributor.canPushTo.includes(r.fullName),
  );
  if (allowed.length === 0) return [];
  const preferred = allowed.filter((r) => r.language && contributor.languages.includes(r.language));
  const used = new Set<number>();
  const pickIssue = () => {
    const from = preferred.length > 0 && random.chance(0.75) ? preferred : allowed;
    const all = from.flatMap((r) => r.issues.map((issue) => ({ repository: r, issue })));
    const fresh = all.filter((choice) => !used.has(choice.issue.githubId));
    const choice = random.pick(fresh.length > 0 ? fresh : all);
    used.add(choice.issue.githubId);
    return choice;
  };

  const work: Pick<PlannedWork, 'repository' | 'issue' | 'outcome'>[] = [];
  let xp = input.startingXp;
  let staked = 0;
  while (xp < target && work.length < PULL_REQUESTS_PER_CONTRIBUTOR - 5) {
    const { repository, issue } = pickIssue();
    const feedback = feedbackFor(random, tier);
    let outcome: PlannedOutcome =
      contributor.account === 'simulator' && staked >= SIMULATOR_USER_STAKED_MERGES
        ? { kind: 'merged_without_stake', feedback }
        : random.chance(0.85)
          ? { kind: 'merged_in_app', feedback }
          : { kind: 'merged_on_github' };
    if (xp + xpOf(outcome, issue) > maxXp)
      outcome = { kind: 'merged_in_app', feedback: SMALL_FEEDBACK };
    if (xp + xpOf(outcome, issue) > maxXp) break;
    if (outcome.kind !== 'merged_without_stake') staked++;
    xp += xpOf(outcome, issue);
    work.push({ repository, issue, outcome });
  }
  if (random.chance(tier === 0 ? 0.4 : 0.25)) {
    work.push({ ...pickIssue(), outcome: { kind: 'closed_after_review' } });
  }
  if (random.chance(0.2)) {
    const kind = random.chance(0.5) ? 'timed_out' : 'closed_without_review';
    work.push({ ...pickIssue(), outcome: { kind } });
  }

  const lastActive = input.timeline.lastActiveAt.getTime();
  const joined = input.timeline.joinedAt.getTime();
  const latestSettlement = input.now.getTime() - 10 * 60_000;
  const placements = work.map(() => random.int(joined + DAY, lastActive)).sort((a, b) => a - b);
  const prNumber = (k: number) =>
    FIRST_DEMO_PULL_REQUEST + contributor.index * PULL_REQUESTS_PER_CONTRIBUTOR + k;
  const planned = random.shuffle(work).map((w, k): PlannedWork => {
    const placed = placements[k] ?? lastActive;
    let outcome = w.outcome;
    let settled = placed + random.int(1, 10) * DAY + random.int(0, 23) * HOUR;
    if (outcome.kind === 'timed_out') {
      // The hourly expiry job refunds it 30 days after it was placed, once that day has come.
      settled = placed + 30 * DAY + random.int(1, 59) * 60_000;
      if (settled > latestSettlement) outcome = { kind: 'closed_without_review' };
    }
    if (outcome.kind !== 'timed_out') settled = Math.min(settled, latestSettlement);
    return {
      repository: w.repository,
      issue: w.issue,
      prNumber: prNumber(k),
      placedAt: new Date(placed),
      settledAt: new Date(Math.max(settled, placed + 10 * 60_000)),
      outcome,
    };
  });
  if (contributor.pendingStake) {
    planned.push({
      ...pickIssue(),
      prNumber: prNumber(planned.length),
      placedAt: new Date(lastActive - random.int(1, 48) * HOUR),
      settledAt: null,
      outcome: { kind: 'pending' },
    });
  }
  return planned;
}

/** When a demo contributor signed up and last used OpenStake, an hour or more before `now`. */
export function demoTimeline(
  contributor: DemoContributor,
  now: Date,
): { joinedAt: Date; lastActiveAt: Date } {
  const random = new DemoRandom(contributor.index * 104_729 + 3);
  const lastActive = now.getTime() - contributor.daysSinceActive * DAY - random.int(1, 8) * HOUR;
  return {
    joinedAt: new Date(lastActive - contributor.daysMember * DAY),
    lastActiveAt: new Date(lastActive),
  };
}
