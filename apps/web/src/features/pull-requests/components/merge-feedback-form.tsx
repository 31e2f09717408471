import {
  COMPLEXITY_FACTORS,
  FEEDBACK_TAGS,
  MAX_RATING,
  MAX_RATING_SCORE,
  MERGE_BONUSES,
  MIN_RATING,
  RATING_CRITERIA,
  canSubmitFeedback,
  countedXpSummary,
  ratingWord,
  scoreBadgeColor,
  type RewardAllowance,
} from '@openstake/core';
import { AlertCircle, GitMerge } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Slider } from '@/components/ui/slider';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import {
  previewCounted,
  previewReward,
  setRating,
  toggleBonus,
  toggleComplexity,
  toggleTag,
  type MergeFeedbackFormState,
} from '../lib/merge-feedback-form';
import { scoreBadgeClasses } from '../lib/score-badge';

export const SUBMIT_MERGE_LABEL = 'Submit & Merge PR';
export const RATE_FIRST_HINT = 'Rate at least one criterion to merge.';

/** What the server said a merge could make count for the author (decision 012). */
export type AllowanceState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; allowance: RewardAllowance };

interface MergeFeedbackFormProps {
  state: MergeFeedbackFormState;
  /** The pull request's author, as GitHub names them. */
  author: string;
  allowance: AllowanceState;
  onChange: (state: MergeFeedbackFormState) => void;
  isSubmitting: boolean;
  /** The server's reason when the last merge failed; the dialog stays open to show it. */
  error: string | null;
  onSubmit: () => void;
  onCancel: () => void;
}

/**
 * The merge feedback: five 0-5 ratings, tags, complexity and bonuses, with a
 * live preview of the XP and coins computed by the same core function the server pays with.
 */
export function MergeFeedbackForm({
  state,
  author,
  allowance,
  onChange,
  isSubmitting,
  error,
  onSubmit,
  onCancel,
}: MergeFeedbackFormProps) {
  const ids = useId();
  const reward = previewReward(state);
  const ready = allowance.status === 'ready' ? allowance.allowance : undefined;
  const counted = previewCounted(reward, ready);
  const rewardsNobody = ready?.contributor === null;
  const paidXp = rewardsNobody ? 0 : (counted?.counted ?? reward.xp);
  const paidCoins = rewardsNobody ? 0 : (counted?.coins ?? reward.coins);
  const limit = counted ? countedXpSummary(counted) : null;
  const canSubmit = canSubmitFeedback(state.ratings);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || isSubmitting) return;
    onSubmit();
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Merge feedback">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Ratings</h3>
        <Badge
          variant="outline"
          className={cn('text-sm', scoreBadgeClasses(reward.ratingTotal))}
          data-testid="score-badge"
          data-color={scoreBadgeColor(reward.ratingTotal)}
        >
          Score: {reward.ratingTotal}/{MAX_RATING_SCORE}
        </Badge>
      </div>

      <div className="grid gap-5">
        {RATING_CRITERIA.map((criterion) => {
          const value = state.ratings[criterion.id];
          const word = ratingWord(value);
          return (
            <div key={criterion.id} className="grid gap-2">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span id={`${ids}-${criterion.id}`} className="font-medium">
                  {criterion.label}
                </span>
                <span className="text-muted-foreground tabular-nums" aria-hidden="true">
                  {value}/{MAX_RATING} · {word}
                </span>
              </div>
              <Slider
                min={MIN_RATING}
                max={MAX_RATING}
                step={1}
                value={[value]}
                disabled={isSubmitting}
                onValueChange={([next]) => {
                  onChange(setRating(state, criterion.id, next ?? 0));
                }}
                thumbProps={{
                  'aria-label': criterion.label,
                  'aria-valuetext': `${String(value)} of ${String(MAX_RATING)}, ${word}`,
                }}
              />
            </div>
          );
        })}
      </div>

      <CheckboxGroup legend="Tags" description="XP for the kind of change.">
        {FEEDBACK_TAGS.map((tag) => (
          <CheckboxOption
            key={tag.id}
            id={`${ids}-tag-${tag.id}`}
            checked={state.tags.has(tag.id)}
            disabled={isSubmitting}
            onCheckedChange={(on) => {
              onChange(toggleTag(state, tag.id, on));
            }}
            label={tag.label}
            extra={`+${String(tag.xp)} XP`}
          />
        ))}
      </CheckboxGroup>

      <CheckboxGroup
        legend="Complexity"
        description="Multiplies the tag XP. Only the largest selected multiplier applies."
      >
        {COMPLEXITY_FACTORS.map((factor) => (
          <CheckboxOption
            key={factor.id}
            id={`${ids}-complexity-${factor.id}`}
            checked={state.complexity.has(factor.id)}
            disabled={isSubmitting}
            onCheckedChange={(on) => {
              onChange(toggleComplexity(state, factor.id, on));
            }}
            label={factor.label}
            extra={`×${String(factor.multiplier)}`}
          />
        ))}
      </CheckboxGroup>

      <CheckboxGroup legend="Bonuses" description="Optional extra XP.">
        {MERGE_BONUSES.map((bonus) => (
          <CheckboxOption
            key={bonus.id}
            id={`${ids}-bonus-${bonus.id}`}
            checked={state.bonuses.has(bonus.id)}
            disabled={isSubmitting}
            onCheckedChange={(on) => {
              onChange(toggleBonus(state, bonus.id, on));
            }}
            label={bonus.label}
            extra={`+${String(bonus.xp)} XP`}
          />
        ))}
      </CheckboxGroup>

      <section
        aria-labelledby={`${ids}-preview`}
        className="grid gap-2 rounded-lg bg-muted p-4"
        data-testid="reward-preview"
      >
        <h3 id={`${ids}-preview`} className="text-sm font-semibold">
          Contributor reward
        </h3>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">XP</dt>
            <dd className="text-xl font-bold text-primary tabular-nums">+{paidXp} XP</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Coins</dt>
            <dd className="text-xl font-bold text-success tabular-nums">+{paidCoins} coins</dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">
          Tags {reward.tagTotal} XP × {reward.multiplier} + ratings {reward.ratingTotal} + bonuses{' '}
          {reward.bonusTotal} = {reward.xp} XP offered; coins are twice the XP that counts.
        </p>
        <p className="text-xs" role="status" data-testid="reward-limit">
          {allowance.status === 'loading' && (
            <span className="text-muted-foreground">
              Checking what counts for {author} this month…
            </span>
          )}
          {allowance.status === 'error' && (
            <span className="text-muted-foreground">
              Could not check this month&apos;s limits: the merge pays what counts under them.
            </span>
          )}
          {rewardsNobody && (
            <span className="text-muted-foreground">
              {author} is not an OpenStake contributor you can reward: the merge pays nobody.
            </span>
          )}
          {limit && (
            <span className="font-medium text-warning-text">
              For {author}: {limit}.
            </span>
          )}
        </p>
      </section>

      {error && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>
            <p>{error}</p>
          </AlertDescription>
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!canSubmit && (
          <p id={`${ids}-hint`} className="text-xs text-muted-foreground sm:mr-auto">
            {RATE_FIRST_HINT}
          </p>
        )}
        <Button type="button" variant="outline" disabled={isSubmitting} onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={!canSubmit || isSubmitting}
          aria-describedby={canSubmit ? undefined : `${ids}-hint`}
        >
          {isSubmitting ? <Spinner /> : <GitMerge aria-hidden="true" />}
          {SUBMIT_MERGE_LABEL}
        </Button>
      </div>
    </form>
  );
}

function CheckboxGroup({
  legend,
  description,
  children,
}: {
  legend: string;
  description: string;
  children: ReactNode;
}) {
  const descriptionId = useId();
  return (
    <fieldset className="grid gap-3" aria-describedby={descriptionId}>
      <legend className="text-sm font-semibold">{legend}</legend>
      <p id={descriptionId} className="text-xs text-muted-foreground">
        {description}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function CheckboxOption({
  id,
  label,
  extra,
  checked,
  disabled,
  onCheckedChange,
}: {
  id: string;
  label: string;
  extra: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        className="mt-0.5"
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(value) => {
          onCheckedChange(value === true);
        }}
      />
      <Label htmlFor={id} className="block leading-snug font-normal">
        {label}{' '}
        <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          {extra}
        </span>
      </Label>
    </div>
  );
}
