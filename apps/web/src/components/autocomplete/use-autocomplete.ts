import { useEffect, useRef, useState } from 'react';
import { createDebouncedSearch, type DebouncedSearch } from './debounced-search';

export interface AutocompleteState<T> {
  text: string;
  setText: (text: string) => void;
  /** The last answer for the current text; empty below 3 characters. */
  suggestions: T[];
  pending: boolean;
}

/**
 * Autocomplete helper (spec 1 §5): call `setText` from the field; `search` runs once the text has 3 or
 * more characters and 300 ms passed without typing. Pair it with e.g. `fetchAutocomplete` (api/autocomplete).
 */
export function useAutocomplete<T>(
  search: (text: string, signal: AbortSignal) => Promise<T[]>,
  options: { minChars?: number; delayMs?: number } = {},
): AutocompleteState<T> {
  const [text, setTextState] = useState('');
  const [suggestions, setSuggestions] = useState<T[]>([]);
  const [pending, setPending] = useState(false);
  const searchRef = useRef(search);
  searchRef.current = search;
  const coreRef = useRef<DebouncedSearch | null>(null);
  const { minChars, delayMs } = options;

  useEffect(() => {
    const core = createDebouncedSearch<T[]>({
      search: (value, signal) => searchRef.current(value, signal),
      onResult: (result) => setSuggestions(result ?? []),
      onPending: setPending,
      minChars,
      delayMs,
    });
    coreRef.current = core;
    return () => core.cancel();
  }, [minChars, delayMs]);

  const setText = (value: string) => {
    setTextState(value);
    coreRef.current?.input(value);
  };

  return { text, setText, suggestions, pending };
}
