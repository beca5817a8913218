import { useCallback } from 'react';
import { type NavigateOptions, type SetURLSearchParams, useSearchParams } from 'react-router';

/**
 * `useSearchParams` whose functional updates start from the address as the last navigation left it,
 * not from the params of the render that made the setter. React Router hands a setter the params it
 * rendered with, so a debounced search firing after a filter click but before its render wrote the old
 * filter back (seen in the browser suite on a slow machine: "With card" chosen, "Without card" shown).
 * The router writes the history entry before React renders it, so `window.location` is the latest.
 */
export function useUrlParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const set = useCallback<SetURLSearchParams>(
    (next, options?: NavigateOptions) =>
      setParams(
        typeof next === 'function' ? next(new URLSearchParams(window.location.search)) : next,
        options,
      ),
    [setParams],
  );
  return [params, set];
}
