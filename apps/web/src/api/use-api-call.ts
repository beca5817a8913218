import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiCallCallbacks<TResult> {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
  onSettled?: () => void;
}

type CallState<TResult> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: TResult }
  | { status: 'error'; error: unknown };

/**
 * A form's one-shot API call with the state its screen shows, shaped like TanStack Query's
 * `useMutation` (mutate, isPending, isError, error, data). Only the sign-in screen's calls use it: that
 * screen loads without TanStack Query (decision 0025), every other screen uses `useMutation`. As with
 * `useMutation`, only the latest call updates the state and runs its callbacks, and nothing runs once
 * the screen is gone.
 */
export function useApiCall<TBody, TResult>(call: (body: TBody) => Promise<TResult>) {
  const [state, setState] = useState<CallState<TResult>>({ status: 'idle' });
  const latest = useRef(0);
  const mounted = useRef(true);
  const callRef = useRef(call);
  callRef.current = call;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((body: TBody, callbacks: ApiCallCallbacks<TResult> = {}) => {
    const id = ++latest.current;
    const current = () => mounted.current && id === latest.current;
    setState({ status: 'pending' });
    callRef.current(body).then(
      (data) => {
        if (!current()) return;
        setState({ status: 'success', data });
        callbacks.onSuccess?.(data);
        callbacks.onSettled?.();
      },
      (error: unknown) => {
        if (!current()) return;
        setState({ status: 'error', error });
        callbacks.onError?.(error);
        callbacks.onSettled?.();
      },
    );
  }, []);

  return {
    mutate,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    data: state.status === 'success' ? state.data : undefined,
    error: state.status === 'error' ? state.error : null,
  };
}
