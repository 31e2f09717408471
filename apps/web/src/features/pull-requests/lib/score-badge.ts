import { scoreBadgeColor, type ScoreBadgeColor } from '@openstake/core';

const CLASSES: Record<ScoreBadgeColor, string> = {
  green: 'border-green-200 bg-green-100 text-green-800',
  blue: 'border-blue-200 bg-blue-100 text-blue-800',
  yellow: 'border-yellow-200 bg-yellow-100 text-yellow-900',
  red: 'border-red-200 bg-red-100 text-red-800',
};

/** The running score badge's colours: core's scoreBadgeColor (green 80 %, blue 60 %, yellow 40 %). */
export const scoreBadgeClasses = (ratingTotal: number): string =>
  CLASSES[scoreBadgeColor(ratingTotal)];
