import { describe, expect, it } from 'vitest';

import { colour, contrast, over, themeClass, tokens } from '@/test/contrast';
import { alertVariants } from './alert-variants';

// WCAG AA for alert text (14 px, normal weight): at least 4.5:1 against the alert's tint over
// the card, for the title and the description alike (they inherit the variant's colour). The
// colours are read from index.css, the classes from the alert's own variants.

describe('alert text contrast (WCAG AA, 4.5:1)', () => {
  for (const [themeName, selector] of [
    ['light', ':root'],
    ['dark', '.dark'],
  ] as const) {
    it.each(['default', 'destructive', 'success'] as const)(
      `%s alert, ${themeName} theme`,
      (variant) => {
        const theme = tokens(selector);
        const classes = alertVariants({ variant }).split(' ');
        const text = themeClass(classes, 'text');
        const bg = themeClass(classes, 'bg');
        if (!text || !bg) throw new Error(`no text or background colour in "${classes.join(' ')}"`);
        const background = over(colour(theme, bg.name), bg.alpha, colour(theme, 'card'));
        const foreground = over(colour(theme, text.name), text.alpha, background);
        expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
      },
    );
  }

  it('no variant gives the description a colour of its own', () => {
    for (const variant of ['default', 'destructive', 'success'] as const) {
      expect(alertVariants({ variant })).not.toContain('data-slot=alert-description');
    }
  });
});
