import { useNavigate } from 'react-router';

/**
 * Cancel is the browser's Back. A page opened in a new tab has nowhere to go
 * back to inside the app, so it goes to `fallback` instead. React Router numbers its history
 * entries in `history.state.idx`, 0 for the first one.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const state: unknown = typeof window === 'undefined' ? null : window.history.state;
    const idx = (state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) void navigate(-1);
    else void navigate(fallback);
  };
}
