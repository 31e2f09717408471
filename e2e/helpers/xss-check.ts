import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What a page must never show after rendering hostile text: a dialog (an alert() vector ran), a
 * write to `window.__xss` (any other vector ran), a Content Security Policy violation (a vector
 * tried to run and the server's policy stopped it: the page still put it there), or markup that
 * could still run on a click, a hover or a later load: an `on*` attribute, a frame, object,
 * embed, base or script element in the body, or a link, source or form action that resolves to a
 * javascript:, vbscript: or non-image data: address.
 */

const dialogs = new WeakMap<Page, string[]>();

/**
 * Arms a context's pages: every frame gets a `__xss` property that records each value written
 * to it (and reads as undefined until a vector writes one) and a record of the CSP violations
 * in it, and every page a dialog handler that records and dismisses the dialog. Call before the
 * first page.goto.
 */
export async function armXssTraps(context: BrowserContext, page: Page): Promise<void> {
  await context.addInitScript(() => {
    const hits: unknown[] = [];
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => (hits.length > 0 ? [...hits] : undefined),
      set: (value: unknown) => {
        hits.push(value);
      },
    });
    const violations: string[] = [];
    Object.defineProperty(window, '__xssCspViolations', { value: violations });
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        // zod's check whether it may compile its parsers (`Function('')`, caught) is refused by
        // the policy on every page; no vector uses eval, so an 'eval' refusal is not one of them.
        if (event.blockedURI === 'eval') return;
        violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
      },
      true,
    );
  });
  watchDialogs(page);
}

function watchDialogs(page: Page): void {
  if (dialogs.has(page)) return;
  const seen: string[] = [];
  dialogs.set(page, seen);
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
}

interface XssFindings {
  /** Every value a vector wrote to window.__xss, or undefined. */
  marker: unknown;
  dialogs: string[];
  /** CSP violations: `directive blocked-URI sample`. */
  csp: string[];
  /** Markup that could still run: `tag attribute=value` or `tag element`. */
  markup: string[];
}

/** Runs in the page: what was written to `__xss`, and markup that could run script. */
function scanPage(): { marker: unknown; csp: string[]; markup: string[] } {
  const urlAttributes = new Set([
    'href',
    'xlink:href',
    'src',
    'action',
    'formaction',
    'data',
    'poster',
    'background',
    'cite',
    'ping',
    'lowsrc',
    'dynsrc',
    'codebase',
  ]);
  // The browser's own reading of the address: entities are decoded by the parser; URL parsing
  // drops leading and trailing spaces and control characters and tabs and newlines inside.
  const dangerous = (value: string): boolean => {
    let url: URL;
    try {
      url = new URL(value, document.baseURI);
    } catch {
      // eslint-disable-next-line no-control-regex -- the controls URL parsing would drop
      return /^[\s\u0000-\u001f]*(javascript|vbscript|data):/i.test(value);
    }
    if (url.protocol === 'javascript:' || url.protocol === 'vbscript:') return true;
    return (
      url.protocol === 'data:' && !/^data:image\/(png|gif|jpe?g|webp|avif)[;,]/i.test(url.href)
    );
  };
  const describe = (el: Element) => el.tagName.toLowerCase();
  const found: string[] = [];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    const tag = describe(el);
    const inHead = el.closest('head') !== null;
    if (['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base'].includes(tag)) {
      found.push(`${tag} element`);
    }
    if ((tag === 'script' || (tag === 'meta' && el.hasAttribute('http-equiv'))) && !inHead) {
      found.push(`${tag} element in the body`);
    }
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag} ${name}=${attr.value}`);
      if (name === 'srcdoc') found.push(`${tag} srcdoc=${attr.value}`);
      if (name === 'style' && /javascript:|expression\s*\(|behavior\s*:/i.test(attr.value)) {
        found.push(`${tag} style=${attr.value}`);
      }
      if (urlAttributes.has(name) || name.endsWith(':href')) {
        // The resolved address where the element has one (a.href, img.src, form.action ...).
        const property = name === 'formaction' ? 'formAction' : name;
        const resolved = (el as unknown as Record<string, unknown>)[property];
        const value = typeof resolved === 'string' && resolved !== '' ? resolved : attr.value;
        if (dangerous(value)) found.push(`${tag} ${name}=${value}`);
      }
    }
  }
  const traps = window as unknown as { __xss?: unknown; __xssCspViolations?: string[] };
  return { marker: traps.__xss, csp: [...(traps.__xssCspViolations ?? [])], markup: found };
}

/**
 * Waits until the page has settled (loaded, every image loaded or failed, then one more frame and
 * task turn so error, load and toggle events have been dispatched), then reads what ran.
 */
async function xssFindings(page: Page): Promise<XssFindings> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    const nextFrame = () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          setTimeout(resolve, 0);
        });
      });
    while (!Array.from(document.images).every((image) => image.complete)) await nextFrame();
    await nextFrame();
  });
  const { marker, csp, markup } = await page.evaluate(scanPage);
  return { marker, dialogs: [...(dialogs.get(page) ?? [])], csp, markup };
}

/** Fails (naming `where`) when anything ran or could run on the page. */
export async function expectNoXss(page: Page, where: string): Promise<void> {
  const findings = await xssFindings(page);
  expect({ where, ...findings }).toEqual({
    where,
    marker: undefined,
    dialogs: [],
    csp: [],
    markup: [],
  });
}

/** Waits until `text` is on the page (the hostile text really was rendered there). */
export async function waitForText(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'attached' });
}
