import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import { block, contrast, customProperties, indexCss, parseColour } from '@/test/contrast';

// WCAG AA for the rich error toast's text (13 px): at least 4.5:1 on its background. The
// background is Sonner's own (its styles.css, as the library ships it), the text colour ours
// (index.css), so an upgrade that changes either is checked.

const sonnerCss = readFileSync(
  createRequire(import.meta.url).resolve('sonner/dist/styles.css'),
  'utf8',
);

describe('rich error toast contrast (WCAG AA, 4.5:1)', () => {
  it('light theme', () => {
    const sonner = customProperties(
      block(sonnerCss, "[data-sonner-toaster][data-sonner-theme='light']"),
    );
    const ours = customProperties(
      block(indexCss(), ":root [data-sonner-toaster][data-sonner-theme='light']"),
    );
    const text = parseColour(ours['error-text']!);
    expect(contrast(text, parseColour(sonner['error-bg']!))).toBeGreaterThanOrEqual(4.5);
    // What Sonner alone gives, so this test says when the override is no longer needed.
    expect(
      contrast(parseColour(sonner['error-text']!), parseColour(sonner['error-bg']!)),
    ).toBeLessThan(4.5);
  });
});
