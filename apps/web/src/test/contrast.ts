import { readFileSync } from 'node:fs';
import path from 'node:path';

// WCAG contrast from the theme itself: colours are read from index.css, so a test that uses
// these checks the colours the app ships, not copies of them.

const css = readFileSync(path.join(import.meta.dirname, '../index.css'), 'utf8');

/** A block's custom properties, `--name: value;` -> { name: value }. */
export function customProperties(block: string): Record<string, string> {
  return Object.fromEntries(
    [...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

/** The custom properties of one block of index.css (`:root` or `.dark`). */
export function tokens(selector: ':root' | '.dark'): Record<string, string> {
  const block = new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(css)?.[1];
  if (!block) throw new Error(`no ${selector} block in index.css`);
  return customProperties(block);
}

/** The first block of `source` whose selector is exactly `selector`. */
export function block(source: string, selector: string): string {
  const start = source.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no "${selector}" block`);
  return source.slice(start + selector.length + 2, source.indexOf('}', start));
}

/** index.css as written, for rules outside the theme blocks. */
export const indexCss = (): string => css;

export type Rgb = [number, number, number];

const toGamma = (linear: number[]): Rgb =>
  linear.map((x) => {
    const c = Math.min(1, Math.max(0, x));
    return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  }) as Rgb;

/** `oklch(L C h)` or `hsl(h, s%, l%)` as gamma-encoded sRGB (0..1). */
export function parseColour(value: string): Rgb {
  const oklch = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(value);
  if (oklch) {
    const [L, C, h] = oklch.slice(1).map(Number) as Rgb;
    const a = C * Math.cos((h * Math.PI) / 180);
    const b = C * Math.sin((h * Math.PI) / 180);
    const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
    const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
    const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
    return toGamma([
      4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
      -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
      -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
    ]);
  }
  const hsl = /^hsl\(([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%\)$/.exec(value);
  if (hsl) {
    const [h, s, l] = [Number(hsl[1]) % 360, Number(hsl[2]) / 100, Number(hsl[3]) / 100];
    const f = (n: number) => {
      const k = (n + h / 30) % 12;
      return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    };
    return [f(0), f(8), f(4)];
  }
  throw new Error(`not a plain oklch() or hsl() colour: ${value}`);
}

/** A colour of the theme, following var() references (a `.dark` token falls back to `:root`). */
export function colour(theme: Record<string, string>, name: string): Rgb {
  const value = theme[name] ?? tokens(':root')[name];
  const reference = /^var\(--([\w-]+)\)$/.exec(value ?? '');
  if (reference) return colour(theme, reference[1]!);
  if (value === undefined) throw new Error(`no --${name} in the theme`);
  return parseColour(value);
}

const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

/** The WCAG contrast ratio of two colours (1 to 21). */
export const contrast = (x: Rgb, y: Rgb): number => {
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
  return (hi! + 0.05) / (lo! + 0.05);
};

/** `top` at `alpha` over `below`. */
export const over = (top: Rgb, alpha: number, below: Rgb): Rgb =>
  top.map((c, i) => alpha * c + (1 - alpha) * below[i]!) as Rgb;

/**
 * The theme colour and opacity of a utility among `classes`, e.g. `bg` in `bg-success/15` ->
 * { name: 'success', alpha: 0.15 }; only classes naming a colour of the theme count.
 */
export function themeClass(
  classes: string[],
  utility: 'bg' | 'text',
): { name: string; alpha: number } | undefined {
  const theme = tokens(':root');
  for (const c of classes) {
    const match = new RegExp(`^${utility}-([a-z-]+)(?:/(\\d+))?$`).exec(c);
    if (match && match[1]! in theme) {
      return { name: match[1]!, alpha: match[2] ? Number(match[2]) / 100 : 1 };
    }
  }
  return undefined;
}
