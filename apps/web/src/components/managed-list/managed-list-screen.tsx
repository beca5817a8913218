import { AGENCY_SORT_KEYS } from '@app/contracts';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { SearchBox } from '../data-list/search-box';
import { useUrlListState } from '../data-list/use-list-state';
import { ManagedUserList, type ManagedUserListProps } from './managed-user-list';

type ScreenListProps = Omit<ManagedUserListProps, 'state' | 'update' | 'adding' | 'onAddClose'>;

interface ManagedListScreenProps extends ScreenListProps {
  title: string;
  addLabel: string;
  /** Test ids: `{testIdPrefix}-search` and the add button's. */
  addButtonTestId: string;
  /** Shown beside the search (e.g. a sales executive's agency choice). */
  headerExtra?: ReactNode;
  /** Shown between the header and the list (notices). */
  children?: ReactNode;
}

/**
 * A list screen of people (Client Management, Administrator List, Sales Account List): title, search
 * and the add button over the shared list, with page, sort and search kept in the URL.
 */
export function ManagedListScreen({
  title,
  addLabel,
  addButtonTestId,
  headerExtra,
  children,
  ...list
}: ManagedListScreenProps) {
  const [state, update] = useUrlListState(AGENCY_SORT_KEYS);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{title}</Title>
        <Group gap="sm" align="flex-end">
          {headerExtra}
          <SearchBox
            value={state.search}
            onSearch={(search) => update({ search, page: 1 }, { replace: true })}
            testId={`${list.testIdPrefix}-search`}
          />
          {list.permissions.create && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding((open) => !open)}
              data-testid={addButtonTestId}
            >
              {addLabel}
            </Button>
          )}
        </Group>
      </Group>
      {children}
      <ManagedUserList
        {...list}
        state={state}
        update={update}
        adding={adding}
        onAddClose={() => setAdding(false)}
      />
    </Stack>
  );
}
