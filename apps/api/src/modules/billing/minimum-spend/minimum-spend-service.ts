import type { AuditAction } from '@app/contracts';
import {
  type Cents,
  centsToDollars,
  MINIMUM_SPEND_PLAN_IN_USE,
  type MinimumSpendPlan,
  ZERO_CENTS,
} from '@app/contracts';
import { badRequest, notFound } from '../../../http-errors.js';
import { type AuditLog, settingsEvent } from '../../audit/index.js';
import type { CompanyReads, Principal } from '../../tenancy/index.js';
import type { MinimumSpendRepository, PlanRow, PlanValues } from './minimum-spend-repository.js';

const toPlan = (row: PlanRow): MinimumSpendPlan => ({
  idMinimumSpend: row.id,
  planName: row.name,
  months: row.months,
  flatMonth: centsToDollars(row.flatMonthCents),
  is_default: row.isDefault,
  agencies: row.agencies,
});

/**
 * Minimum-spend plans and the root minimum-spend setting (spec 2 §3 Pricing, §6 root-only calls).
 * The addendum exists only on the master system, so every call needs a system user (not sales)
 * of the master system; anyone else gets 404.
 */
export function createMinimumSpendService(deps: {
  repo: MinimumSpendRepository;
  company: CompanyReads['company'];
  audit: AuditLog;
}) {
  const { repo } = deps;

  /** Minimum-spend plans are the master system's (the route's action admits its staff only). */
  async function requireRoot(p: Principal) {
    if (!(await repo.isMasterSystem(p.systemId))) throw notFound();
  }

  async function plan(p: Principal, id: number) {
    const row = await repo.get(p.systemId, id);
    if (!row) throw notFound();
    return row;
  }

  const record = (p: Principal, action: AuditAction, description: string, ip: string) =>
    // Logged with the settings, where the platform's staff look for plan changes.
    deps.audit.record(settingsEvent(p, p.rootCompanyId, action, description, ip));

  const describe = (v: PlanValues) =>
    `${v.name}: ${v.months} months, $${centsToDollars(v.flatMonthCents)} a month`;

  return {
    async list(p: Principal, page: number, perPage: number) {
      await requireRoot(p);
      const { total, rows } = await repo.list(p.systemId, page, perPage);
      return {
        current_page: page,
        total,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        data: rows.map(toPlan),
      };
    },

    async create(p: Principal, values: PlanValues, ip: string) {
      await requireRoot(p);
      const id = await repo.create(p.systemId, values);
      await record(p, 'minimum_spend_plan_created', `Created the minimum spend plan ${describe(values)}`, ip);
      return {
        result: 'success' as const,
        message: 'Data has been added successfully',
        data: toPlan(await plan(p, id)),
      };
    },

    async update(p: Principal, id: number, values: PlanValues, ip: string) {
      await requireRoot(p);
      const before = await plan(p, id);
      await repo.update(p.systemId, id, values);
      await record(
        p,
        'minimum_spend_plan_updated',
        `Changed the minimum spend plan ${describe({ name: before.name, months: before.months, flatMonthCents: before.flatMonthCents })} to ${describe(values)}`,
        ip,
      );
      return {
        result: 'success' as const,
        message: 'Data has been updated successfully',
        data: toPlan(await plan(p, id)),
      };
    },

    async remove(p: Principal, id: number, ip: string) {
      await requireRoot(p);
      const row = await plan(p, id);
      if (row.agencies > 0) throw badRequest(MINIMUM_SPEND_PLAN_IN_USE);
      await repo.remove(p.systemId, id);
      await record(p, 'minimum_spend_plan_deleted', `Deleted the minimum spend plan ${row.name}`, ip);
      return { result: 'success' as const, message: 'Deleted!' };
    },

    async setDefault(p: Principal, id: number, ip: string) {
      await requireRoot(p);
      const row = await plan(p, id);
      await repo.setDefault(p.systemId, id);
      await record(p, 'minimum_spend_default_set', `Made ${row.name} the default minimum spend plan`, ip);
      return {
        result: 'success' as const,
        message: 'Data has been updated successfully',
        data: toPlan(await plan(p, id)),
      };
    },

    async setting(p: Principal) {
      await requireRoot(p);
      const row = await repo.setting(p.systemId);
      return {
        result: 'success' as const,
        data: {
          status: row?.enabled ?? false,
          first_month: centsToDollars(row?.firstMonthCents ?? ZERO_CENTS),
          second_month: centsToDollars(row?.secondMonthCents ?? ZERO_CENTS),
          monthly: centsToDollars(row?.monthlyCents ?? ZERO_CENTS),
        },
      };
    },

    async saveSetting(
      p: Principal,
      v: { status: boolean; first_month: Cents; second_month: Cents; monthly: Cents },
      ip: string,
    ) {
      await requireRoot(p);
      await repo.saveSetting(p.systemId, {
        enabled: v.status,
        firstMonthCents: v.first_month,
        secondMonthCents: v.second_month,
        monthlyCents: v.monthly,
      });
      await record(
        p,
        'minimum_spend_setting_updated',
        `Set the root minimum spend ${v.status ? 'on' : 'off'}: first month $${centsToDollars(v.first_month)}, second month $${centsToDollars(v.second_month)}, monthly $${centsToDollars(v.monthly)}`,
        ip,
      );
      return { result: 'success' as const, message: 'Setting has been saved.' };
    },

    /** The plan that applies to an agency: its own, else the system's default, else none (0). */
    async planOf(companyId: number) {
      const company = await deps.company(companyId);
      if (!company || company.deletedAt) throw notFound();
      if (company.kind !== 'agency') throw badRequest('Minimum spend plans apply to agencies.');
      const own = company.planMinSpendId
        ? await repo.get(company.systemId, company.planMinSpendId)
        : undefined;
      const row = own ?? (await repo.defaultPlan(company.systemId));
      return {
        result: 'success' as const,
        months: row?.months ?? 0,
        flatMonth: centsToDollars(row?.flatMonthCents ?? ZERO_CENTS),
        idMinimumSpend: row?.id ?? null,
        planName: row?.name ?? null,
      };
    },
  };
}

export type MinimumSpendService = ReturnType<typeof createMinimumSpendService>;
