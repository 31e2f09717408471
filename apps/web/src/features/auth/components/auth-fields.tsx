import { roleNeedsGithub, type Role } from '@openstake/core';
import type { ReactNode } from 'react';

import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { AuthFormValues } from '../lib/auth-form';
import { PasswordInput } from './password-input';
import { RolePicker } from './role-picker';

interface AuthFieldsProps {
  values: AuthFormValues;
  onChange: (values: AuthFormValues) => void;
  disabled?: boolean;
  /** 'current-password' on login, 'new-password' on sign-up (password managers use it). */
  passwordAutoComplete: 'current-password' | 'new-password';
  passwordHint?: string;
  /** Beside the password's label (the login page's "Forgot password?" link). */
  passwordAside?: ReactNode;
}

/** Role, GitHub username (contributor and maintainer only), email and password. */
export function AuthFields({
  values,
  onChange,
  disabled,
  passwordAutoComplete,
  passwordHint,
  passwordAside,
}: AuthFieldsProps) {
  const set = <K extends keyof AuthFormValues>(key: K, value: AuthFormValues[K]) => {
    onChange({ ...values, [key]: value });
  };

  return (
    <div className="grid gap-5">
      <RolePicker
        value={values.role}
        onChange={(role: Role) => {
          set('role', role);
        }}
        disabled={disabled}
      />

      {roleNeedsGithub(values.role) && (
        <Field id="githubUsername" label="GitHub Username">
          <Input
            id="githubUsername"
            name="githubUsername"
            value={values.githubUsername}
            onChange={(e) => {
              set('githubUsername', e.target.value);
            }}
            placeholder="octocat"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            disabled={disabled}
          />
        </Field>
      )}

      <Field id="email" label="Email">
        <Input
          id="email"
          name="email"
          type="email"
          value={values.email}
          onChange={(e) => {
            set('email', e.target.value);
          }}
          placeholder="you@example.com"
          autoComplete="email"
          required
          disabled={disabled}
        />
      </Field>

      <Field id="password" label="Password" aside={passwordAside}>
        <PasswordInput
          id="password"
          name="password"
          value={values.password}
          onChange={(e) => {
            set('password', e.target.value);
          }}
          autoComplete={passwordAutoComplete}
          required
          disabled={disabled}
          aria-describedby={passwordHint ? 'password-hint' : undefined}
        />
        {passwordHint && (
          <p id="password-hint" className="text-xs text-muted-foreground">
            {passwordHint}
          </p>
        )}
      </Field>
    </div>
  );
}

/**
 * A label above its control; the label points at the control through `id`. `aside` goes at the
 * other end of the label's line.
 */
function Field({
  id,
  label,
  aside,
  children,
}: {
  id: string;
  label: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      {aside ? (
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <Label htmlFor={id}>{label}</Label>
          {aside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children}
    </div>
  );
}
