import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { badgeVariants } from './badge-variants';

// WCAG AA for badge text (12 px, normal weight): at least 4.5:1 against what is behind it, here
// the badge's tint over the card. The colours are read from index.css, the classes from the
// badge's own variants, so a change to either is checked.

const css = readFileSync(path.join(import.meta.dirname, '../../index.css'), 'utf8');

/** The custom properties of one block of index.css (`:root` or `.dark`). */
function tokens(selector: string): Record<string, string> {
  const block = new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(css)?.[1];
  if (!block) throw new Error(`no ${selector} block in index.css`);
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]]),
  );
}

type Rgb = [number, number, number];

/** A colour of the theme as gamma-encoded sRGB (0..1), following var() references. */
function colour(theme: Record<string, string>, name: string): Rgb {
  const value = theme[name] ?? tokens(':root')[name];
  const reference = /^var\(--([\w-]+)\)$/.exec(value ?? '');
  if (reference) return colour(theme, reference[1]!);
  const match = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(value ?? '');
  if (!match) throw new Error(`--${name} is not a plain oklch() colour: ${String(value)}`);
  const [L, C, h] = match.slice(1).map(Number) as Rgb;
  const a = C * Math.cos((h * Math.PI) / 180);
  const b = C * Math.sin((h * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return linear.map((x) => {
    const c = Math.min(1, Math.max(0, x));
    return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  }) as Rgb;
}

const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (x: Rgb, y: Rgb) => {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi! + 0.05) / (lo! + 0.05);
};
const over = (top: Rgb, alpha: number, below: Rgb) =>
  top.map((c, i) => alpha * c + (1 - alpha) * below[i]!) as Rgb;

/** The text colour and background of a badge variant, from its classes (theme colours only). */
function badgeColours(variant: 'default' | 'secondary' | 'success' | 'warning' | 'destructive') {
  const colours = tokens(':root');
  const classes = badgeVariants({ variant }).split(' ');
  const text = classes.map((c) => /^text-([a-z-]+)$/.exec(c)?.[1]).find((n) => n && n in colours);
  const bg = classes
    .map((c) => /^bg-([a-z-]+)(?:\/(\d+))?$/.exec(c))
    .find((m) => m && m[1]! in colours);
  if (!text || !bg) throw new Error(`no text or background colour in "${classes.join(' ')}"`);
  return { text, bg: bg[1]!, alpha: bg[2] ? Number(bg[2]) / 100 : 1 };
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
