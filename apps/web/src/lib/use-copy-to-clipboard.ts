import { useCallback, useEffect, useState } from 'react';

import { COPIED_INDICATOR_MS, copyText, createCopiedFlag } from './clipboard';

/**
 * `copy(text)` writes to the clipboard and, when it worked, sets `copied` for 2 seconds.
 * It resolves to whether the copy worked, so the caller can show a failure.
 */
export function useCopyToClipboard(durationMs: number = COPIED_INDICATOR_MS) {
  const [copied, setCopied] = useState(false);
  const [flag] = useState(() => createCopiedFlag(setCopied, durationMs));

  useEffect(() => flag.dispose, [flag]);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      const ok = await copyText(text);
      if (ok) flag.raise();
      return ok;
    },
    [flag],
  );

  return { copied, copy };
}
