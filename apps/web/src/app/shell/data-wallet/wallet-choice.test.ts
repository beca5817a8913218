import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  aboveMaximumOf,
  actionOf,
  chosenAmount,
  formFromView,
  minimumHintOf,
  minimumOf,
  problemOf,
} from './wallet-choice';

const view = (amount: string, custom: 'T' | 'F', stop: 'T' | 'F' = 'F') => ({
  amount,
  custom_amount: custom,
  stop_continual: stop,
});

describe('the Data Wallet choice', () => {
  it('opens on the saved settings: a preset, a custom amount, or nothing saved yet', () => {
    expect(formFromView(view('500.00', 'F'))).toEqual({
      mode: 'preset',
      preset: 50_000,
      custom: 0,
      stopContinual: false,
    });
    expect(formFromView(view('2750.50', 'T', 'T'))).toEqual({
      mode: 'custom',
      preset: 0,
      custom: 275_050,
      stopContinual: true,
    });
    expect(formFromView(undefined)).toEqual({
      mode: 'preset',
      preset: 0,
      custom: 0,
      stopContinual: false,
    });
  });

  it('custom mode has the $2,500 floor and its hint; presets have none', () => {
    const custom = {
      mode: 'custom' as const,
      preset: asCents(0),
      custom: asCents(100_000),
      stopContinual: false,
    };
    expect(minimumOf(custom)).toBe(250_000);
    expect(minimumHintOf(custom)).toBe('*Minimum amount is 2500');
    expect(problemOf(custom)).toBe('The minimum amount is $2500');
    expect(problemOf({ ...custom, custom: asCents(250_000) })).toBeNull();
    // No more than one card charge can carry: $999,999.99.
    expect(problemOf({ ...custom, custom: asCents(99_999_999) })).toBeNull();
    expect(problemOf({ ...custom, custom: asCents(100_000_000) })).toBe('The maximum amount is $999,999.99');
    expect(aboveMaximumOf({ ...custom, custom: asCents(100_000_000) })).toBe(true);
    expect(minimumOf({ ...custom, mode: 'preset' })).toBe(0);
  });

  it('saves at $0 and tops up above it', () => {
    const form = {
      mode: 'preset' as const,
      preset: asCents(0),
      custom: asCents(250_000),
      stopContinual: false,
    };
    expect(actionOf(form)).toBe('save');
    expect(actionOf({ ...form, preset: asCents(25_000) })).toBe('charge');
    expect(chosenAmount({ ...form, mode: 'custom' })).toBe(250_000);
  });
});
