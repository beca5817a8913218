import type { SessionUser } from '@app/contracts';
import { actorOf, groupListCompany } from '@app/policy';
import { USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import {
  type CompanyGroup,
  groupOptions,
  groupSegment,
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

  it("lists a client's agency's groups, everyone else's own, and nothing for sales (the policy)", () => {
    const company = (user: SessionUser) => groupListCompany(actorOf(user, null));
    expect(company({ ...USERS.client(), company_id: 70, company_parent: 50 })).toBe(50);
    expect(company({ ...USERS.userdownline(), company_id: 50, company_parent: 1 })).toBe(50);
    expect(company({ ...USERS.salesRep(), systemuser: false })).toBeNull();
    expect(company(USERS.accountExecutive())).toBeNull();
  });
});
