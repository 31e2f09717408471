import {
  DEFAULT_REPOSITORY_POLICY,
  EXCLUSIVE_WINDOW_DAYS,
  MAX_NEWCOMER_STAKES_PER_ISSUE,
  MAX_OPEN_STAKES_PER_CONTRIBUTOR,
  type MaintainerRepository,
  type RepositoryPolicy,
} from '@openstake/core';
import { ChevronDown, Save, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';

import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api/api-error';
import {
  UPDATE_STAKE_POLICY_FALLBACK_MESSAGE,
  useUpdateStakePolicy,
} from '../api/repository-connection';
import {
  MIN_RANK_CHOICES,
  changedStakePolicy,
  checkStakePolicy,
  stakePolicyErrorsOf,
  stakePolicyFormValues,
  type StakePolicyErrors,
  type StakePolicyFormValues,
} from '../lib/stake-policy-form';

export const STAKE_POLICY_TITLE = 'Stake policy';
export const NEWCOMER_EXPLANATION =
  'A newcomer has no XP from an independent maintainer and no vouch here';
export const BOT_NEEDS_APP_NOTE =
  'The bot switches need the GitHub App connection: this repository is connected by webhook.';

type Connection = NonNullable<MaintainerRepository['connection']>;

/** The saved policy, out of the repository's connection. */
const savedPolicy = (connection: Connection): RepositoryPolicy => ({
  maxOpenStakesPerContributor: connection.maxOpenStakesPerContributor,
  maxNewcomerStakesPerIssue: connection.maxNewcomerStakesPerIssue,
  exclusiveWindowDays: connection.exclusiveWindowDays,
  minXp: connection.minXp,
  vouchedOnly: connection.vouchedOnly,
  allowGenerated: connection.allowGenerated,
  botUnstakedNotice: connection.botUnstakedNotice,
  botCloseDenounced: connection.botCloseDenounced,
});

/**
 * A connected repository's stake policy (decision 015), folded under a "Stake policy" button in
 * its row: the defaults need no touching, so the form is out of the way until asked for.
 */
export function StakePolicySettings({
  repository,
  connection,
}: {
  repository: MaintainerRepository;
  connection: Connection;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible open={open} onOpenChange={setOpen}>
      <CollapsibleTrigger asChild>
        <Button type="button" size="sm" variant="ghost" className="justify-self-start">
          <ShieldCheck aria-hidden="true" />
          {STAKE_POLICY_TITLE}
          <span className="sr-only"> of {repository.full_name}</span>
          <ChevronDown
            aria-hidden="true"
            className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
          />
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent>
        <StakePolicyForm repository={repository} connection={connection} />
      </CollapsibleContent>
    </Collapsible>
  );
}

/**
 * The form: checked with the contract's schema before it is sent, only the changed settings
 * sent, the server's refusal shown at its field. A failure keeps what was typed.
 */
export function StakePolicyForm({
  repository,
  connection,
}: {
  repository: MaintainerRepository;
  connection: Connection;
}) {
  const saved = savedPolicy(connection);
  const [values, setValues] = useState(() => stakePolicyFormValues(saved));
  const [errors, setErrors] = useState<StakePolicyErrors>({});
  const update = useUpdateStakePolicy();
  const locked = !repository.canPush;
  const unchanged = JSON.stringify(values) === JSON.stringify(stakePolicyFormValues(saved));

  const change = (next: Partial<StakePolicyFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors({});
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || update.isPending) return;
    const checked = checkStakePolicy(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const policy = changedStakePolicy(saved, checked.policy);
    if (Object.keys(policy).length === 0) return;
    update.mutate(
      { owner: repository.owner, repo: repository.name, policy },
      {
        onSuccess: () => {
          toast.success(`Stake policy of ${repository.full_name} saved`);
        },
        onError: (error) => {
          // What was typed stays; the refusal shows at its field too when it names one.
          setErrors(stakePolicyErrorsOf(error));
          toast.error(errorMessage(error, UPDATE_STAKE_POLICY_FALLBACK_MESSAGE), {
            richColors: true,
          });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`${STAKE_POLICY_TITLE} of ${repository.full_name}`}
      className="mt-2 grid gap-4 rounded-lg border bg-muted/30 p-3"
    >
      <StakePolicyFields
        values={values}
        errors={errors}
        disabled={locked || update.isPending}
        viaApp={connection.viaApp}
        onChange={change}
      />
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" disabled={locked || update.isPending || unchanged}>
          {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
          Save policy
        </Button>
        {update.isPending && <span className="text-xs text-muted-foreground">Saving…</span>}
      </div>
    </form>
  );
}

const d = DEFAULT_REPOSITORY_POLICY;
const range = (bounds: { min: number; max: number }) =>
  `${String(bounds.min)}-${String(bounds.max)}`;

/** The fields alone, given their values and errors (the form holds the state). */
export function StakePolicyFields({
  values,
  errors,
  disabled,
  viaApp,
  onChange,
}: {
  values: StakePolicyFormValues;
  errors: StakePolicyErrors;
  disabled: boolean;
  viaApp: boolean;
  onChange: (next: Partial<StakePolicyFormValues>) => void;
}) {
  const ids = useId();
  const botDisabled = disabled || !viaApp;
  return (
    <>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Who may stake</legend>
        <NumberField
          id={`${ids}-open`}
          label="Open stakes per contributor"
          hint={`Pending stakes one contributor may hold here, ${range(MAX_OPEN_STAKES_PER_CONTRIBUTOR)} (default ${String(d.maxOpenStakesPerContributor)}).`}
          value={values.maxOpenStakesPerContributor}
          bounds={MAX_OPEN_STAKES_PER_CONTRIBUTOR}
          error={errors.maxOpenStakesPerContributor}
          disabled={disabled}
          onChange={(maxOpenStakesPerContributor) => {
            onChange({ maxOpenStakesPerContributor });
          }}
        />
        <NumberField
          id={`${ids}-newcomer`}
          label="Newcomer stakes per issue"
          hint={`${NEWCOMER_EXPLANATION}; ${range(MAX_NEWCOMER_STAKES_PER_ISSUE)} (default ${String(d.maxNewcomerStakesPerIssue)}).`}
          value={values.maxNewcomerStakesPerIssue}
          bounds={MAX_NEWCOMER_STAKES_PER_ISSUE}
          error={errors.maxNewcomerStakesPerIssue}
          disabled={disabled}
          onChange={(maxNewcomerStakesPerIssue) => {
            onChange({ maxNewcomerStakesPerIssue });
          }}
        />
        <div className="grid content-start gap-1.5">
          <div className="flex items-center gap-2">
            <Switch
              id={`${ids}-window-on`}
              checked={values.exclusiveWindowOn}
              disabled={disabled}
              onCheckedChange={(exclusiveWindowOn) => {
                onChange({ exclusiveWindowOn });
              }}
            />
            <Label htmlFor={`${ids}-window-on`}>Exclusive window</Label>
          </div>
          {values.exclusiveWindowOn ? (
            <NumberField
              id={`${ids}-window`}
              label="Exclusive window in days"
              hint={`The first staker on an issue works alone this many days, ${range(EXCLUSIVE_WINDOW_DAYS)}.`}
              value={values.exclusiveWindowDays}
              bounds={EXCLUSIVE_WINDOW_DAYS}
              error={errors.exclusiveWindowDays}
              disabled={disabled}
              onChange={(exclusiveWindowDays) => {
                onChange({ exclusiveWindowDays });
              }}
            />
          ) : (
            <p className="text-xs text-muted-foreground">
              Off (default): anyone may stake on an issue alongside the first staker.
            </p>
          )}
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${ids}-rank`}>Minimum rank</Label>
          <Select
            value={values.minXp}
            disabled={disabled}
            onValueChange={(minXp) => {
              onChange({ minXp });
            }}
          >
            <SelectTrigger
              id={`${ids}-rank`}
              className="h-8"
              aria-invalid={errors.minXp ? true : undefined}
              aria-describedby={errors.minXp ? `${ids}-rank-error` : `${ids}-rank-hint`}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {MIN_RANK_CHOICES.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {choice.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldNote id={`${ids}-rank`} error={errors.minXp}>
            The counted XP a contributor needs to stake here; vouched contributors skip it (default
            Anyone).
          </FieldNote>
        </div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">Pull requests</legend>
        <SwitchField
          id={`${ids}-vouched`}
          label="Vouched contributors only"
          hint="Only contributors a maintainer vouched for here may stake (default off)."
          checked={values.vouchedOnly}
          disabled={disabled}
          error={errors.vouchedOnly}
          onChange={(vouchedOnly) => {
            onChange({ vouchedOnly });
          }}
        />
        <SwitchField
          id={`${ids}-generated`}
          label="Accept AI-generated pull requests"
          hint="Off: a stake declaring its pull request generated by AI is refused (default on)."
          checked={values.allowGenerated}
          disabled={disabled}
          error={errors.allowGenerated}
          onChange={(allowGenerated) => {
            onChange({ allowGenerated });
          }}
        />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">The bot on GitHub</legend>
        {!viaApp && <p className="text-xs text-muted-foreground">{BOT_NEEDS_APP_NOTE}</p>}
        <SwitchField
          id={`${ids}-unstaked`}
          label="Label unstaked pull requests"
          hint="The bot comments once on a pull request on a bounty issue with no stake, and labels it “unstaked” (default off)."
          checked={values.botUnstakedNotice}
          disabled={botDisabled}
          error={errors.botUnstakedNotice}
          onChange={(botUnstakedNotice) => {
            onChange({ botUnstakedNotice });
          }}
        />
        <SwitchField
          id={`${ids}-denounced`}
          label="Close pull requests of denounced authors"
          hint="The bot closes them with a comment (default off)."
          checked={values.botCloseDenounced}
          disabled={botDisabled}
          error={errors.botCloseDenounced}
          onChange={(botCloseDenounced) => {
            onChange({ botCloseDenounced });
          }}
        />
      </fieldset>
    </>
  );
}

/** A field's hint, or its error in its place (announced, and named by aria-describedby). */
function FieldNote({ id, error, children }: { id: string; error?: string; children: ReactNode }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
      {error}
    </p>
  ) : (
    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

function NumberField({
  id,
  label,
  hint,
  value,
  bounds,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  bounds: { min: number; max: number };
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={1}
        className="h-8 w-24 px-2"
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      <FieldNote id={id} error={error}>
        {hint}
      </FieldNote>
    </div>
  );
}

function SwitchField({
  id,
  label,
  hint,
  checked,
  disabled,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Switch
          id={id}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onCheckedChange={onChange}
        />
        <Label htmlFor={id} className="leading-snug font-normal">
          {label}
        </Label>
      </div>
      <FieldNote id={id} error={error}>
        {hint}
      </FieldNote>
    </div>
  );
}
