import { describe, expect, it } from 'vitest';

import { colour, contrast, over, themeClass, tokens } from '@/test/contrast';
import { badgeVariants } from './badge-variants';

// WCAG AA for badge text (12 px, normal weight): at least 4.5:1 against what is behind it, here
// the badge's tint over the card. The colours are read from index.css, the classes from the
// badge's own variants, so a change to either is checked.

/** The text colour and background of a badge variant, from its classes (theme colours only). */
function badgeColours(variant: 'default' | 'secondary' | 'success' | 'warning' | 'destructive') {
  const classes = badgeVariants({ variant }).split(' ');
  const text = themeClass(classes, 'text');
  const bg = themeClass(classes, 'bg');
  if (!text || !bg) throw new Error(`no text or background colour in "${classes.join(' ')}"`);
  return { text: text.name, bg: bg.name, alpha: bg.alpha };
}

describe('badge text contrast (WCAG AA, 4.5:1)', () => {
  for (const [themeName, selector] of [
    ['light', ':root'],
    ['dark', '.dark'],
  ] as const) {
    it.each(['default', 'secondary', 'success', 'warning', 'destructive'] as const)(
      `%s badge, ${themeName} theme`,
      (variant) => {
        const theme = tokens(selector);
        const { text, bg, alpha } = badgeColours(variant);
        const background = over(colour(theme, bg), alpha, colour(theme, 'card'));
        expect(contrast(colour(theme, text), background)).toBeGreaterThanOrEqual(4.5);
      },
    );
  }
});
