import { ROLES, type Role } from '@openstake/core';
import { Building2, GitPullRequest, Wrench, type LucideIcon } from 'lucide-react';

import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { isRole } from '../lib/auth-form';
import { ROLE_LABELS } from '../lib/role-labels';

const ROLE_DETAILS: Record<Role, { description: string; icon: LucideIcon }> = {
  contributor: { description: 'Stake coins on issues, earn XP', icon: GitPullRequest },
  maintainer: { description: 'Post bounties, review pull requests', icon: Wrench },
  company: { description: 'Discover and hire contributors', icon: Building2 },
};

interface RolePickerProps {
  value: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
}

/**
 * The role radio group, labelled 'Role'. Each option's accessible name is just the role
 * ('Contributor', ...); the short description is attached with aria-describedby.
 */
export function RolePicker({ value, onChange, disabled }: RolePickerProps) {
  return (
    <div className="grid gap-2">
      <Label id="role-label" asChild>
        <span>Role</span>
      </Label>
      <RadioGroup
        aria-labelledby="role-label"
        value={value}
        onValueChange={(next) => {
          if (isRole(next)) onChange(next);
        }}
        disabled={disabled}
        required
        className="grid-cols-1 gap-2 sm:grid-cols-3"
      >
        {ROLES.map((role) => {
          const { description, icon: Icon } = ROLE_DETAILS[role];
          const id = `role-${role}`;
          return (
            <div
              key={role}
              className="relative flex items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/60 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50 sm:flex-col sm:gap-2"
            >
              <div className="flex items-center gap-2">
                <RadioGroupItem
                  value={role}
                  id={id}
                  aria-describedby={`${id}-description`}
                  className="relative z-10"
                />
                <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
              </div>
              <div className="grid gap-1">
                {/* The ::after overlay makes the whole card a click target for the radio. */}
                <Label htmlFor={id} className="after:absolute after:inset-0 after:content-['']">
                  {ROLE_LABELS[role]}
                </Label>
                <p id={`${id}-description`} className="text-xs text-muted-foreground">
                  {description}
                </p>
              </div>
            </div>
          );
        })}
      </RadioGroup>
    </div>
  );
}
