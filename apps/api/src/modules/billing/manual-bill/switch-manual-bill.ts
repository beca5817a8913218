import { and, companies, type Database, eq, isNull } from '@app/db';
import type { Clock } from '../../../lib/clock.js';
import type { PayerCampaigns } from '../../campaigns/index.js';
import type { MoveBySystem } from '../../leads/index.js';
import type { PeriodInvoicing } from '../invoices/invoice-periods.js';
import type { InvoiceRepository } from '../invoices/invoice-repository.js';

export interface ManualBillSwitched {
  agency: { id: number; name: string; systemId: number };
  manualBill: boolean;
  changed: boolean;
  /** Campaigns stopped by switching off, and the invoices written for them to date. */
  stopped: number;
  invoiced: number;
}

/**
 * The manual-bill switch (spec 2 §4, decision 0075), one use case behind `PUT /payment/set-billing-method`
 * and the agency list's switch. ON: the agency's card pays the platform's wholesale from now on and the
 * clients are billed outside the platform (`campaign-charges.ts` plans it; every charge and invoice
 * reads the flag when it is made) — so first each open schedule is invoiced to now while the flag is
 * still off (a `switch` invoice to the client: the leads it was paying for, decision 0082), and the
 * invoices after it bill only the leads from then on. OFF: every campaign of the agency stops, and each stopped campaign's
 * schedule is invoiced to date — the final invoice written while the flag is still on, so the agency's
 * card pays it at wholesale — before the flag turns off. Switching to the state it has changes nothing.
 */
export function createManualBillSwitch(deps: {
  db: Database;
  campaigns: Pick<PayerCampaigns, 'notStoppedOfAgency'>;
  moveBySystem: MoveBySystem;
  invoices: Pick<InvoiceRepository, 'schedulesOfCampaigns'>;
  invoicing: Pick<PeriodInvoicing, 'invoiceSchedule' | 'cutSchedule'>;
  clock: Clock;
}) {
  const { db } = deps;

  async function agencyOf(companyId: number) {
    const [row] = await db
      .select({
        id: companies.id,
        name: companies.name,
        systemId: companies.systemId,
        kind: companies.kind,
        manualBill: companies.manualBill,
      })
      .from(companies)
      .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
    return row ?? null;
  }

  return {
    agencyOf,

    /** null when the company is not an agency (the routes answer 400 or 404). */
    async switch(agencyId: number, on: boolean): Promise<ManualBillSwitched | null> {
      const agency = await agencyOf(agencyId);
      if (agency?.kind !== 'agency') return null;
      const done: ManualBillSwitched = {
        agency: { id: agency.id, name: agency.name, systemId: agency.systemId },
        manualBill: on,
        changed: agency.manualBill !== on,
        stopped: 0,
        invoiced: 0,
      };
      if (!done.changed) return done;
      if (on) {
        // Leads delivered so far were the client's to pay: invoiced to it before the flag turns on.
        const campaigns = await deps.campaigns.notStoppedOfAgency(agency.id);
        const open = (await deps.invoices.schedulesOfCampaigns(campaigns.map((c) => c.id))).filter(
          (s) => s.endedAt === null,
        );
        const at = deps.clock.now();
        for (const schedule of open) done.invoiced += (await deps.invoicing.cutSchedule(schedule, at)).length;
      }
      if (!on) {
        const running = await deps.campaigns.notStoppedOfAgency(agency.id);
        for (const c of running) if (await deps.moveBySystem(c.id, { type: 'stop' })) done.stopped += 1;
        // Read after the stops: each schedule now carries its end, so its final invoice is due.
        const schedules = await deps.invoices.schedulesOfCampaigns(running.map((c) => c.id));
        for (const schedule of schedules)
          done.invoiced += (await deps.invoicing.invoiceSchedule(schedule)).length;
      }
      const changed = await db
        .update(companies)
        .set({ manualBill: on })
        .where(and(eq(companies.id, agency.id), eq(companies.manualBill, !on)))
        .returning({ id: companies.id });
      done.changed = changed.length > 0;
      return done;
    },
  };
}

export type ManualBillSwitch = ReturnType<typeof createManualBillSwitch>;
