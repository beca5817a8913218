import { describe, expect, it } from 'vitest';
import {
  type CompanyGroup,
  groupOptions,
  groupSegment,
  groupsOwnerCompany,
  initialGroupSelection,
  VIEW_ALL,
} from './company-group';

const groups: CompanyGroup[] = [
  { id: '7', name: 'Dental' },
  { id: '9', name: 'Home Services' },
];

describe('company group selector', () => {
  it("starts the list with 'View All' (empty id)", () => {
    expect(groupOptions(groups)).toEqual([{ id: '', name: 'View All' }, ...groups]);
    expect(groupOptions([])).toEqual([VIEW_ALL]);
    expect(groupOptions([...groups, { id: '7', name: 'dup' }, { id: '', name: 'x' }])).toHaveLength(3);
  });

  it.each([
    ['more than one group, none stored: the first real group', groups, null, '7'],
    ['a stored group still in the list', groups, '9', '9'],
    ["'View All' stored explicitly", groups, '', ''],
    ['a stored group that is gone counts as none', groups, '42', '7'],
    ['a single group, none stored: View All', [groups[0] as CompanyGroup], null, ''],
    ['no groups', [], null, ''],
  ])('%s', (_label, list, stored, expected) => {
    expect(initialGroupSelection(list, stored)).toBe(expected);
  });
});

describe('company group in the lists', () => {
  it("sends 'all' for View All and the id otherwise", () => {
    expect(groupSegment('')).toBe('all');
    expect(groupSegment('7')).toBe('7');
  });

  it("lists a client's agency's groups and everyone else's own", () => {
    expect(groupsOwnerCompany({ user_type: 'client', company_id: 70, company_parent: 50 })).toBe(50);
    expect(groupsOwnerCompany({ user_type: 'userdownline', company_id: 50, company_parent: 1 })).toBe(50);
  });
});
