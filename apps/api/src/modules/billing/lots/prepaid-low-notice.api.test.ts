import { sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import { harborPaying, startedHarborCampaign } from '../../../../test/kits/harbor-billing.js';
import { PEOPLE, type Who } from '../../../../test/kits/users.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * The "two days left" e-mail (decision 0084): a running Prepaid campaign whose leads left last two days
 * or fewer at its rate of the last seven days warns its payer once per block — again only after a new
 * block is bought — saying whether continual top-up buys the next block or the campaign will pause.
 */

const HOUR = 3_600_000;
let rt: TestRuntime;
let clock: SettableClock;
let client: Who;
let owner: Who;
let harbor: number;
let nextLeadId = 7_000_001;

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
  ({ client, owner, harbor } = await harborPaying(rt));
});
afterAll(() => rt?.close());

const left = async (id: number) => (await rt.services.billing.prepaid.left([id])).get(id) ?? 0;
/** Spends prepaid leads as the lead claim does. */
const spend = (id: number, leads: number) =>
  rt.database.db.transaction(async (tx) => {
    await rt.services.billing.prepaid.lockLeft([id], tx);
    await rt.services.billing.prepaid.use([{ campaignId: id, leads, firstLeadId: nextLeadId++ }], tx);
  });

const mailsOf = async (id: number) =>
  (
    (await rt.database.db.execute(
      sql`select dedupe_key as key, to_address as "to", subject, text_body as text from email_messages
           where dedupe_key like ${`prepaid-low:${id}:%`} order by id`,
    )) as unknown as { rows: { key: string; to: string; subject: string; text: string }[] }
  ).rows;

/** A started Prepaid campaign of 20-lead blocks, with `recent` leads over the last few days. */
async function prepaidCampaign(topupoptions: 'continual' | 'onetime', recent: number) {
  const { id } = await startedHarborCampaign(
    rt,
    { client, owner, harbor },
    {
      PaymentTerm: 'Prepaid',
      PlatformFee: '99',
      CostMonth: '0',
      CostSet: '1.50',
      leadsbuy: 20,
      topupoptions,
    },
  );
  const [campaign] = (
    (await rt.database.db.execute(
      sql`select id, client_id as "clientId", agency_id as "agencyId", system_id as "systemId", module
            from campaigns where id = ${id}`,
    )) as unknown as {
      rows: { id: number; clientId: number; agencyId: number; systemId: number; module: string }[];
    }
  ).rows;
  for (let i = 0; i < recent; i++)
    await insertLead(rt.database.db, campaign!, {
      createdAt: new Date(clock.now().getTime() - (i + 1) * 10 * HOUR),
    });
  return id;
}

describe('the two days left e-mail', () => {
  it('warns once per block when the leads left last two days at the recent rate, and again after a new block', async () => {
    // 14 leads in the last 7 days: 2 a day.
    const id = await prepaidCampaign('continual', 14);
    await spend(id, 10);
    await rt.services.billing.prepaidLow.run();
    expect(await mailsOf(id)).toHaveLength(0); // 10 left: five days

    await spend(id, 5); // 5 left: two and a half days
    await rt.services.billing.prepaidLow.run();
    expect(await mailsOf(id)).toHaveLength(0);

    await spend(id, 1); // 4 left: two days
    await Promise.all([1, 2, 3].map(() => rt.services.billing.prepaidLow.run()));
    let mails = await mailsOf(id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ key: `prepaid-low:${id}:block-1`, to: PEOPLE.client.toLowerCase() });
    expect(mails[0]?.subject).toMatch(/^Two days left: /);
    expect(mails[0]?.text).toContain('has 4 prepaid leads left');
    expect(mails[0]?.text).toContain('14 leads in the last 7 days');
    expect(mails[0]?.text).toContain('last about 2 days');
    expect(mails[0]?.text).toContain(
      'Continual top-up is on: the next block of 20 leads ($30.00) is bought automatically',
    );

    // The next days: still the same block, no second mail.
    clock.advance(24 * HOUR);
    await rt.services.billing.prepaidLow.run();
    expect(await mailsOf(id)).toHaveLength(1);

    // The next block is bought, and runs low in its turn: one more mail, for block 2.
    await spend(id, 2);
    expect(await rt.services.billing.topUps.check(id)).toBe('paid');
    expect(await left(id)).toBe(22);
    await rt.services.billing.prepaidLow.run();
    expect(await mailsOf(id)).toHaveLength(1);
    await spend(id, 19);
    await Promise.all([rt.services.billing.prepaidLow.run(), rt.services.billing.prepaidLow.run()]);
    mails = await mailsOf(id);
    expect(mails.map((m) => m.key)).toEqual([`prepaid-low:${id}:block-1`, `prepaid-low:${id}:block-2`]);
  });

  it('says the campaign will pause when continual top-up is off, and says nothing without recent leads', async () => {
    const quiet = await prepaidCampaign('onetime', 0);
    await spend(quiet, 19);
    await rt.services.billing.prepaidLow.run();
    expect(await mailsOf(quiet)).toHaveLength(0);

    const once = await prepaidCampaign('onetime', 14);
    await spend(once, 17);
    await rt.services.billing.prepaidLow.run();
    const mails = await mailsOf(once);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('last about 1 day.');
    expect(mails[0]?.text).toContain('Continual top-up is off: when the leads run out the campaign pauses');
  });
});
