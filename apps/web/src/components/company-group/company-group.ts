/**
 * Company group selector (spec 2 §2, §3 "Company group"): the sidebar list starts with 'View All' (empty
 * id); the choice is kept in local storage under `companyGroupSelected` (spec 1 §3.2).
 */
export interface CompanyGroup {
  /** companyGroupID as text; '' is 'View All'. */
  id: string;
  /** group_name. */
  name: string;
}

export const VIEW_ALL: CompanyGroup = { id: '', name: 'View All' };

/** The list as shown: 'View All' first, then the groups (duplicates and 'empty' ids dropped). */
export function groupOptions(groups: readonly CompanyGroup[]): CompanyGroup[] {
  const seen = new Set<string>();
  const real = groups.filter((group) => {
    if (group.id === '' || seen.has(group.id)) return false;
    seen.add(group.id);
    return true;
  });
  return [VIEW_ALL, ...real];
}

/**
 * Which entry is selected: the stored one while it is still in the list ('' = 'View All' chosen);
 * otherwise, with more than one group, the first real group; otherwise 'View All'.
 */
export function initialGroupSelection(groups: readonly CompanyGroup[], stored: string | null): string {
  const options = groupOptions(groups);
  if (stored !== null && options.some((group) => group.id === stored)) return stored;
  const real = options.slice(1);
  return real.length > 1 && real[0] ? real[0].id : VIEW_ALL.id;
}

/** The list call's `{group}` segment: 'all' for View All, else the selected group's id. */
export function groupSegment(selected: string): string {
  return selected === '' ? 'all' : selected;
}
