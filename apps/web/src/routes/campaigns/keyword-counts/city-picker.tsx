import { enhanceLocationResponseSchema } from '@app/contracts';
import { MultiSelect } from '@mantine/core';
import { useHttp } from '../../../app/boot/boot-context';
import { useAutocomplete } from '../../../components/autocomplete/use-autocomplete';

/**
 * Cities of the chosen states ('City, ST'), searched as one types (spec 2 §5: from 3 characters,
 * after 300 ms) through `/general/enhance/location`.
 */
export function CityPicker({
  states,
  value,
  onChange,
  disabled,
}: {
  states: string[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
}) {
  const http = useHttp();
  const search = useAutocomplete(async (text, signal) => {
    const answers = await Promise.all(
      states.slice(0, 10).map((state) =>
        http.request(
          {
            path: '/general/enhance/location',
            query: { type: 'city', param: state, search: text, limit: 10 },
            signal,
          },
          enhanceLocationResponseSchema,
        ),
      ),
    );
    return answers.flatMap((answer) => answer.data.map((c) => c.value));
  });
  // What is chosen stays listed whatever the search shows.
  const data = [...new Set([...value, ...search.suggestions])];
  return (
    <MultiSelect
      label="Cities"
      description={
        states.length === 0 ? 'Choose a state first.' : 'Type 3 letters of a city of the chosen states.'
      }
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search.text}
      onSearchChange={search.setText}
      nothingFoundMessage={
        search.pending ? 'Searching…' : search.text.length >= 3 ? 'No city found' : undefined
      }
      disabled={disabled || states.length === 0}
      data-testid="keyword-count-cities"
    />
  );
}
