import { describe, expect, it } from 'vitest';
import { readCampaignFilters, writeCampaignFilters } from './campaign-filters';
import { chargeParts, chargeText, rowMoves, statusColor, testLeadNotice } from './campaign-format';

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
  };

  it('says what was charged to whom, labelled Sandbox', () => {
    expect(chargeText(charge)).toBe("Charged $148.00 to the client's card (Sandbox).");
    expect(chargeText({ ...charge, payer: 'agency', sandbox: false })).toBe(
      "Charged $148.00 to the agency's card.",
    );
    expect(chargeText(null)).toBeNull();
  });

  it('lists the parts, leads only for prepaid blocks', () => {
    expect(chargeParts(charge)).toBe('setup fee $99.00, platform fee $49.00');
    expect(chargeParts({ ...charge, leads: 100, leads_amount: '95.00' })).toBe(
      'setup fee $99.00, platform fee $49.00, 100 leads $95.00',
    );
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
