import { useState } from 'react';
import { localTimeZone } from '../../../api/http';
import { type SetupCompleteRequest, useSetupCompleteMutation } from '../../../api/profile';
import { type FreshSession, useRefreshSession } from '../shared/refresh-session';
import { type AnswerErrors, type Answers, answersPayload, emptyAnswers, validateAnswers } from './questions';

export interface Questionnaire {
  answers: Answers;
  errors: AnswerErrors;
  setAnswer: (questionId: string, value: string) => void;
  /** Checks the answers only (the wizard's before-change check of its last step). */
  check: () => boolean;
}

/** Answers and their checks, shared by the questionnaire screens and the wizard's finish step. */
export function useQuestionnaire(): Questionnaire {
  const [answers, setAnswers] = useState<Answers>(emptyAnswers);
  const [errors, setErrors] = useState<AnswerErrors>({});
  return {
    answers,
    errors,
    setAnswer: (questionId, value) => {
      setAnswers((current) => ({ ...current, [questionId]: value }));
      setErrors(({ [questionId]: _cleared, ...rest }) => rest);
    },
    check: () => {
      const found = validateAnswers(answers);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
  };
}

export interface SetupCompletion {
  /** `PUT /leadspeek/user/setupcomplete`, then the user and setup check are refetched. */
  complete: (
    userId: number,
    answers?: Answers,
    /** A client's campaign setup and time zone (decision 0094). */
    extra?: Partial<SetupCompleteRequest>,
  ) => Promise<{ message: string; session: FreshSession }>;
  pending: boolean;
}

/** Marks setup complete (with questionnaire answers when given) and reloads the session. */
export function useSetupCompletion(): SetupCompletion {
  const mutation = useSetupCompleteMutation();
  const refreshSession = useRefreshSession();
  const [pending, setPending] = useState(false);
  return {
    pending,
    complete: async (userId, answers, extra) => {
      setPending(true);
      try {
        const body: SetupCompleteRequest = {
          usrID: userId,
          statuscomplete: 'T',
          timezone: localTimeZone(),
          ...extra,
        };
        if (answers) body.answers = answersPayload(answers);
        const { message } = await mutation.mutateAsync(body);
        const session = await refreshSession();
        return { message, session };
      } finally {
        setPending(false);
      }
    },
  };
}
