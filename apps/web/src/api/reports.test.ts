import { describe, expect, it } from 'vitest';
import { agenciesReportPath } from './reports';

describe('agencies report path', () => {
  it("uses 'none' without sorting and '-' without search", () => {
    expect(agenciesReportPath({ sort: null, search: '  ' })).toBe(
      '/configuration/agencies-report/all/none/none/-',
    );
  });

  it('encodes the search text and names the sort', () => {
    expect(agenciesReportPath({ sort: { key: 'clients', order: 'desc' }, search: 'a/b c' })).toBe(
      '/configuration/agencies-report/all/clients/desc/a%2Fb%20c',
    );
  });
});
