import { toast } from 'sonner';

import { CREATE_STAKE_SUCCESS_MESSAGE } from '../api/create-stake';

/**
 * The stake dialog's one toast: the stake is made, and the dialog has closed. A refusal is not a
 * toast; it stays in the dialog beside what the contributor typed.
 */
export function toastStakeCreated(): void {
  toast.success(CREATE_STAKE_SUCCESS_MESSAGE);
}
