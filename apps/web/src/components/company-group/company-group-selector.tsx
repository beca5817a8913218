import { Select } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { sessionStore } from '../../app/session/session';
import { type CompanyGroup, groupOptions, initialGroupSelection } from './company-group';
import { selectCompanyGroup } from './selected-group';

interface CompanyGroupSelectorProps {
  /** The groups of the user's company (clients: their agency's), see `SidebarCompanyGroups`. */
  groups: readonly CompanyGroup[];
  /** Told about the initial selection and every change ('' = View All). */
  onChange?: (groupId: string) => void;
}

/** Mantine's Select wants non-empty option values; 'View All' (id '') is shown under this one. */
const VIEW_ALL_VALUE = '__view_all__';
const toValue = (id: string) => (id === '' ? VIEW_ALL_VALUE : id);
const fromValue = (value: string | null) => (value === null || value === VIEW_ALL_VALUE ? '' : value);

/** Sidebar company-group select (spec 2 §2): 'View All' first, the choice kept in `companyGroupSelected`. */
export function CompanyGroupSelector({ groups, onChange }: CompanyGroupSelectorProps) {
  const options = useMemo(() => groupOptions(groups), [groups]);
  const [selected, setSelected] = useState(() =>
    initialGroupSelection(groups, sessionStore.getCompanyGroup()),
  );
  // Held in a ref so an inline callback does not re-run the effect below on every render.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A new list (other module, other user) re-applies the rule; the choice is written back to storage.
  useEffect(() => {
    const next = initialGroupSelection(groups, sessionStore.getCompanyGroup());
    setSelected(next);
    selectCompanyGroup(next);
    onChangeRef.current?.(next);
  }, [groups]);

  return (
    <Select
      label="Company Group"
      size="xs"
      allowDeselect={false}
      data={options.map((group) => ({ value: toValue(group.id), label: group.name }))}
      value={toValue(selected)}
      onChange={(value) => {
        const next = fromValue(value);
        setSelected(next);
        selectCompanyGroup(next);
        onChange?.(next);
      }}
      data-testid="company-group-selector"
    />
  );
}
