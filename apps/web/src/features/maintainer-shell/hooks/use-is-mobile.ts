import { useSyncExternalStore } from 'react';

import { MOBILE_MEDIA_QUERY } from '../lib/sidebar-state';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

const getSnapshot = (): boolean => window.matchMedia(MOBILE_MEDIA_QUERY).matches;
// Rendered without a window (tests), the desktop layout is assumed; CSS hides what does not fit.
const getServerSnapshot = (): boolean => false;

/** True below the 768 px breakpoint, updated as the window is resized. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
