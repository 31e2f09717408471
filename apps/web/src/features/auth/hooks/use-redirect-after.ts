import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Goes to `path` after `delayMs` (1.5 s after login, 1 s after registration); no
 * timer while `path` is null. The timer is cleared when the page unmounts, so a user who has
 * already clicked through is not sent there a second time.
 */
export function useRedirectAfter(path: string | null, delayMs: number): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (path === null) return;
    const timer = window.setTimeout(() => {
      void navigate(path);
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [path, delayMs, navigate]);
}
