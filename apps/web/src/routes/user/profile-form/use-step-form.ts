import { useCallback, useRef, useState } from 'react';
import { useUpdateProfileMutation } from '../../../api/profile';
import { useRefreshSession } from '../shared/refresh-session';
import { answerErrors, type FormErrors, failureErrors, hasFormErrors } from './profile-model';

export interface StepFormOptions<V> {
  step: 'personal' | 'company';
  initial: () => V;
  validate: (values: V) => FormErrors<V>;
  toFormData: (values: V) => FormData;
  /** What stays in the form after a save (new password and chosen files are cleared). */
  afterSave: (values: V) => V;
}

export interface StepForm<V> {
  values: V;
  errors: FormErrors<V>;
  saving: boolean;
  /** The server's message after the last successful save; cleared by the next edit. */
  savedMessage: string | null;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /**
   * Checks, sends `POST /user/update`, then refetches the session user. Resolves true once saved.
   * With `skipWhenUnchanged`, a step already saved and not edited since is not sent again (the
   * wizard's Next after going Back).
   */
  save: (options?: { skipWhenUnchanged?: boolean }) => Promise<boolean>;
}

/** One step of the profile form (personal or company details): values, errors and saving. */
export function useStepForm<V>(options: StepFormOptions<V>): StepForm<V> {
  const { step, validate, toFormData, afterSave } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [saving, setSaving] = useState(false);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const update = useUpdateProfileMutation();
  const refreshSession = useRefreshSession();
  // Edits since the last successful save; a counter so an edit made while saving still counts.
  const edits = useRef(0);
  const savedAt = useRef<number | null>(null);

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    edits.current += 1;
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) =>
      current[key] || current.form ? { ...current, [key]: undefined, form: undefined } : current,
    );
    setSavedMessage(null);
  }, []);

  const save = async ({ skipWhenUnchanged = false } = {}): Promise<boolean> => {
    if (skipWhenUnchanged && savedAt.current === edits.current) return true;
    const found = validate(values);
    setErrors(found);
    if (hasFormErrors(found)) return false;
    const editsAtSend = edits.current;
    setSaving(true);
    try {
      const answer = await update.mutateAsync(toFormData(values));
      const refused = answerErrors(answer, step) as FormErrors<V>;
      if (hasFormErrors(refused)) {
        setErrors(refused);
        return false;
      }
      await refreshSession();
      setValues((current) => afterSave(current));
      savedAt.current = editsAtSend;
      setSavedMessage(answer.message || 'Saved.');
      return true;
    } catch (error) {
      setErrors(failureErrors<V>(error, step));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { values, errors, saving, savedMessage, set, save };
}
