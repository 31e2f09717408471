import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * Shows an error toast when a query fails. `toMessage` must be a stable (module-level) function;
 * it returns null for errors that are only logged (under `label`). The message is the toast's id,
 * so two queries failing for one reason ('GitHub authentication required') show one toast, and a
 * refetch that fails again does not stack a second.
 */
export function useErrorToast(
  error: unknown,
  toMessage: (error: unknown) => string | null,
  label: string,
): void {
  useEffect(() => {
    if (!error) return;
    const message = toMessage(error);
    if (message === null) {
      console.warn(label, error);
      return;
    }
    toast.error(message, { id: message, richColors: true });
  }, [error, toMessage, label]);
}

/** For useErrorToast: failures that are only logged, not shown. */
export const logOnly = (): null => null;
