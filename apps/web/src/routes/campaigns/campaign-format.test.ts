import { describe, expect, it } from 'vitest';
import { readCampaignFilters, writeCampaignFilters } from './campaign-filters';
import {
  chargeParts,
  chargeText,
  refundDestinationsText,
  rowMoves,
  statusColor,
  testLeadNotice,
} from './campaign-format';

describe('row moves', () => {
  it('offers activate, archive and remove on a stopped campaign', () => {
    expect(rowMoves({ status: 'stopped', archived: 'F' })).toEqual({
      activate: true,
      pause: false,
      resume: false,
      stop: false,
      archive: true,
      unarchive: false,
      remove: true,
    });
  });

  it('offers pause and stop while running, resume and stop while paused (also on run)', () => {
    expect(rowMoves({ status: 'running', archived: 'F' })).toMatchObject({
      pause: true,
      stop: true,
      resume: false,
    });
    expect(rowMoves({ status: 'paused', archived: 'F' })).toMatchObject({
      resume: true,
      stop: true,
      pause: false,
    });
    expect(rowMoves({ status: 'paused_on_run', archived: 'F' })).toMatchObject({
      resume: true,
      archive: false,
    });
  });

  it('offers only unarchive and remove on an archived campaign', () => {
    expect(rowMoves({ status: 'stopped', archived: 'T' })).toEqual({
      activate: false,
      pause: false,
      resume: false,
      stop: false,
      archive: false,
      unarchive: true,
      remove: true,
    });
  });

  it('colours the badge by state', () => {
    expect(statusColor({ status: 'running', archived: 'F' })).toBe('green');
    expect(statusColor({ status: 'paused_on_run', archived: 'F' })).toBe('orange');
    expect(statusColor({ status: 'running', archived: 'T' })).toBe('gray');
  });
});

describe('activation charge', () => {
  const charge = {
    amount: '148.00',
    setup_fee: '99.00',
    period_fee: '49.00',
    leads: 0,
    leads_amount: '0.00',
    payer: 'client' as const,
    charge_id: 'ch_sandbox_1',
    sandbox: true,
    agency_amount: '0',
    agency_charge_id: null,
    wallet_amount: '0',
  };

  it('says what was charged to whom, each reader hearing of its own card as "your card"', () => {
    expect(chargeText(charge, 'agency')).toBe("Charged $148.00 to the client's card (Sandbox).");
    expect(chargeText(charge, 'client')).toBe('Charged $148.00 to your card (Sandbox).');
    const manual = { ...charge, payer: 'agency' as const, sandbox: false };
    expect(chargeText(manual, 'agency')).toBe('Charged $148.00 to your card.');
    expect(chargeText(manual, 'staff')).toBe("Charged $148.00 to the agency's card.");
    expect(chargeText(null, 'agency')).toBeNull();
  });

  it('never tells a client what its agency pays the platform', () => {
    const below = { ...charge, amount: '20.00', agency_amount: '48.00', agency_charge_id: 'ch_2' };
    expect(chargeText(below, 'client')).toBe('Charged $20.00 to your card (Sandbox).');
    expect(chargeText(below, 'agency')).toBe(
      "Charged $20.00 to the client's card and $48.00 to your card for the platform's part (Sandbox).",
    );
    const free = {
      ...charge,
      amount: '0',
      charge_id: null,
      agency_amount: '68.00',
      agency_charge_id: 'ch_3',
    };
    expect(chargeText(free, 'client')).toBeNull();
    expect(chargeText(free, 'agency')).toBe("Charged $68.00 to your card for the platform's part (Sandbox).");
    expect(chargeText({ ...charge, payer: 'agency' as const }, 'client')).toBeNull();
  });

  it("says what the agency's Data Wallet paid instead of a card, and never to the client", () => {
    const walletPart = { ...charge, amount: '20.00', wallet_amount: '48.00' };
    expect(chargeText(walletPart, 'agency')).toBe(
      "Charged $20.00 to the client's card (Sandbox). Paid $48.00 from your Data Wallet for the platform's part.",
    );
    expect(chargeText(walletPart, 'client')).toBe('Charged $20.00 to your card (Sandbox).');
    const manual = {
      ...charge,
      payer: 'agency' as const,
      amount: '0',
      charge_id: null,
      wallet_amount: '148.00',
    };
    expect(chargeText(manual, 'agency')).toBe('Paid $148.00 from your Data Wallet.');
    expect(chargeText(manual, 'staff')).toBe("Paid $148.00 from the agency's Data Wallet.");
    expect(chargeText(manual, 'client')).toBeNull();
    expect(chargeParts(manual)).toBe('setup fee $99.00, platform fee $49.00');
  });

  it('lists the parts, leads only for prepaid blocks', () => {
    expect(chargeParts(charge)).toBe('setup fee $99.00, platform fee $49.00');
    expect(chargeParts({ ...charge, leads: 100, leads_amount: '95.00' })).toBe(
      'setup fee $99.00, platform fee $49.00, 100 leads $95.00',
    );
    expect(chargeParts({ ...charge, amount: '0' })).toBe('');
  });
});

describe('list filters in the URL', () => {
  it('round-trips and leaves defaults out, back to page 1', () => {
    const written = writeCampaignFilters(new URLSearchParams('page=3&sort=status'), {
      view: 'archived',
      status: 'paused',
      client: '42',
    });
    expect(written.get('page')).toBeNull();
    expect(written.get('sort')).toBe('status');
    expect(readCampaignFilters(written)).toEqual({ view: 'archived', status: 'paused', client: '42' });
    expect(writeCampaignFilters(written, { view: 'current', status: 'all', client: '' }).toString()).toBe(
      'sort=status',
    );
  });

  it('ignores values it does not know', () => {
    expect(readCampaignFilters(new URLSearchParams('view=deleted&status=gone&client=x1'))).toEqual({
      view: 'current',
      status: 'all',
      client: '',
    });
  });
});

describe('test lead notice', () => {
  const answer = (lead_id: number | null, rejection: string | null) => ({
    message: 'text',
    data: { lead_id, rejection },
  });

  it('is green only for a stored lead; a refusal is red, a lead still on its way blue', () => {
    expect(testLeadNotice(answer(7, null)).color).toBe('green');
    expect(testLeadNotice(answer(null, 'The campaign is not running')).color).toBe('red');
    expect(testLeadNotice(answer(null, null)).color).toBe('blue');
    expect(testLeadNotice(answer(null, 'x')).message).toBe('text');
  });
});

describe('where a prepaid refund goes', () => {
  const none = { leads_left: 16, client_refund: '0', agency_card_refund: '0', agency_wallet_refund: '0' };
  it('names only the places that get money back, the Data Wallet among them', () => {
    expect(refundDestinationsText({ ...none, client_refund: '30.00' })).toBe(
      "16 leads: $30.00 back to the client's card.",
    );
    expect(refundDestinationsText({ ...none, client_refund: '8.00', agency_wallet_refund: '4.00' })).toBe(
      "16 leads: $8.00 back to the client's card and $4.00 back into the agency's Data Wallet.",
    );
    expect(refundDestinationsText({ ...none, agency_wallet_refund: '1234.50' })).toBe(
      "16 leads: $1,234.50 back into the agency's Data Wallet.",
    );
    expect(
      refundDestinationsText({
        ...none,
        client_refund: '8.00',
        agency_card_refund: '1.00',
        agency_wallet_refund: '4.00',
      }),
    ).toBe(
      "16 leads: $8.00 back to the client's card, $1.00 back to the agency's card and $4.00 back into the agency's Data Wallet.",
    );
    expect(refundDestinationsText(none)).toBe('16 leads: nothing was paid for them to give back.');
  });
});
