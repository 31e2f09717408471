import { MAX_ISSUE_COINS } from '@openstake/core';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { validCoinAmount } from '../lib/transaction-summary';

interface CoinAmountFieldProps {
  id: string;
  /** The form field name. */
  name: string;
  /** The group's name: 'Stake amount', 'Bounty amount'. */
  legend: string;
  /** Names the presets for screen readers: 'Stake' gives 'Stake 10 coins'. */
  presetPrefix: string;
  presets: readonly number[];
  /** The input's label: 'Custom stake (coins)'. */
  inputLabel: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** The id of the error box, referenced while this field is the one in error. */
  errorId?: string;
}

/**
 * An amount of coins picked from presets or typed: a preset fills the input, and
 * the preset that matches the input is shown pressed. Whole coins, 1 or more.
 */
export function CoinAmountField({
  id,
  name,
  legend,
  presetPrefix,
  presets,
  inputLabel,
  hint,
  value,
  onChange,
  invalid = false,
  errorId,
}: CoinAmountFieldProps) {
  const current = validCoinAmount(value);
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-3 text-sm font-medium">
        {legend}
        <span aria-hidden="true" className="text-destructive">
          {' '}
          *
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {presets.map((preset) => {
          const selected = current === preset;
          return (
            <Button
              key={preset}
              type="button"
              size="sm"
              variant={selected ? 'default' : 'outline'}
              aria-pressed={selected}
              aria-label={`${presetPrefix} ${String(preset)} coins`}
              onClick={() => {
                onChange(String(preset));
              }}
            >
              {preset} coins
            </Button>
          );
        })}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={id}>{inputLabel}</Label>
        <Input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ISSUE_COINS}
          step={1}
          required
          placeholder="Enter an amount"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={[`${id}-hint`, invalid ? errorId : undefined].filter(Boolean).join(' ')}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </fieldset>
  );
}
