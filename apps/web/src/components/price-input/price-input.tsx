import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  type AmountOf,
  amountOf,
  formatPrice,
  isAllowedPriceKey,
  isBelowMin,
  isPriceText,
  minimumHint,
  type PriceUnit,
  priceToEditText,
  settlePrice,
} from './price-text';

export interface PriceInputProps<U extends PriceUnit>
  extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'onFocus' | 'type' | 'min'> {
  /** Cents or micro-dollars, as `unit` says. */
  value: AmountOf<U>;
  onChange: (amount: AmountOf<U>) => void;
  unit: U;
  /** Optional floor in the same unit: below it the hint shows, and blur raises the value to it. */
  min?: number | null;
  /** Builds the floor hint; defaults to spec 2 §5's '*Cost Per Lead Minimum {value}'. */
  hint?: (min: number) => string;
  'data-testid'?: string;
}

const block = (event: ClipboardEvent<HTMLInputElement>) => event.preventDefault();

/**
 * Currency input of spec 2 §5: paste, copy and cut blocked, only digits and one decimal point
 * accepted, formatted as US dollars on blur (anything else resets to 0), with an optional floor.
 * While focused it shows the plain number so it can be edited; the parent only ever sees units.
 */
export function PriceInput<U extends PriceUnit>({
  value,
  onChange,
  unit,
  min,
  hint,
  ...rest
}: PriceInputProps<U>) {
  const [text, setText] = useState(() => formatPrice(value, unit));
  // The floor a blur raised the value to: its hint stays, so the person sees why the value changed
  // and nothing below moves (a Save button shifting between press and release gets no click).
  const [raisedTo, setRaisedTo] = useState<number | null>(null);
  const focused = useRef(false);
  const testId = rest['data-testid'];

  // A new value from outside (loaded settings, another tab of the form) replaces the text, but never
  // while the person is typing.
  useEffect(() => {
    if (!focused.current) setText(formatPrice(value, unit));
  }, [value, unit]);

  const below = focused.current
    ? isBelowMin(text, unit, min) || (raisedTo !== null && text === priceToEditText(raisedTo, unit))
    : ((min ?? 0) > 0 && value < (min ?? 0)) || (raisedTo !== null && value === raisedTo);
  const hintText = below && min ? (hint ?? ((m) => minimumHint(m, unit)))(min) : null;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const selection = { start: input.selectionStart ?? text.length, end: input.selectionEnd ?? text.length };
    if (!isAllowedPriceKey(event, input.value, unit, selection)) event.preventDefault();
  };

  return (
    <div>
      <TextInput
        {...rest}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onKeyDown={onKeyDown}
        onPaste={block}
        onCopy={block}
        onCut={block}
        onDrop={(event) => event.preventDefault()}
        onFocus={() => {
          focused.current = true;
          setText(value === 0 ? '' : priceToEditText(value, unit));
        }}
        onChange={(event) => {
          const next = event.currentTarget.value;
          // Anything that slipped past the key filter (an input method, autofill) is refused here.
          if (isPriceText(next)) {
            setText(next);
            setRaisedTo(null);
          }
        }}
        onBlur={() => {
          focused.current = false;
          const settled = settlePrice(text, unit, min);
          setText(settled.display);
          setRaisedTo(settled.raisedToMin ? settled.units : null);
          if (settled.units !== value) onChange(amountOf(settled.units, unit));
        }}
        aria-describedby={hintText && testId ? `${testId}-hint` : undefined}
      />
      {hintText && (
        <Text
          size="xs"
          c="red"
          mt={4}
          id={testId ? `${testId}-hint` : undefined}
          data-testid={testId ? `${testId}-hint` : undefined}
        >
          {hintText}
        </Text>
      )}
    </div>
  );
}
