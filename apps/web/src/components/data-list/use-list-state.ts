import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUrlParams } from '../../app/routing/use-url-params';
import { INITIAL_LIST_STATE, type ListState, pageToClamp, readListState, writeListState } from './list-state';

export type ListStateUpdate<K extends string> = (
  change: Partial<ListState<K>>,
  options?: { replace?: boolean },
) => void;

/**
 * A screen's page, sort and search, kept in the URL query so a reload, a shared link or the back button
 * shows the same page. `replace` is for changes that should not add a history entry (typing).
 */
export function useUrlListState<K extends string>(sortKeys: readonly K[]) {
  const [params, setParams] = useUrlParams();
  const state = useMemo(() => readListState(params, sortKeys), [params, sortKeys]);
  const update = useCallback<ListStateUpdate<K>>(
    (change, options = {}) => {
      setParams((current) => writeListState(current, { ...readListState(current, sortKeys), ...change }), {
        replace: options.replace ?? false,
      });
    },
    [setParams, sortKeys],
  );
  return [state, update] as const;
}

/** The same state for a list inside a row or a modal, which has no URL of its own. */
export function useLocalListState<K extends string>() {
  const [state, setState] = useState<ListState<K>>(INITIAL_LIST_STATE);
  const update = useCallback<ListStateUpdate<K>>((change) => setState((s) => ({ ...s, ...change })), []);
  return [state, update] as const;
}

/** Moves to the last page when the current one is past the end of the answer. */
export function useClampPage<K extends string>(
  state: ListState<K>,
  lastPage: number | undefined,
  update: ListStateUpdate<K>,
) {
  useEffect(() => {
    const page = pageToClamp(state.page, lastPage);
    if (page !== null) update({ page }, { replace: true });
  }, [lastPage, state.page, update]);
}
