/**
 * Ranks are derived from XP and never stored apart from it, so every screen
 * asks these functions instead of keeping its own table.
 */

/** Lower bounds are inclusive: 100 XP is Code Apprentice, not Code Novice. */
export const RANKS = [
  { name: 'Code Novice', landingName: 'Rookie', minXp: 0 },
  { name: 'Code Apprentice', landingName: 'Builder', minXp: 100 },
  { name: 'Code Contributor', landingName: 'Contributor', minXp: 500 },
  { name: 'Code Master', landingName: 'Merge Master', minXp: 1500 },
  { name: 'Code Expert', landingName: 'Code Expert', minXp: 3000 },
  { name: 'Open Source Legend', landingName: 'Open Source Legend', minXp: 5000 },
] as const;

export type Rank = (typeof RANKS)[number];
/** The in-app rank name. */
export type RankName = Rank['name'];
/** The landing page's marketing name for the same XP range. */
export type LandingRankName = Rank['landingName'];

export const RANK_NAMES: readonly RankName[] = RANKS.map((rank) => rank.name);

/** Tailwind classes for the level badge of each rank, all distinct. */
export const RANK_BADGE_COLORS: Readonly<Record<RankName, string>> = {
  'Code Novice': 'bg-gray-100 text-gray-800',
  'Code Apprentice': 'bg-green-100 text-green-800',
  'Code Contributor': 'bg-blue-100 text-blue-800',
  'Code Master': 'bg-purple-100 text-purple-800',
  'Code Expert': 'bg-orange-100 text-orange-800',
  'Open Source Legend': 'bg-yellow-100 text-yellow-800',
};

/**
 * XP only ever moves in whole points and never below zero; anything else is a bug upstream, and
 * silently ranking NaN or -5 would hide it.
 */
function assertXp(xp: number): void {
  if (!Number.isSafeInteger(xp) || xp < 0) {
    throw new RangeError(`XP must be a non-negative integer, got ${xp}`);
  }
}

/** Index into RANKS of the rank that holds `xp`. */
function rankIndexForXp(xp: number): number {
  assertXp(xp);
  let index = 0;
  for (let i = 0; i < RANKS.length; i++) {
    const rank = RANKS[i];
    if (rank !== undefined && xp >= rank.minXp) index = i;
  }
  return index;
}

function rankAt(index: number): Rank {
  const rank = RANKS[index];
  // Unreachable: rankIndexForXp only returns indexes inside RANKS.
  if (rank === undefined) throw new RangeError(`No rank at index ${index}`);
  return rank;
}

/** The full rank entry (name, landing name, minimum XP) for `xp`. */
export function rankInfoForXp(xp: number): Rank {
  return rankAt(rankIndexForXp(xp));
}

/** In-app rank name, e.g. 'Code Apprentice' for 100..499 XP. */
export function rankForXp(xp: number): RankName {
  return rankInfoForXp(xp).name;
}

/** Landing-page rank name, e.g. 'Builder' for 100..499 XP. */
export function landingRankForXp(xp: number): LandingRankName {
  return rankInfoForXp(xp).landingName;
}

/**
 * Where `xp` stands on the way to the next rank: everything a rank progress label or bar shows,
 * from one rule (docs/decisions/006-one-progress-rule.md): the bar is the XP earned so far out of
 * the XP at which the next rank starts, so '131 / 500 XP' is drawn at 26 %.
 */
export interface RankProgress {
  xp: number;
  rank: RankName;
  /** XP at which the current rank starts. */
  rankMin: number;
  /** XP at which the next rank starts (100, 500, 1500, 3000, 5000); null at the top rank ('Max'). */
  next: number | null;
  nextRank: RankName | null;
  /** xp / next as a whole percentage, rounded down so 100 is only ever shown at the top rank. */
  percent: number;
  /** XP still needed for the next rank; 0 at the top rank. */
  toGo: number;
}

export function rankProgress(xp: number): RankProgress {
  const index = rankIndexForXp(xp);
  const current = rankAt(index);
  const next = RANKS[index + 1];
  if (next === undefined) {
    return {
      xp,
      rank: current.name,
      rankMin: current.minXp,
      next: null,
      nextRank: null,
      percent: 100,
      toGo: 0,
    };
  }
  return {
    xp,
    rank: current.name,
    rankMin: current.minXp,
    next: next.minXp,
    nextRank: next.name,
    // Integers throughout: multiply before dividing, then round down.
    percent: Math.floor((xp * 100) / next.minXp),
    toGo: next.minXp - xp,
  };
}
