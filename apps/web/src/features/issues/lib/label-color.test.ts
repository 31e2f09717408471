import { describe, expect, it } from 'vitest';

import { contrastRatio, labelColors, normaliseHexColor, relativeLuminance } from './label-color';

describe('normaliseHexColor', () => {
  it('accepts GitHub colours with or without # and short forms', () => {
    expect(normaliseHexColor('d73a4a')).toBe('#d73a4a');
    expect(normaliseHexColor('#FEF2C0')).toBe('#fef2c0');
    expect(normaliseHexColor('fff')).toBe('#ffffff');
  });

  it('refuses anything that is not a hex colour', () => {
    for (const value of ['', 'red', '12345', 'ggg', 'url(x)', '#1234567', 'd73a4a;color:red']) {
      expect(normaliseHexColor(value)).toBeNull();
    }
  });
});

describe('labelColors', () => {
  it('puts white text on dark labels', () => {
    expect(labelColors('000000')?.text).toBe('#ffffff');
    expect(labelColors('b60205')?.text).toBe('#ffffff'); // GitHub's dark red
    expect(labelColors('5319e7')?.text).toBe('#ffffff'); // purple
  });

  it('puts black text on light labels', () => {
    expect(labelColors('ffffff')?.text).toBe('#000000');
    expect(labelColors('fef2c0')?.text).toBe('#000000'); // pale yellow
    expect(labelColors('7057ff')?.text).toBe('#ffffff');
    expect(labelColors('a2eeef')?.text).toBe('#000000'); // 'enhancement'
  });

  it('always reaches at least 4.5:1 for the chosen text', () => {
    for (let r = 0; r < 256; r += 51)
      for (let g = 0; g < 256; g += 51)
        for (let b = 0; b < 256; b += 51) {
          const hex = [r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('');
          const colors = labelColors(hex);
          const text = colors?.text === '#000000' ? 0 : 1;
          expect(contrastRatio(relativeLuminance(`#${hex}`), text), hex).toBeGreaterThanOrEqual(
            4.5,
          );
        }
  });

  it('gives null for a colour that is not hex, so the badge keeps its default look', () => {
    expect(labelColors('not-a-colour')).toBeNull();
  });
});
