import { DATE_INVALID, END_BEFORE_START } from '@app/contracts';
import { makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { formatChartCents, formatDollarText, formatPerLeadPrice } from './lead-money';
import { monthToDate, rangeError } from './lead-range';
import {
  addressText,
  HIDDEN_PHONE,
  leadFileName,
  leadName,
  phoneText,
  visiblePriceColumns,
} from './lead-rows';
import { reportCompanies, reportViewerOf } from './report-scope';

const prices = (wholesale: string | null, root_fee: string | null) => ({
  prices: { client_price: '0.50', wholesale, root_fee },
});

describe('lead report helpers', () => {
  it('shows the wholesale and root fee columns only when the server sent them', () => {
    expect(visiblePriceColumns([prices(null, null)])).toEqual({ wholesale: false, rootFee: false });
    expect(visiblePriceColumns([prices('0.30', null)])).toEqual({ wholesale: true, rootFee: false });
    expect(visiblePriceColumns([prices('0.30', '0.05'), prices('0.30', '0.05')])).toEqual({
      wholesale: true,
      rootFee: true,
    });
    expect(visiblePriceColumns([])).toEqual({ wholesale: false, rootFee: false });
  });

  it("reads a hidden phone as 'Hidden' and a missing one as a dash", () => {
    expect(phoneText({ phone: '', phone_hidden: true })).toBe(HIDDEN_PHONE);
    expect(phoneText({ phone: '5550101', phone_hidden: false })).toBe('5550101');
    expect(phoneText({ phone: '', phone_hidden: false })).toBe('—');
  });

  it('names a lead by its name, else its e-mail, else its id', () => {
    expect(leadName({ first_name: 'Ann', last_name: 'Lee', email: 'a@x.test', lead_id: 1 })).toBe('Ann Lee');
    expect(leadName({ first_name: '', last_name: '', email: 'a@x.test', lead_id: 1 })).toBe('a@x.test');
    expect(leadName({ first_name: '', last_name: '', email: '', lead_id: 9 })).toBe('Lead 9');
    expect(addressText({ street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' })).toBe(
      '1 Main St, Austin, TX 78701',
    );
  });

  it('shows dollar strings through the money helpers, with the decimals a per-lead price needs', () => {
    expect(formatDollarText('1234.5')).toBe('$1,234.50');
    expect(formatDollarText('0')).toBe('$0.00');
    expect(formatDollarText('0.125')).toBe('$0.125');
    expect(formatPerLeadPrice('0.5')).toBe('$0.50');
    expect(formatPerLeadPrice('0.125')).toBe('$0.125');
    expect(formatDollarText('n/a')).toBe('n/a');
    expect(formatChartCents(123456)).toBe('$1,234.56');
  });

  it('checks a range: real days, end not before start, open bounds allowed', () => {
    expect(rangeError({ start: '', end: '' })).toBeNull();
    expect(rangeError({ start: '2026-03-01', end: '' })).toBeNull();
    expect(rangeError({ start: '2026-02-30', end: '' })).toBe(DATE_INVALID);
    expect(rangeError({ start: '2026-03-02', end: '2026-03-01' })).toBe(END_BEFORE_START);
    expect(monthToDate(new Date(2026, 2, 17))).toEqual({ start: '2026-03-01', end: '2026-03-17' });
  });

  it('names the download by campaign, day and format', () => {
    expect(leadFileName('40010001', '2026-03-17', 'csv')).toBe('leads-40010001-2026-03-17.csv');
    expect(leadFileName(null, '2026-03-17', 'xlsx')).toBe('leads-all-2026-03-17.xlsx');
  });

  it('asks as the client itself, as the agency for the chosen client, or as the own company', () => {
    const client = reportViewerOf(makeUser({ user_type: 'client', company_id: 120, company_parent: 100 }));
    expect(reportCompanies(client, 0)).toEqual({ companyID: 120, clientID: 120 });
    const agency = reportViewerOf(USERS.administrator());
    expect(agency.kind).toBe('agency');
    expect(reportCompanies(agency, 0)).toEqual({ companyID: 100, clientID: 0 });
    expect(reportCompanies(agency, 120)).toEqual({ companyID: 100, clientID: 120 });
    const system = reportViewerOf(USERS.systemAdmin());
    expect(reportCompanies(system, 120)).toEqual({ companyID: 100, clientID: 0 });
  });
});
