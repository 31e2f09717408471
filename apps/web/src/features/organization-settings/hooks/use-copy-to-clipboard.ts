import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

/** How long the button reads 'Copied!' (spec 001 s9). */
export const COPIED_INDICATOR_MS = 2000;

/** Copies text; `copied` is true for 2 seconds after a successful copy. */
export function useCopyToClipboard(failureMessage: string) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error(failureMessage, { richColors: true });
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setCopied(false);
    }, COPIED_INDICATOR_MS);
  };

  return { copied, copy };
}
