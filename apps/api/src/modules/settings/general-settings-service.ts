import type { AuditAction } from '@app/contracts';
import {
  type AnySettingName,
  type Cents,
  centsToDollars,
  DEFAULT_MODULE_NAMES,
  type Micros,
  microsToDollars,
  offeredModules,
  PAYMENT_TERM_DEFAULT_NOT_OFFERED,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  type PaymentTerm,
  SETTING_VALUE_REQUIRED,
  SETTINGS_SAVED,
  toTF,
  type updateAnySettingRequestSchema,
} from '@app/contracts';
import { can } from '@app/policy';
import { findUnchargeableCost } from '@app/pricing';
import type { z } from 'zod';
import { badRequest, forbidden } from '../../http-errors.js';
import { type AuditLog, changeDescription, fieldChanges, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import { brandingLookOf, inheritedColours } from '../tenancy/index.js';
import { describeCampaignMinimums } from './campaign-minimums.js';
import { floorViolationOf, priceFields, rowsFromInput, toAgencyCost } from './cost-settings.js';
import { applyNaming, currentNaming } from './module-names.js';
import { loadCompany, requireKind } from './settings-access.js';
import type { CompanyRow, SettingsRepository } from './settings-repository.js';

type UpdateSetting = z.output<typeof updateAnySettingRequestSchema>;

export const COSTS_BY_PLATFORM_ONLY = "Only the platform's staff can set an agency's costs.";
export const MODULE_NAMES_AGENCY_ONLY = 'Module names and URLs are set per agency.';
export const SIMPLIFI_MINIMUMS_ROOT_ONLY = 'Simplifi minimums are set by the system on its root company.';

export interface GeneralSettingsDeps {
  repo: SettingsRepository;
  audit: AuditLog;
  /** Called when branding or module names change, so hosts show them at once. */
  invalidateDomains: () => void;
  sealSecret: (plain: string) => Promise<string>;
  /** Refuses an SMTP host that resolves to a non-public address (throws a 400). */
  checkSmtpHost: (host: string, companyId: number) => Promise<void>;
  filesBaseUrl: string;
}

/**
 * General settings of spec 2 §7: `GET /configuration/setting/{companyID}/{settingname}` and
 * `PUT /configuration/setting`, one strict value per setting name, stored in typed tables.
 */
/** How stored branding and SMTP fields read in the user log. */
const BRANDING_LABELS: Record<string, string> = {
  displayName: 'name',
  sidebarBgcolor: 'sidebar colour',
  templateBgcolor: 'background colour',
  boxBgcolor: 'box colour',
  textColor: 'text colour',
  linkColor: 'link colour',
  fontTheme: 'font',
};
const SMTP_LABELS: Record<string, string> = {
  fromAddress: 'from address',
  fromName: 'from name',
  replyTo: 'reply-to',
  secure: 'TLS',
};

export function createGeneralSettingsService(deps: GeneralSettingsDeps) {
  const { repo } = deps;
  const fileUrl = (id: string | null | undefined) => (id ? `${deps.filesBaseUrl}/${id}` : null);

  /** The company whose values an agency falls back to: its parent (the root company). */
  const parentOf = async (company: CompanyRow) =>
    company.kind === 'agency' && company.parentId ? repo.company(company.parentId) : undefined;

  async function systemModulesOf(company: CompanyRow) {
    const system = await repo.system(company.systemId);
    return offeredModules({ masterSystem: Boolean(system?.isMaster) });
  }

  async function effectiveBranding(company: CompanyRow) {
    const own = await repo.branding(company.id);
    const inherited =
      own ??
      (company.parentId ? await repo.branding(company.parentId) : undefined) ??
      (await repo.branding(company.rootId));
    return { own, branding: inherited };
  }

  async function termLists(company: CompanyRow) {
    const option = (value: PaymentTerm) => ({ value, label: PAYMENT_TERM_LABELS[value] });
    const own =
      company.kind === 'root' ? PAYMENT_TERMS : (await repo.paymentTerms(company.id)).map((t) => t.term);
    const parent =
      company.kind === 'agency' && company.parentId ? await repo.company(company.parentId) : undefined;
    // The root company offers every term; an agency may offer what its parent offers.
    const parentTerms =
      !parent || parent.kind === 'root'
        ? PAYMENT_TERMS
        : (await repo.paymentTerms(parent.id)).map((t) => t.term);
    return {
      rootpaymentterm: PAYMENT_TERMS.filter((t) => parentTerms.includes(t)).map(option),
      paymentterm: PAYMENT_TERMS.filter((t) => own.includes(t)).map(option),
    };
  }

  const readers: Record<AnySettingName, (company: CompanyRow) => Promise<object>> = {
    async costagency(company) {
      requireKind(company, ['root', 'agency']);
      const parent = await parentOf(company);
      const parentRows = parent ? await repo.prices(parent.id) : [];
      return {
        result: 'success',
        data: toAgencyCost(await repo.prices(company.id), parentRows),
        rootcostagency: toAgencyCost(parentRows),
        dpay: toTF(company.manualBill),
      };
    },
    async branding(company) {
      requireKind(company, ['root', 'agency']);
      const { own, branding } = await effectiveBranding(company);
      return {
        result: 'success',
        data: {
          company_name: own?.displayName ?? company.name,
          customized: own !== undefined,
          logo_url: fileUrl(branding?.logoFileId),
          favicon_url: fileUrl(branding?.faviconFileId),
          ...brandingLookOf(branding),
        },
      };
    },
    async modulenames(company) {
      requireKind(company, ['agency'], MODULE_NAMES_AGENCY_ONLY);
      const naming = currentNaming(await repo.modules(company.id), await systemModulesOf(company));
      return {
        result: 'success',
        data: naming.map((n) => ({
          type: n.module,
          name: n.name,
          url: n.slug,
          default_name: DEFAULT_MODULE_NAMES[n.module].name,
          default_url: DEFAULT_MODULE_NAMES[n.module].slug,
        })),
      };
    },
    async paymenttermDefault(company) {
      requireKind(company, ['root', 'agency']);
      return {
        result: 'success',
        data: { paymenttermDefault: company.defaultPaymentTerm, ...(await termLists(company)) },
      };
    },
    async customsmtpmenu(company) {
      requireKind(company, ['root', 'agency']);
      const row = await repo.smtp(company.id);
      return {
        result: 'success',
        data: row
          ? {
              host: row.host,
              port: row.port,
              secure: row.secure,
              username: row.username,
              has_password: Boolean(row.passwordEncrypted),
              fromAddress: row.fromAddress,
              fromName: row.fromName,
              replyTo: row.replyTo,
              enabled: row.enabled,
            }
          : null,
      };
    },
    async simplifiminimums(company) {
      requireKind(company, ['root'], SIMPLIFI_MINIMUMS_ROOT_ONLY);
      return {
        result: 'success',
        data: describeCampaignMinimums(await repo.campaignMinimums(company.systemId)),
      };
    },
  };

  async function save(p: Principal, company: CompanyRow, input: UpdateSetting, ip: string): Promise<string> {
    const event = (action: AuditAction, description: string) =>
      deps.audit.record(settingsEvent(p, company.id, action, description, ip));
    switch (input.comsetname) {
      case 'costagency': {
        requireKind(company, ['root', 'agency']);
        if (!can(p, 'settings.platformPrices')) throw forbidden(COSTS_BY_PLATFORM_ONLY);
        const rows = rowsFromInput(input.comsetval);
        if (rows.length === 0) throw badRequest('Send the cost of at least one module and payment term.');
        const parent = await parentOf(company);
        const violation = parent ? floorViolationOf(rows, await repo.prices(parent.id)) : null;
        if (violation) throw badRequest(violation.message, { [violation.field]: violation.message });
        // Fees no card charge could carry are refused now, not found out as a "decline" later.
        const unchargeable = findUnchargeableCost(rows);
        if (unchargeable) {
          const field = `comsetval.${unchargeable.module}.${unchargeable.term}.PlatformFee`;
          throw badRequest(unchargeable.message, { [field]: unchargeable.message });
        }
        const before = priceFields(await repo.prices(company.id));
        await repo.savePrices(company.id, rows);
        await event(
          'cost_settings_updated',
          changeDescription(`Set the costs of ${company.name}`, fieldChanges(before, priceFields(rows))),
        );
        return SETTINGS_SAVED;
      }
      case 'branding': {
        requireKind(company, ['root', 'agency']);
        if (input.actionType === 'reset') {
          await resetBranding(company);
          await event('branding_reset', `Reset the branding of ${company.name}`);
        } else {
          if (!input.comsetval) throw badRequest(SETTING_VALUE_REQUIRED);
          const v = input.comsetval;
          const values = {
            displayName: v.company_name || null,
            sidebarBgcolor: v.sidebar_bgcolor,
            templateBgcolor: v.template_bgcolor,
            boxBgcolor: v.box_bgcolor,
            textColor: v.text_color,
            linkColor: v.link_color,
            fontTheme: v.font_theme,
          };
          const before = (await repo.branding(company.id)) ?? {};
          await repo.saveBranding(company.id, values);
          await event(
            'branding_updated',
            changeDescription(
              `Updated the branding of ${company.name}`,
              fieldChanges(before, values, { labels: BRANDING_LABELS }),
            ),
          );
        }
        deps.invalidateDomains();
        return SETTINGS_SAVED;
      }
      case 'modulenames': {
        requireKind(company, ['agency'], MODULE_NAMES_AGENCY_ONLY);
        if (input.actionType === 'reset') {
          await repo.clearModuleNaming(company.id);
          await event('module_names_reset', `Restored the default module names of ${company.name}`);
        } else {
          if (!input.comsetval) throw badRequest(SETTING_VALUE_REQUIRED);
          const current = currentNaming(await repo.modules(company.id), await systemModulesOf(company));
          const unknown = Object.keys(input.comsetval).find((m) => !current.some((c) => c.module === m));
          if (unknown) throw badRequest(`The ${unknown} module is not available on this platform.`);
          const applied = applyNaming(current, input.comsetval);
          if (!applied.ok)
            throw badRequest(Object.values(applied.fields)[0] ?? 'Invalid module URL.', applied.fields);
          for (const n of applied.changed) await repo.saveModuleNaming(company.id, n.module, n.name, n.slug);
          await event(
            'module_names_updated',
            `Renamed modules of ${company.name}: ${applied.changed.map((n) => `${n.module} → ${n.name} (/${n.slug})`).join(', ')}`,
          );
        }
        deps.invalidateDomains();
        return SETTINGS_SAVED;
      }
      case 'paymenttermDefault': {
        requireKind(company, ['root', 'agency']);
        const term = input.comsetval;
        if (term && !(await termLists(company)).paymentterm.some((t) => t.value === term))
          throw badRequest(PAYMENT_TERM_DEFAULT_NOT_OFFERED, { comsetval: PAYMENT_TERM_DEFAULT_NOT_OFFERED });
        await repo.setDefaultPaymentTerm(company.id, term);
        await event(
          'default_payment_term_updated',
          `Set the default payment term of ${company.name} to ${term ? PAYMENT_TERM_LABELS[term] : 'none'}`,
        );
        return SETTINGS_SAVED;
      }
      case 'customsmtpmenu': {
        requireKind(company, ['root', 'agency']);
        if (input.actionType === 'reset') {
          await repo.deleteSmtp(company.id);
          await event('smtp_removed', `Removed the custom SMTP server of ${company.name}`);
          return SETTINGS_SAVED;
        }
        const v = input.comsetval;
        if (!v) throw badRequest(SETTING_VALUE_REQUIRED);
        await deps.checkSmtpHost(v.host, company.id);
        const existing = await repo.smtp(company.id);
        const passwordEncrypted =
          v.password === undefined
            ? (existing?.passwordEncrypted ?? null)
            : v.password === ''
              ? null
              : await deps.sealSecret(v.password);
        const values = {
          host: v.host,
          port: v.port,
          secure: v.secure,
          username: v.username,
          passwordEncrypted,
          fromAddress: v.fromAddress,
          fromName: v.fromName,
          replyTo: v.replyTo,
          enabled: v.enabled,
        };
        await repo.saveSmtp(company.id, values);
        // The sealed password differs at every sealing: "changed" is what was sent, not the bytes.
        const password = v.password === undefined ? undefined : v.password === '' ? '' : 'new';
        await event(
          'smtp_updated',
          changeDescription(
            `Set the custom SMTP server of ${company.name}`,
            fieldChanges(
              { ...existing, password: existing?.passwordEncrypted ? 'stored' : '' },
              { ...values, passwordEncrypted: undefined, password },
              { labels: SMTP_LABELS },
            ),
          ),
        );
        return SETTINGS_SAVED;
      }
      case 'simplifiminimums': {
        requireKind(company, ['root'], SIMPLIFI_MINIMUMS_ROOT_ONLY);
        if (!can(p, 'settings.platformPrices')) throw forbidden(SIMPLIFI_MINIMUMS_ROOT_ONLY);
        // Stored per system: every campaign form of the system reads them (minvaluesimplifi, minleaddayenhance).
        const v = input.comsetval;
        const before = await repo.campaignMinimums(company.systemId);
        await repo.saveCampaignMinimums(company.systemId, {
          simplifiMaxBidMicros: v.maxBid,
          simplifiDailyBudgetCents: v.dailyBudget,
          enhanceMinLeadsPerDay: v.enhanceMinLeadsPerDay,
        });
        const shown = (m: { maxBid?: Micros; dailyBudget?: Cents; enhanceMinLeadsPerDay?: number }) => ({
          'max bid': m.maxBid === undefined ? undefined : `$${microsToDollars(m.maxBid)}`,
          'daily budget': m.dailyBudget === undefined ? undefined : `$${centsToDollars(m.dailyBudget)}`,
          'enhance minimum leads per day': m.enhanceMinLeadsPerDay,
        });
        await event(
          'simplifi_minimums_updated',
          changeDescription(
            'Set the Simplifi minimums',
            fieldChanges(
              shown({
                maxBid: before?.simplifiMaxBidMicros,
                dailyBudget: before?.simplifiDailyBudgetCents,
                enhanceMinLeadsPerDay: before?.enhanceMinLeadsPerDay ?? undefined,
              }),
              shown(v),
            ),
          ),
        );
        return SETTINGS_SAVED;
      }
    }
  }

  /** Back to the inherited look; an uploaded logo or favicon is kept (with the inherited colours). */
  async function resetBranding(company: CompanyRow) {
    const own = await repo.branding(company.id);
    if (!own) return;
    if (!own.logoFileId && !own.faviconFileId) {
      await repo.deleteBranding(company.id);
      return;
    }
    await repo.saveBranding(company.id, inheritedColours(await repo.inheritedBranding(company)));
  }

  return {
    async read(companyId: number, name: AnySettingName) {
      return readers[name](await loadCompany(repo.company, companyId));
    },
    async update(p: Principal, input: UpdateSetting, ip: string) {
      // companyID and idSys were checked against the caller's scope by the access rule.
      const company = await loadCompany(repo.company, input.companyID);
      return { result: 'success' as const, message: await save(p, company, input, ip) };
    },
    effectiveBranding,
  };
}

export type GeneralSettingsService = ReturnType<typeof createGeneralSettingsService>;
