import { RANKS } from '@openstake/core';

import { landingRankRanges } from './landing-ranks';

/**
 * The landing page's rank names and XP ranges (spec 000 s4), derived from the same rank table
 * the app uses, so the marketing page can never disagree with the real thresholds.
 */
export const LANDING_RANKS = landingRankRanges(RANKS);
