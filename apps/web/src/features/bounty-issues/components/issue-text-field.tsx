import type { ComponentProps } from 'react';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface IssueTextFieldProps extends Omit<
  ComponentProps<'input'>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'
> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the input and referenced by it. */
  hint?: string;
  invalid?: boolean;
  /** The id of the error box, referenced while this field is the one in error. */
  errorId?: string;
}

/** A labelled one-line input of the create-issue forms; `required` adds the red asterisk. */
export function IssueTextField({
  id,
  label,
  value,
  onChange,
  hint,
  invalid = false,
  errorId,
  required,
  ...inputProps
}: IssueTextFieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      <Input
        id={id}
        {...inputProps}
        required={required}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, invalid ? errorId : null].filter(Boolean).join(' ') || undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {hintId && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
