import { toast } from 'sonner';

import { CREATE_STAKE_SUCCESS_MESSAGE } from '../api/create-stake';

/**
 * The stake dialog's toasts. Its errors share one toast, so a second refusal replaces the first,
 * and a stake that succeeds dismisses it: 'Please provide a valid pull request URL' never stays
 * beside 'Stake created successfully!'.
 */
export const STAKE_ERROR_TOAST_ID = 'stake-error';

export function toastStakeError(message: string): void {
  toast.error(message, { id: STAKE_ERROR_TOAST_ID, richColors: true });
}

export function toastStakeCreated(): void {
  toast.dismiss(STAKE_ERROR_TOAST_ID);
  toast.success(CREATE_STAKE_SUCCESS_MESSAGE);
}
