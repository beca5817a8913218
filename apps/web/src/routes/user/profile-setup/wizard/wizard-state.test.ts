import { describe, expect, it, vi } from 'vitest';
import {
  canOpenTab,
  changeStep,
  finishButtonLabel,
  initialWizardState,
  isFirstStep,
  isLastStep,
  passes,
  resumeIndex,
  showStep,
  stepBack,
  stepNext,
  wizardProgress,
} from './wizard-state';

describe('wizard progress', () => {
  it('follows the step from 0 to 100', () => {
    expect([0, 1, 2].map((step) => wizardProgress(step, 3))).toEqual([0, 50, 100]);
    expect([0, 1, 2, 3].map((step) => wizardProgress(step, 4))).toEqual([0, 33, 67, 100]);
  });

  it('is 100 for a one-step wizard and stays within 0..100', () => {
    expect(wizardProgress(0, 1)).toBe(100);
    expect(wizardProgress(-3, 3)).toBe(0);
    expect(wizardProgress(9, 3)).toBe(100);
  });
});

describe('wizard steps', () => {
  it('starts on the first step with only it checked', () => {
    const state = initialWizardState(3);
    expect(state).toEqual({ active: 0, checked: [true, false, false] });
    expect(isFirstStep(state)).toBe(true);
    expect(isLastStep(state)).toBe(false);
    expect(initialWizardState(0).checked).toEqual([true]);
  });

  it('resumes on a later step with the steps before it visited', () => {
    expect(initialWizardState(4, 2)).toEqual({ active: 2, checked: [true, true, true, false] });
    expect(initialWizardState(3, 9)).toEqual({ active: 2, checked: [true, true, true] });
    expect(initialWizardState(3, -1)).toEqual({ active: 0, checked: [true, false, false] });
  });

  it('resumes at the step the address names, or the next one still offered', () => {
    const order = ['personal', 'company', 'payment', 'finish'];
    expect(resumeIndex(['personal', 'company', 'payment', 'finish'], 'company', order)).toBe(1);
    // The card was saved on its step: the step is gone after the reload, the next one opens.
    expect(resumeIndex(['personal', 'company', 'finish'], 'payment', order)).toBe(2);
    expect(resumeIndex(['personal', 'finish'], 'company', order)).toBe(1);
    expect(resumeIndex(['personal', 'company'], null, order)).toBe(0);
    expect(resumeIndex(['personal', 'company'], 'nonsense', order)).toBe(0);
  });

  it('Next moves on only when the before-change check passes, and checks the new tab', async () => {
    const start = initialWizardState(3);
    expect(await stepNext(start, () => false)).toBe(start);
    expect(await stepNext(start, async () => false)).toBe(start);
    const second = await stepNext(start, async () => true);
    expect(second).toEqual({ active: 1, checked: [true, true, false] });
    expect(await stepNext(second)).toEqual({ active: 2, checked: [true, true, true] });
  });

  it('runs the check of the step being left, once', async () => {
    const check = vi.fn(() => true);
    await stepNext(initialWizardState(2), check);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('treats a failing check (thrown error) as staying', async () => {
    const start = initialWizardState(2);
    expect(await stepNext(start, () => Promise.reject(new Error('network')))).toBe(start);
    expect(
      await passes(() => {
        throw new Error('x');
      }),
    ).toBe(false);
    expect(await passes()).toBe(true);
  });

  it('does not move past the last step', async () => {
    const last = showStep(showStep(initialWizardState(3), 1), 2);
    expect(isLastStep(last)).toBe(true);
    expect(await stepNext(last, () => true)).toBe(last);
  });

  it('Back never runs a check and keeps tabs checked', async () => {
    const check = vi.fn(() => false);
    const third = showStep(showStep(initialWizardState(3), 1), 2);
    const back = await changeStep(third, 1, check);
    expect(check).not.toHaveBeenCalled();
    expect(back).toEqual({ active: 1, checked: [true, true, true] });
    expect(stepBack(back)).toEqual({ active: 0, checked: [true, true, true] });
    expect(stepBack(initialWizardState(3))).toEqual(initialWizardState(3));
  });

  it('opens only visited tabs other than the current one', () => {
    const state = showStep(initialWizardState(3), 1);
    expect(canOpenTab(state, 0)).toBe(true);
    expect(canOpenTab(state, 1)).toBe(false);
    expect(canOpenTab(state, 2)).toBe(false);
    expect(canOpenTab(state, 5)).toBe(false);
  });

  it('jumps forward to a visited tab through the current check, never to an unvisited one', async () => {
    const visitedAll = stepBack(stepBack(showStep(showStep(initialWizardState(3), 1), 2)));
    expect(visitedAll.active).toBe(0);
    expect(await changeStep(visitedAll, 2, () => false)).toBe(visitedAll);
    expect((await changeStep(visitedAll, 2, () => true)).active).toBe(2);

    const fresh = initialWizardState(3);
    expect(await changeStep(fresh, 2, () => true)).toBe(fresh);
    expect(await changeStep(fresh, -1)).toBe(fresh);
  });
});

describe('finish button', () => {
  it("reads 'Go To Dashboard' for clients and 'Go To General Settings' otherwise", () => {
    expect(finishButtonLabel('client')).toBe('Go To Dashboard');
    for (const type of ['userdownline', 'user', 'administrator', 'admin', 'sales', 'root']) {
      expect(finishButtonLabel(type)).toBe('Go To General Settings');
    }
  });
});
