import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type AgencyListState, readListState, writeListState } from './list-state';

/**
 * The agency list's page, sort and search, kept in the URL query so a reload, a shared link or the back
 * button shows the same page. `replace` is for changes that should not add a history entry (typing).
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);
  const update = useCallback(
    (change: Partial<AgencyListState>, options: { replace?: boolean } = {}) => {
      setParams((current) => writeListState(current, { ...readListState(current), ...change }), {
        replace: options.replace ?? false,
      });
    },
    [setParams],
  );
  return [state, update] as const;
}
