import {
  computeMergeReward,
  countXp,
  FEEDBACK_TAG_IDS,
  RANKS,
  repositoryStanding,
  XP_WINDOW_DAYS,
  type ComplexityFactorId,
  type FeedbackTagId,
  type MergeBonusId,
  type MergeFeedback,
  type RepositoryFacts,
  type XpAllowance,
} from '@openstake/core';
import type { TrackedIssue } from '../issues/issue-store';
import type { DemoContributor } from './demo-contributors';
import { DemoRandom } from './demo-random';

/** A repository a demo maintainer connected, with its open issues (tracked). */
export interface DemoRepository {
  fullName: string;
  language: string | null;
  deductionPercent: number;
  maintainer: { userId: string; login: string };
  /** GitHub's stars, forks and creation date: the repository's standing (decision 012). */
  facts: RepositoryFacts;
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
 * What the merges planned so far made count, as the server counts it (decision 012): each merge's
 * XP under the limits of its maintainer and organization in the 30 days before it was settled.
 */
class CountedMerges {
  private readonly merges: { at: number; login: string; organization: string; xp: number }[] = [];

  allowance(repository: DemoRepository, at: number): XpAllowance {
    const since = at - XP_WINDOW_DAYS * DAY;
    const recent = this.merges.filter((m) => m.at > since);
    const sum = (from: typeof recent) => from.reduce((total, m) => total + m.xp, 0);
    return {
      standing: repositoryStanding(repository.facts, new Date(at)),
      countedFromMaintainer: sum(recent.filter((m) => m.login === loginOf(repository))),
      countedFromOrganization: sum(recent.filter((m) => m.organization === ownerOf(repository))),
    };
  }

  add(repository: DemoRepository, at: number, xp: number): void {
    this.merges.push({ at, login: loginOf(repository), organization: ownerOf(repository), xp });
  }

  /** When the oldest merge still counted at `at` leaves the window. */
  nextRoom(at: number): number {
    const since = at - XP_WINDOW_DAYS * DAY;
    const oldest = Math.min(...this.merges.filter((m) => m.at > since).map((m) => m.at));
    return Number.isFinite(oldest) ? oldest + XP_WINDOW_DAYS * DAY + HOUR : at + DAY;
  }
}

const loginOf = (repository: DemoRepository) => repository.maintainer.login.toLowerCase();
const ownerOf = (repository: DemoRepository) =>
  repository.fullName.toLowerCase().split('/')[0] ?? repository.fullName;

/**
 * What a demo contributor did: merged pull requests (with the maintainer's feedback or on GitHub)
 * one after another, until their counted XP lies in their rank, now and then a rejected or
 * expired stake, and for some one stake still pending. Merges come in time order, and their XP
 * counts as the server counts it (decision 012): a contributor whose maintainers' monthly
 * allowance is spent waits for it, or works on the other maintainer's repositories. Issues are
 * those of the repositories in their languages where possible, never of a repository they can push
 * to. Deterministic for a contributor and a set of issues.
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
  const used = new Set<number>();
  const pickIssue = (among: readonly DemoRepository[] = allowed) => {
    const preferred = among.filter((r) => r.language && contributor.languages.includes(r.language));
    const from = preferred.length > 0 && random.chance(0.75) ? preferred : among;
    const all = from.flatMap((r) => r.issues.map((issue) => ({ repository: r, issue })));
    const fresh = all.filter((choice) => !used.has(choice.issue.githubId));
    const choice = random.pick(fresh.length > 0 ? fresh : all);
    used.add(choice.issue.githubId);
    return choice;
  };

  const lastActive = input.timeline.lastActiveAt.getTime();
  const joined = input.timeline.joinedAt.getTime();
  const latestSettlement = Math.min(lastActive, input.now.getTime() - 10 * 60_000);
  const prNumber = (k: number) =>
    FIRST_DEMO_PULL_REQUEST + contributor.index * PULL_REQUESTS_PER_CONTRIBUTOR + k;

  const planned: PlannedWork[] = [];
  const counted = new CountedMerges();
  let xp = input.startingXp;
  let staked = 0;
  let at = joined + DAY;
  while (xp < target && planned.length < PULL_REQUESTS_PER_CONTRIBUTOR - 5) {
    // Spread over what is left of the time, at about 100 XP a merge: fewer, larger steps when
    // there is time, closer ones when the limits held the contributor back.
    const mergesLeft = Math.max(1, Math.ceil((target - xp) / 100));
    const step = Math.max(DAY, (latestSettlement - at) / mergesLeft);
    const settledAt = at + random.int(DAY, Math.max(DAY, Math.min(5 * DAY, step / 2)));
    if (settledAt > latestSettlement) break;
    const open = allowed.filter((r) => countXp(1, counted.allowance(r, settledAt)).counted > 0);
    if (open.length === 0) {
      at = counted.nextRoom(settledAt);
      continue;
    }
    const { repository, issue } = pickIssue(open);
    const feedback = feedbackFor(random, tier);
    let outcome: PlannedOutcome =
      contributor.account === 'simulator' && staked >= SIMULATOR_USER_STAKED_MERGES
        ? { kind: 'merged_without_stake', feedback }
        : random.chance(0.85)
          ? { kind: 'merged_in_app', feedback }
          : { kind: 'merged_on_github' };
    const allowance = counted.allowance(repository, settledAt);
    if (xp + countXp(xpOf(outcome, issue), allowance).counted > maxXp)
      outcome = { kind: 'merged_in_app', feedback: SMALL_FEEDBACK };
    const { counted: gained } = countXp(xpOf(outcome, issue), allowance);
    if (xp + gained > maxXp) break;
    if (outcome.kind !== 'merged_without_stake') staked++;
    xp += gained;
    counted.add(repository, settledAt, gained);
    planned.push({
      repository,
      issue,
      prNumber: prNumber(planned.length),
      placedAt: new Date(at),
      settledAt: new Date(settledAt),
      outcome,
    });
    at = settledAt + random.int(0, Math.max(0, Math.floor(step - (settledAt - at))));
  }

  // A rejected or expired stake now and then, at any time (they pay no XP).
  const others: ('closed_after_review' | 'closed_without_review' | 'timed_out')[] = [];
  if (random.chance(tier === 0 ? 0.4 : 0.25)) others.push('closed_after_review');
  if (random.chance(0.2)) others.push(random.chance(0.5) ? 'timed_out' : 'closed_without_review');
  for (const kind of others) {
    const placed = random.int(joined + DAY, lastActive);
    let outcome: PlannedOutcome = { kind };
    let settled = placed + random.int(1, 10) * DAY + random.int(0, 23) * HOUR;
    if (outcome.kind === 'timed_out') {
      // The hourly expiry job refunds it 30 days after it was placed, once that day has come.
      settled = placed + 30 * DAY + random.int(1, 59) * 60_000;
      if (settled > latestSettlement) outcome = { kind: 'closed_without_review' };
    }
    if (outcome.kind !== 'timed_out') settled = Math.min(settled, latestSettlement);
    planned.push({
      ...pickIssue(),
      prNumber: prNumber(planned.length),
      placedAt: new Date(placed),
      settledAt: new Date(Math.max(settled, placed + 10 * 60_000)),
      outcome,
    });
  }
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
