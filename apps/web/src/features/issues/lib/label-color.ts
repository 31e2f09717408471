/**
 * GitHub label colours are any hex ('d73a4a', 'fef2c0'), so the text on a label badge is chosen
 * per label: black or white, whichever contrasts more (WCAG relative luminance).
 */

export interface LabelColors {
  background: string;
  text: '#000000' | '#ffffff';
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#rrggbb' from 'rrggbb', '#rgb' or '#rrggbb'; null when it is not a hex colour. */
export function normaliseHexColor(value: string): string | null {
  const match = HEX.exec(value.trim());
  const digits = match?.[1];
  if (!digits) return null;
  const full =
    digits.length === 3
      ? Array.from(digits)
          .map((d) => d + d)
          .join('')
      : digits;
  return `#${full.toLowerCase()}`;
}

function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of '#rrggbb', 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG contrast ratio of two luminances, 1 to 21. */
export function contrastRatio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

/** Background and readable text colour for a label; null for a colour that is not hex. */
export function labelColors(color: string): LabelColors | null {
  const background = normaliseHexColor(color);
  if (background === null) return null;
  const luminance = relativeLuminance(background);
  const onBlack = contrastRatio(luminance, 0);
  const onWhite = contrastRatio(luminance, 1);
  return { background, text: onBlack >= onWhite ? '#000000' : '#ffffff' };
}
