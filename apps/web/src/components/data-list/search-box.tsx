import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search field: what is typed shows at once, `onSearch` runs 300 ms after the last key. A
 * search changed elsewhere (back button, a link) replaces the text.
 */
export function SearchBox({
  value,
  onSearch,
  testId,
}: {
  value: string;
  onSearch: (text: string) => void;
  testId: string;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    setText(value);
  }, [value]);

  return (
    <TextInput
      aria-label="Search"
      placeholder="Search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      w={{ base: '100%', sm: 280 }}
      data-testid={testId}
    />
  );
}
