import { DEMO, sql } from '@app/db';
import { expect } from 'vitest';
import type { TestRuntime } from '../harness.js';
import { sandboxOf } from '../payments.js';
import { saveCard } from './cards.js';
import { companyByName, PEOPLE, post, put, type Who, who } from './users.js';

/*
 * Billing tests' common ground: Harbor Dental paying by a sandbox Visa, its campaigns created by the
 * client and priced by Northwind's owner through the routes, and the sandbox's charges by key.
 */

export interface HarborPayers {
  client: Who;
  owner: Who;
  harbor: number;
}

/** Harbor Dental's contact and Northwind's owner, with a Visa saved for Harbor. */
export async function harborPaying(rt: TestRuntime): Promise<HarborPayers> {
  const client = await who(rt, PEOPLE.client);
  const owner = await who(rt, PEOPLE.northwind);
  const harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  const token = await sandboxOf(rt).createCardToken({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    holderName: 'Harbor Dental',
  });
  await saveCard(rt, client, token);
  return { client, owner, harbor };
}

/** A local campaign of Harbor created by its contact and priced by the agency (not started). */
export async function harborCampaign(
  rt: TestRuntime,
  { client, owner, harbor }: HarborPayers,
  prices: Record<string, unknown>,
) {
  const made = await post(
    rt,
    '/leadspeek/client/create',
    {
      leadspeekType: 'local',
      clientID: harbor,
      campaignName: `Billing ${Math.random().toString(36).slice(2, 8)}`,
      urlCode: 'https://harbordental.example/',
    },
    client.token,
  );
  expect(made.statusCode, made.body).toBe(200);
  const id = made.json().data.leadspeekID as number;
  const priced = await put(
    rt,
    '/configuration/user/costmodule',
    { leadspeekID: id, LimitLead: 0, LimitLeadFreq: 'day', ...prices },
    owner.token,
  );
  expect(priced.statusCode, priced.body).toBe(200);
  return { id, publicId: made.json().data.leadspeek_api_id as string };
}

/** The sandbox's charges made with this idempotency key. */
export const sandboxChargesWithKey = async (rt: TestRuntime, key: string) =>
  (
    (await rt.database.db.execute(
      sql`select amount::int as amount, application_fee::int as fee from sandbox_charges where idempotency_key = ${key}`,
    )) as unknown as { rows: { amount: number; fee: number | null }[] }
  ).rows;

/** Moves a campaign (start, pause, stop) through the campaign list's call, as `by`. */
export const moveCampaign = (
  rt: TestRuntime,
  by: Who,
  id: number,
  status: 'running' | 'paused' | 'stopped',
) => put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status }, by.token);

/** A campaign of Harbor priced by the agency and started by it (its activation charged), with that answer. */
export async function startedHarborCampaign(
  rt: TestRuntime,
  payers: HarborPayers,
  prices: Record<string, unknown>,
) {
  const made = await harborCampaign(rt, payers, prices);
  const started = await moveCampaign(rt, payers.owner, made.id, 'running');
  expect(started.statusCode, started.body).toBe(200);
  return { ...made, started };
}
