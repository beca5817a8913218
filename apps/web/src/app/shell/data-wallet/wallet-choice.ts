import {
  asCents,
  type Cents,
  centsFromWire,
  DATA_WALLET_CUSTOM_MINIMUM,
  DATA_WALLET_MAXIMUM,
  DATA_WALLET_PRESETS,
  type DataWalletView,
  dataWalletAmountProblem,
  dataWalletMinimumDollars,
  dataWalletMinimumHint,
} from '@app/contracts';

/** What the modal's amount controls hold (spec 2 §4): a preset, or a typed custom amount. */
export interface WalletChoiceForm {
  mode: 'preset' | 'custom';
  preset: Cents;
  custom: Cents;
  stopContinual: boolean;
}

const NONE = asCents(0);

/** The controls as the saved settings put them: "opening the wallet resets values" (spec 2 §4). */
export function formFromView(
  view: Pick<DataWalletView, 'amount' | 'custom_amount' | 'stop_continual'> | undefined,
): WalletChoiceForm {
  const amount = (view && centsFromWire(view.amount)) || NONE;
  const custom = view?.custom_amount === 'T';
  const preset = DATA_WALLET_PRESETS.find((p) => p.cents === amount)?.cents ?? NONE;
  return {
    mode: custom ? 'custom' : 'preset',
    preset: custom ? NONE : preset,
    // Empty until typed: a custom amount left empty is refused with the minimum's text.
    custom: custom ? amount : NONE,
    stopContinual: view?.stop_continual === 'T',
  };
}

export const chosenAmount = (form: WalletChoiceForm): Cents =>
  form.mode === 'custom' ? form.custom : form.preset;

/** Spec 2 §4: custom mode's minimum is $2,500, otherwise $0 (in cents, for the input's floor). */
export const minimumOf = (form: WalletChoiceForm): Cents =>
  form.mode === 'custom' ? DATA_WALLET_CUSTOM_MINIMUM : NONE;

/** The custom input's hint while below the minimum: '*Minimum amount is 2500'. */
export const minimumHintOf = (form: WalletChoiceForm) =>
  dataWalletMinimumHint(dataWalletMinimumDollars(form.mode === 'custom'));

/** A custom amount above what one card charge carries: the input says so at once (the server refuses it). */
export const aboveMaximumOf = (form: WalletChoiceForm): boolean =>
  form.mode === 'custom' && form.custom > DATA_WALLET_MAXIMUM;

/** Why the amount cannot be saved or charged ('The minimum amount is $2500'), or null. */
export const problemOf = (form: WalletChoiceForm) =>
  dataWalletAmountProblem(chosenAmount(form), form.mode === 'custom');

/** Spec 2 §4: at $0 or less the button saves the settings; above it tops up (a charge). */
export const actionOf = (form: WalletChoiceForm): 'save' | 'charge' =>
  chosenAmount(form) > 0 ? 'charge' : 'save';
