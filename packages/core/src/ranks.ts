/**
 * Ranks are derived from XP and never stored apart from it (DESIGN.md section 6), so every screen
 * asks these functions instead of keeping its own table.
 */

/** Lower bounds are inclusive (spec 000 section 4): 100 XP is Code Apprentice, not Code Novice. */
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

/** Tailwind classes for the level badge of each rank (spec 000 section 9), all distinct. */
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

/** XP at which the next rank starts (100, 500, 1500, 3000, 5000), or null at the top rank. */
export function nextRankThreshold(xp: number): number | null {
  return RANKS[rankIndexForXp(xp) + 1]?.minXp ?? null;
}

/** XP still needed for the next rank; 'Max' is what the screens show at the top rank. */
export function xpToNextRank(xp: number): number | 'Max' {
  const next = nextRankThreshold(xp);
  return next === null ? 'Max' : next - xp;
}

/*
 * The spec uses three different progress bars on different screens; they are kept as three named
 * functions so no screen picks the wrong one by accident. Each multiplies before dividing so that
 * the common cases (12.3 %, 20 %) come out exact rather than as 12.299999999999999.
 */

/**
 * Overview, settings and organization settings bar (spec 000 section 9, spec 001 section 3):
 * (xp mod 1000) as a percentage of 1000. It ignores rank boundaries, by the spec's own words.
 */
export function overviewProgressPercent(xp: number): number {
  assertXp(xp);
  return ((xp % 1000) * 100) / 1000;
}

/**
 * Profile bar (spec 000 section 9): current XP divided by the next threshold. Null at the top rank
 * because the profile hides the bar there and shows 'Max' (spec 000 section 4).
 */
export function profileProgressPercent(xp: number): number | null {
  const next = nextRankThreshold(xp);
  return next === null ? null : (xp * 100) / next;
}

/**
 * Company directory bar (spec 001 section 3): progress through the current rank's XP range.
 * At the top rank there is no range to cross, so the bar is full.
 */
export function directoryProgressPercent(xp: number): number {
  const index = rankIndexForXp(xp);
  const current = rankAt(index);
  const next = RANKS[index + 1];
  if (next === undefined) return 100;
  return ((xp - current.minXp) * 100) / (next.minXp - current.minXp);
}
