import { CURRENT_PASSWORD_REQUIRED } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../api/http';
import {
  type GoogleTfaSetup,
  type TwoFactorType,
  twoFactorKeys,
  useGoogleTfaSetupMutation,
  useSaveTwoFactorMutation,
  useTwoFactorSetting,
} from '../../../api/two-factor';
import { AuthenticatorModal } from './authenticator-modal';
import { notifyFailure, notifySuccess } from './notify';
import {
  choiceFromSetting,
  chooseTwoFactorType,
  planTwoFactorSave,
  type TwoFactorChoice,
} from './two-factor-choice';
import { TwoFactorModal } from './two-factor-modal';

const TITLE = 'Two Factor Authentication';

interface TwoFactorDialogsProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
  companyId: number;
}

/** The server's complaint about the current password, if that is what refused the save. */
const passwordComplaint = (error: unknown): string | null =>
  error instanceof ApiRequestError ? (error.fields?.currpassword ?? null) : null;

/**
 * The two dialogs of spec 1 §4 Two-factor selection. Confirming google closes the choice, fetches a new
 * secret and opens the Authenticator App dialog; Cancel there returns to the choice (keeping it). Other
 * choices are saved at once. Every change needs the current password, asked in the choice dialog; the
 * server's refusal of it shows beside that field (from the authenticator dialog the choice reopens).
 * Other load and save errors are red notifications with the server's message.
 */
export function TwoFactorDialogs({ opened, onClose, userId, companyId }: TwoFactorDialogsProps) {
  const queryClient = useQueryClient();
  const setting = useTwoFactorSetting(userId, opened);
  const googleSetup = useGoogleTfaSetupMutation();
  const save = useSaveTwoFactorMutation();
  const [view, setView] = useState<'choice' | 'authenticator'>('choice');
  /** The choice being made; null until the person picks something (then the saved setting shows). */
  const [pending, setPending] = useState<TwoFactorChoice | null>(null);
  const [setup, setSetup] = useState<GoogleTfaSetup | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const saved = setting.data ? choiceFromSetting(setting.data) : null;
  const choice = pending ?? saved;

  // Each opening starts from the saved setting.
  useEffect(() => {
    if (!opened) return;
    setView('choice');
    setPending(null);
    setSetup(null);
    setPassword('');
    setPasswordError(null);
  }, [opened]);

  useEffect(() => {
    if (!opened || !setting.isError) return;
    notifyFailure(TITLE, setting.error);
    // Forget the failure, or the next opening would close at once on the old error.
    queryClient.removeQueries({ queryKey: twoFactorKeys.setting(userId) });
    onClose();
  }, [opened, setting.isError, setting.error, onClose, queryClient, userId]);

  function finish(message: string) {
    notifySuccess(TITLE, message);
    onClose();
  }

  function failed(error: unknown) {
    const complaint = passwordComplaint(error);
    if (!complaint) {
      notifyFailure(TITLE, error);
      return;
    }
    setPasswordError(complaint);
    setView('choice');
  }

  const changing = saved !== null && choice !== null && planTwoFactorSave(saved, choice).kind !== 'unchanged';

  function handleChoose(type: TwoFactorType) {
    if (choice) setPending(chooseTwoFactorType(choice, type));
  }

  function handleConfirm() {
    if (!saved || !choice) return;
    const plan = planTwoFactorSave(saved, choice);
    if (plan.kind === 'unchanged') {
      onClose();
      return;
    }
    if (password === '') {
      setPasswordError(CURRENT_PASSWORD_REQUIRED);
      return;
    }
    if (plan.kind === 'google-setup') {
      setSetup(null);
      setView('authenticator');
      googleSetup.mutate(
        { userId, companyId },
        {
          onSuccess: setSetup,
          onError: (error) => {
            notifyFailure(TITLE, error);
            setView('choice');
          },
        },
      );
      return;
    }
    save.mutate(
      {
        userId,
        two_factor_auth: plan.choice.enabled,
        two_factor_auth_type: plan.choice.type,
        currpassword: password,
      },
      { onSuccess: ({ message }) => finish(message), onError: failed },
    );
  }

  /**
   * Cancel returns to the choice (spec 1 §4) showing what is saved: google was never switched on, so
   * it must not stay marked Selected beside the active e-mail method.
   */
  function cancelAuthenticator() {
    setPending(null);
    setSetup(null);
    setPassword('');
    setPasswordError(null);
    setView('choice');
  }

  function handleAuthenticatorCode(code: string) {
    if (!setup) return;
    save.mutate(
      {
        userId,
        two_factor_auth: true,
        two_factor_auth_type: 'google',
        secretKey: setup.secretKey,
        code,
        currpassword: password,
      },
      { onSuccess: ({ message }) => finish(message), onError: failed },
    );
  }

  return (
    <>
      <TwoFactorModal
        opened={opened && view === 'choice'}
        choice={choice}
        saving={save.isPending}
        password={{
          asked: changing,
          value: password,
          error: passwordError,
          onChange: (value) => {
            setPassword(value);
            setPasswordError(null);
          },
        }}
        onChoose={handleChoose}
        onConfirm={handleConfirm}
        onClose={onClose}
      />
      <AuthenticatorModal
        opened={opened && view === 'authenticator'}
        setup={setup}
        saving={save.isPending}
        onSubmit={handleAuthenticatorCode}
        onCancel={cancelAuthenticator}
      />
    </>
  );
}
