interface ClipboardWriter {
  writeText: (text: string) => Promise<void>;
}

function browserClipboard(): ClipboardWriter | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.clipboard;
}

/**
 * Writes `text` to the clipboard; false when the browser refuses (no permission, an insecure
 * page, no clipboard at all), so the caller can say so instead of claiming success.
 */
export async function copyText(
  text: string,
  clipboard: ClipboardWriter | undefined = browserClipboard(),
): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** How long a 'Copied!' indicator stays. */
export const COPIED_INDICATOR_MS = 2000;

interface Timers {
  setTimeout: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
}

const globalTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle);
  },
};

/**
 * A 'Copied!' flag that turns itself off `durationMs` after the last copy: copying again
 * restarts the period rather than letting the first timer cut the second one short.
 */
export function createCopiedFlag(
  onChange: (copied: boolean) => void,
  durationMs: number = COPIED_INDICATOR_MS,
  timers: Timers = globalTimers,
) {
  let handle: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (handle !== undefined) timers.clearTimeout(handle);
    handle = undefined;
  };
  return {
    raise() {
      cancel();
      onChange(true);
      handle = timers.setTimeout(() => {
        handle = undefined;
        onChange(false);
      }, durationMs);
    },
    dispose: cancel,
  };
}
