import { Search } from 'lucide-react';
import { useId, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

interface OrganizationFormProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** The visible button text, which is also its accessible name. */
  submitLabel: string;
  isPending: boolean;
  error?: string | null;
  /** Names the form for assistive technology. */
  formLabel: string;
}

/** 'GitHub username or organization' and its button; Enter submits. */
export function OrganizationForm({
  value,
  onChange,
  onSubmit,
  submitLabel,
  isPending,
  error,
  formLabel,
}: OrganizationFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPending) onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} aria-label={formLabel} className="grid gap-2">
      <Label htmlFor={`${id}-org`}>GitHub username or organization</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-org`}
          name="org"
          value={value}
          placeholder="e.g. octo-org"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
          {isPending ? <Spinner /> : <Search aria-hidden="true" />}
          {submitLabel}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
