// The entry of the pages the build rendered ahead (`/`, `/login`) or the server renders (the
// contributor dashboard): build/prerender.ts puts it in their HTML in place of the app's own
// script (src/main.tsx, which every other page loads at once), with the app's address and files
// in its data attributes. Such a page is painted from its HTML and stylesheet; the app is asked
// for once the browser has painted it, so fetching and running the app never holds that paint
// back. A button pressed in between is held (React never sees it) and pressed again once React
// has taken the page over, so it acts exactly once.

/**
 * Sent by the app once the page's HTML is React's (app/root-layout.tsx: an effect, which runs
 * only after hydration has committed). Written in both files: boot shares no module with the app.
 */
const PAGE_READY_EVENT = 'openstake:page-ready';

/**
 * What a press on a button sends, each held: some components act on the click, others before it
 * (a tab opens on mousedown, a menu on pointerdown). Holding them all keeps a press from reaching
 * the app halfway, should React take the page over in the middle of one.
 */
const PRESS_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'] as const;

const pressed: HTMLElement[] = [];
const hold = (event: Event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!(button instanceof HTMLElement)) return;
  event.stopPropagation();
  if (event.type !== 'click') return;
  event.preventDefault();
  pressed.push(button);
};
for (const type of PRESS_EVENTS) document.addEventListener(type, hold, true);

/**
 * Resolves in a later task: the browser may paint and answer input in between. Written in
 * main.tsx too: boot shares no module with the app.
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const filesIn = (list = '') => list.split(' ').filter(Boolean);

async function start(): Promise<void> {
  const {
    app = '',
    appFiles,
    pageFiles,
  } = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset ?? {};
  // Every file at once, rather than each as its importer is read.
  for (const href of filesIn(`${appFiles ?? ''} ${app} ${pageFiles ?? ''}`)) {
    const link = Object.assign(document.createElement('link'), { rel: 'modulepreload', href });
    link.crossOrigin = '';
    document.head.append(link);
  }
  const pageReady = new Promise((resolve) => {
    document.addEventListener(PAGE_READY_EVENT, resolve, { once: true });
  });
  try {
    // The files the app imports, each run in a task of its own, in the order importing the app
    // would run them all in one (React's chunk, then the other libraries'...): one long task
    // becomes several shorter ones, and a tap is answered in between.
    for (const file of filesIn(appFiles)) {
      await import(/* @vite-ignore */ file);
      await nextTask();
    }
    await import(/* @vite-ignore */ app);
    await pageReady;
  } finally {
    // Without the app (its download failed) a held press would be lost: stop holding either way.
    for (const type of PRESS_EVENTS) document.removeEventListener(type, hold, true);
  }
  for (const button of pressed) {
    if (button.isConnected) pressAgain(button);
  }
}

/** A held press, pressed again as a mouse presses it: every one of PRESS_EVENTS, in order. */
function pressAgain(button: HTMLElement): void {
  const down = { bubbles: true, cancelable: true, composed: true, view: window, button: 0 };
  const up = { ...down, buttons: 0 };
  const pointer = { pointerId: 1, pointerType: 'mouse', isPrimary: true };
  button.dispatchEvent(new PointerEvent('pointerdown', { ...down, ...pointer, buttons: 1 }));
  button.dispatchEvent(new MouseEvent('mousedown', { ...down, buttons: 1 }));
  button.dispatchEvent(new PointerEvent('pointerup', { ...up, ...pointer }));
  button.dispatchEvent(new MouseEvent('mouseup', up));
  button.click();
}

if (document.visibilityState === 'visible') {
  // requestAnimationFrame runs just before the next frame is painted, the timeout just after.
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}
