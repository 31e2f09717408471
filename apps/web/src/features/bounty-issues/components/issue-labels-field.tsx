import { SELECTABLE_ISSUE_LABELS } from '@openstake/core';

import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { toggleLabel, type SelectableIssueLabel } from '../lib/issue-form';

interface IssueLabelsFieldProps {
  id: string;
  value: readonly SelectableIssueLabel[];
  onChange: (value: SelectableIssueLabel[]) => void;
}

/** The five selectable GitHub labels as checkbox chips. */
export function IssueLabelsField({ id, value, onChange }: IssueLabelsFieldProps) {
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-2 text-sm font-medium">Labels</legend>
      <div className="flex flex-wrap gap-2">
        {SELECTABLE_ISSUE_LABELS.map((label) => {
          const checkboxId = `${id}-${label.replace(/\s+/g, '-')}`;
          const checked = value.includes(label);
          return (
            <Label
              key={label}
              htmlFor={checkboxId}
              className="cursor-pointer rounded-full border bg-background px-3 py-1.5 font-normal has-[button[data-state=checked]]:border-primary has-[button[data-state=checked]]:bg-primary/10 has-[button:disabled]:cursor-not-allowed has-[button:disabled]:opacity-50"
            >
              <Checkbox
                id={checkboxId}
                checked={checked}
                onCheckedChange={() => {
                  onChange(toggleLabel(value, label));
                }}
              />
              {label}
            </Label>
          );
        })}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        The stake-N and bounty-N labels are added automatically.
      </p>
    </fieldset>
  );
}
