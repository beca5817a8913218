import {
  auditActionLabel,
  LOG_CAMPAIGN_OPTIONS,
  LOG_CATEGORY_LABELS,
  LOG_CSV_COLUMNS,
  LOG_DOWNLOAD_MAX_ROWS,
  LOG_FILTER_ALL,
  LOG_PER_PAGE,
  LOG_USER_TYPE_MEMBERS,
  type LogUserRequest,
  type LogUserType,
  logUserTypeSchema,
  pageOf,
  parseLogDateRange,
  type UserLogRow,
} from '@app/contracts';
import { can, isSystemStaff } from '@app/policy';
import { badRequest, notFound } from '../../http-errors.js';
import type { ExportColumn, ExportRow } from '../../lib/exports/index.js';
import type { TenantResource } from '../../plugins/access.js';
import type { IpLocator } from '../../providers/ip-location/ip-location.js';
import type { CampaignOption, CampaignScope } from '../campaigns/index.js';
import type { Principal } from '../tenancy/index.js';
import type { AuditLog } from './audit-log.js';
import type { UserLogQuery, UserLogRecord, UserLogRepository } from './user-log-repository.js';

export interface UserLogServiceDependencies {
  repo: UserLogRepository;
  audit: AuditLog;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  /** Where a row's IP is (offline table); '' for private, loopback and unknown addresses. */
  locate: IpLocator;
  /** The campaigns module's options of a scope (its public face: the campaigns are its rows). */
  campaignOptions: (scope: CampaignScope, limit: number) => Promise<CampaignOption[]>;
}

/** How many people the user filter offers at most (a root company's tree can be very large). */
export const PEOPLE_LIMIT = 1000;

const TYPE_LABELS: Record<string, string> = {
  root: 'Enterprise',
  userdownline: 'Enterprise',
  user: 'Enterprise',
  admin: 'Admin',
  administrator: 'Admin',
  client: 'Client',
  sales: 'Sales',
};

const isAll = (value: string | number | null | undefined) =>
  value === undefined ||
  value === null ||
  value === '' ||
  value === 0 ||
  String(value) === LOG_FILTER_ALL ||
  String(value).toLowerCase() === 'all';

const membersOf = (type: LogUserType) => (type === 'all' ? null : LOG_USER_TYPE_MEMBERS[type]);

/**
 * What a reader sees of a log row. An agency sees that its platform acted on its account, and what
 * and when, but not which of the platform's people did it or from where (decision 0017): the row
 * names the platform's support instead, without IP or location.
 */
async function rowReader(p: Principal, repo: Pick<UserLogRepository, 'systemName'>, locate: IpLocator) {
  const toRow = rowOf(locate);
  if (can(p, 'logs.read.platformStaff')) return toRow;
  const platform = `${(await repo.systemName(p.systemId)) || 'Platform'} support`;
  return (r: UserLogRecord): UserLogRow =>
    r.by_platform ? { ...toRow({ ...r, ip: '' }), name: platform, type_user: 'Platform' } : toRow(r);
}

/**
 * The location is where the row's IP address was (decision 0024), looked up when the row is read:
 * not the person's profile address, which says nothing about where an action came from.
 */
const rowOf =
  (locate: IpLocator) =>
  (r: UserLogRecord): UserLogRow => ({
    id: Number(r.id),
    name: r.name,
    type_user: r.user_type ? (TYPE_LABELS[r.user_type] ?? r.user_type) : '',
    location: locate(r.ip),
    user_ip: r.ip,
    action: auditActionLabel(r.action),
    action_id: r.action,
    category: r.category,
    description: r.description,
    company_name: r.company_name,
    create_date: new Date(r.created_at).toISOString(),
  });

/** ASCII letters, digits and hyphens, for a file name. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'company';

/**
 * Reading the user logs (spec 2 §3, §7, §9). System staff read any company of their system,
 * agency staff their agency and its clients; clients and sales get 404. Every id a caller sends
 * is checked against the caller's scope here (the wildcards 9999/all are not ids).
 */
export function createUserLogService({
  repo,
  audit,
  inScope,
  locate,
  campaignOptions,
}: UserLogServiceDependencies) {
  /** The caller's whole scope as one company tree: the system's root company, or their agency. */
  const scopeRoot = (p: Principal) => (isSystemStaff(p) ? p.rootCompanyId : p.companyId);
  /** The repository's tree: null stands for the root company's, which is the whole system. */
  const treeOf = (p: Principal, companyId: number) => (companyId === p.rootCompanyId ? null : companyId);

  /**
   * An id filter: the wildcard means all, any other value must name a row in the caller's scope.
   * 9999 is the spec's wildcard but also a possible id: when such a row is visible it wins.
   */
  async function idFilter(
    p: Principal,
    resource: 'company' | 'user',
    raw: string | number | null | undefined,
  ): Promise<number | null> {
    const text = raw === undefined || raw === null ? '' : String(raw);
    const id = /^\d{1,10}$/.test(text) ? Number(text) : null;
    if (id !== null && id > 0 && (await inScope(p, resource, id))) return id;
    if (isAll(raw)) return null;
    throw notFound();
  }

  function campaignFilter(raw: string | number | null | undefined): number | null {
    if (isAll(raw)) return null;
    const text = String(raw).trim();
    if (!/^\d{1,10}$/.test(text))
      throw badRequest('Unknown campaign.', { leadspeek_api_id: 'Unknown campaign.' });
    return Number(text);
  }

  function dateRange(text: string | null | undefined, field: string) {
    const parsed = parseLogDateRange(text);
    if (!parsed.ok) throw badRequest(parsed.message, { [field]: parsed.message });
    return parsed.range;
  }

  async function buildQuery(
    p: Principal,
    f: {
      company: string | number;
      userType: LogUserType;
      user: string | number | null | undefined;
      category: string | null | undefined;
      dateRange: string | null | undefined;
      campaign: string | number | null | undefined;
      dateField: string;
    },
  ): Promise<UserLogQuery> {
    const companyId = (await idFilter(p, 'company', f.company)) ?? scopeRoot(p);
    return {
      systemId: p.systemId,
      companyId: treeOf(p, companyId),
      userTypes: membersOf(f.userType),
      userId: await idFilter(p, 'user', f.user),
      category: isAll(f.category) ? null : String(f.category).trim(),
      campaignId: campaignFilter(f.campaign),
      range: dateRange(f.dateRange, f.dateField),
    };
  }

  return {
    async people(p: Principal, companyId: number, userType: LogUserType) {
      const company = (await idFilter(p, 'company', companyId)) ?? scopeRoot(p);
      return { data: await repo.people(p.systemId, treeOf(p, company), membersOf(userType), PEOPLE_LIMIT) };
    },

    /**
     * Campaign options of the log filter (decision 0094): the company's campaigns, the whole system's
     * for a root company. The company is checked against the caller's scope first (404 outside it).
     */
    async campaigns(p: Principal, companyId: number) {
      const company = (await idFilter(p, 'company', companyId)) ?? scopeRoot(p);
      const kind = await repo.companyKind(company);
      if (!kind) throw notFound();
      const scope: CampaignScope =
        kind === 'root'
          ? { kind: 'system', systemId: p.systemId }
          : kind === 'agency'
            ? { kind: 'agency', systemId: p.systemId, agencyId: company }
            : { kind: 'client', systemId: p.systemId, clientId: company };
      const options = await campaignOptions(scope, LOG_CAMPAIGN_OPTIONS);
      return {
        data: options.map((c) => ({
          leadspeek_api_id: c.public_id,
          campaign_name: c.name,
          company_name: c.client_name,
          id: c.id,
          module: c.module,
          status: c.status,
          archived: c.archived,
          removed: c.removed,
        })),
      };
    },

    async categories(p: Principal) {
      const found = await repo.categories(p.systemId, treeOf(p, scopeRoot(p)));
      return {
        data: found.map((category) => ({ category, label: LOG_CATEGORY_LABELS[category] ?? category })),
      };
    },

    async page(p: Principal, body: LogUserRequest) {
      const query = await buildQuery(p, {
        company: body.companyID,
        userType: body.user_type,
        user: body.user_id,
        category: body.action,
        dateRange: body.log_date_range,
        campaign: body.leadspeek_api_id,
        dateField: 'log_date_range',
      });
      const { total, rows } = await repo.page(query, body.page, LOG_PER_PAGE);
      return pageOf(body.page, LOG_PER_PAGE, total, rows.map(await rowReader(p, repo, locate)));
    },

    /** The filtered logs as CSV: a file name, the row count and the lines, produced batch by batch. */
    async download(
      p: Principal,
      segments: {
        company: string;
        userType: string;
        user: string;
        category: string;
        dateRange: string;
        campaign: string;
      },
      ip: string,
    ) {
      const userType = logUserTypeSchema.safeParse(segments.userType);
      if (!userType.success) throw badRequest('Unknown user type.', { userType: 'Unknown user type.' });
      const query = await buildQuery(p, {
        company: segments.company,
        userType: userType.data,
        user: segments.user,
        category: segments.category,
        dateRange: segments.dateRange,
        campaign: segments.campaign,
        dateField: 'dateRange',
      });
      const total = await repo.count(query);
      const companyName = await repo.companyName(query.companyId ?? p.rootCompanyId);
      const period = query.range
        ? `${query.range.start}-to-${query.range.end}`
        : new Date().toISOString().slice(0, 10);
      await audit.record({
        systemId: p.systemId,
        companyId: p.companyId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        action: 'logs_downloaded',
        category: 'user',
        description: `Downloaded ${Math.min(total, LOG_DOWNLOAD_MAX_ROWS)} log rows of ${companyName}`,
        ip,
      });
      const read = await rowReader(p, repo, locate);
      async function* rows(): AsyncGenerator<ExportRow> {
        for await (const record of repo.stream(query, LOG_DOWNLOAD_MAX_ROWS)) {
          const row = read(record);
          yield LOG_CSV_COLUMNS.map(([key]) => row[key]);
        }
      }
      return {
        baseName: `user-logs-${slug(companyName)}-${period}`,
        total,
        truncated: total > LOG_DOWNLOAD_MAX_ROWS,
        columns: LOG_CSV_COLUMNS.map(([, title]): ExportColumn => ({ title })),
        rows: rows(),
      };
    },
  };
}

export type UserLogService = ReturnType<typeof createUserLogService>;
