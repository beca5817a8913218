/*
 * The multi-step wizard's pure rules (spec 2 §2 and §4 "Wizard tabs"): Next runs the current step's
 * before-change check and moves on only when it passes; Back never checks; a tab becomes checked once
 * it has been visited and only checked tabs can be opened from the tab row; the progress bar follows
 * the step from 0 (first) to 100 (last).
 */

export interface WizardState {
  /** Index of the step shown. */
  active: number;
  /** Per step: visited at least once (the tab shows as checked and can be clicked). */
  checked: readonly boolean[];
}

/** A step's check before leaving it forward; false (or a rejection) keeps the wizard where it is. */
export type BeforeChange = () => boolean | Promise<boolean>;

/**
 * The state a wizard opens in: the first step, or `start` when it resumes where the person was
 * (every step before it was passed through its check to get there, so they count as visited).
 */
export function initialWizardState(stepCount: number, start = 0): WizardState {
  const count = Math.max(1, Math.floor(stepCount));
  const active = Math.min(Math.max(Math.floor(start), 0), count - 1);
  return { active, checked: Array.from({ length: count }, (_, index) => index <= active) };
}

/**
 * Where a wizard resumes: the step named (the address keeps it, so a reload stays there); a step
 * that is no longer offered (the card saved on its step) resumes at the next one offered, in the
 * wizard's full order; nothing named, or nothing known, starts at the first.
 */
export function resumeIndex(
  stepIds: readonly string[],
  wanted: string | null,
  fullOrder: readonly string[],
): number {
  if (!wanted) return 0;
  const found = stepIds.indexOf(wanted);
  if (found >= 0) return found;
  const position = fullOrder.indexOf(wanted);
  if (position < 0) return 0;
  const next = fullOrder.slice(position + 1).find((id) => stepIds.includes(id));
  return next === undefined ? 0 : stepIds.indexOf(next);
}

export const stepCount = (state: WizardState): number => state.checked.length;

export const isFirstStep = (state: WizardState): boolean => state.active === 0;

export const isLastStep = (state: WizardState): boolean => state.active === stepCount(state) - 1;

/** 0 on the first step, 100 on the last, evenly between (a one-step wizard is at 100). */
export function wizardProgress(active: number, count: number): number {
  if (count <= 1) return 100;
  const step = Math.min(Math.max(active, 0), count - 1);
  return Math.round((step / (count - 1)) * 100);
}

/** Shows step `index` (clamped to the steps) and marks it visited. */
export function showStep(state: WizardState, index: number): WizardState {
  const target = Math.min(Math.max(Math.floor(index), 0), stepCount(state) - 1);
  if (target === state.active && state.checked[target]) return state;
  const checked = state.checked.map((visited, i) => visited || i === target);
  return { active: target, checked };
}

export const stepBack = (state: WizardState): WizardState =>
  isFirstStep(state) ? state : showStep(state, state.active - 1);

/** Whether the tab row may open step `index`: a visited step other than the current one. */
export function canOpenTab(state: WizardState, index: number): boolean {
  return index !== state.active && index >= 0 && index < stepCount(state) && state.checked[index] === true;
}

/** Runs a before-change check; a thrown error counts as "stay". */
export async function passes(beforeChange?: BeforeChange): Promise<boolean> {
  if (!beforeChange) return true;
  try {
    return (await beforeChange()) === true;
  } catch {
    return false;
  }
}

/**
 * Moves to `target`: forward moves run the current step's check first (Next, or a visited tab ahead);
 * backward moves never do. Returns the state to show (unchanged when the check fails or the target is
 * not reachable).
 */
export async function changeStep(
  state: WizardState,
  target: number,
  beforeChange?: BeforeChange,
): Promise<WizardState> {
  if (target === state.active || target < 0 || target >= stepCount(state)) return state;
  if (target < state.active) return showStep(state, target);
  const nextInLine = target === state.active + 1;
  if (!nextInLine && !state.checked[target]) return state;
  return (await passes(beforeChange)) ? showStep(state, target) : state;
}

/** Next: the step after the current one, through its check. On the last step nothing moves. */
export const stepNext = (state: WizardState, beforeChange?: BeforeChange): Promise<WizardState> =>
  isLastStep(state) ? Promise.resolve(state) : changeStep(state, state.active + 1, beforeChange);

/** The last step's button (spec 2 §2): 'Go To Dashboard' for client users, otherwise General Settings. */
export function finishButtonLabel(userType: string): string {
  return userType === 'client' ? 'Go To Dashboard' : 'Go To General Settings';
}
