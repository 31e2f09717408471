import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** What the submit button reads while the issue is being created. */
export const SUBMITTING_LABEL = 'Creating on Blockchain & GitHub...';

interface IssueFormActionsProps {
  submitLabel: string;
  isSubmitting: boolean;
  /** A required field is blank. */
  submitDisabled: boolean;
  onCancel: () => void;
}

export function IssueFormActions({
  submitLabel,
  isSubmitting,
  submitDisabled,
  onCancel,
}: IssueFormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end lg:flex-col-reverse">
      <Button type="button" variant="outline" disabled={isSubmitting} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={submitDisabled || isSubmitting}>
        {isSubmitting && <Spinner />}
        {isSubmitting ? SUBMITTING_LABEL : submitLabel}
      </Button>
    </div>
  );
}
