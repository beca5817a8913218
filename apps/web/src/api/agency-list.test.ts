import { describe, expect, it } from 'vitest';
import { userListPath } from './agency-list';

describe('user list paths', () => {
  const base = { companyID: 7, idsys: 1, sort: null, search: '' } as const;

  it('lists a system’s agencies with no sort and no search', () => {
    expect(userListPath({ ...base, userType: 'userdownline' })).toBe(
      '/configuration/user/7/all/1/userdownline/all/none/none/-',
    );
  });

  it('puts the selected company group, sort and search into the path', () => {
    expect(
      userListPath({
        ...base,
        userType: 'client',
        group: '12',
        sort: { key: 'email', order: 'asc' },
        search: ' a/b ',
      }),
    ).toBe('/configuration/user/7/12/1/client/all/email/asc/a%2Fb');
    expect(userListPath({ ...base, userType: 'user', group: '' })).toBe(
      '/configuration/user/7/all/1/user/all/none/none/-',
    );
  });

  it("reads a sales user's agencies from the sales downline", () => {
    expect(
      userListPath({
        ...base,
        userType: 'userdownline',
        salesUserId: 30,
        sort: { key: 'created_at', order: 'desc' },
      }),
    ).toBe('/configuration/sales-downline/7/30/1/created_at/desc/-');
  });
});
