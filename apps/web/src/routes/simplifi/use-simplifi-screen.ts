import type { SessionUser } from '@app/contracts';
import {
  isAccountConnected,
  isModuleAvailable,
  isSystemUser,
  menuMayOffer,
  moduleNaming,
  type PolicyContext,
} from '@app/policy';
import { useMemo } from 'react';
import { useUserList } from '../../api/agency-list';
import { useSessionPermissions } from '../../api/roles';
import { useSimplifiMinimums } from '../../api/simplifi';
import type { Option } from '../campaigns/wizard/campaign-step';
import type { SimplifiMinimumTexts } from './wizard/simplifi-form-model';

/** The ad builder and the audiences page (the campaign layout pages): legacy pages, never for clients. */
const BUILDER_PATH = '/banner/create';
const AUDIENCES_PATH = '/audience';

export interface SimplifiScreen {
  user: SessionUser;
  ctx: PolicyContext;
  /** The agency's name for the module ('Simplifi ID' unless renamed). */
  moduleName: string;
  /** Why the viewer has no Simplifi campaigns here; null when they may open the module. */
  unavailable: string | null;
  isClientUser: boolean;
  /** A client's campaigns need its agency's connected payment account (spec 1 §6). */
  connected: boolean;
  /** Agency staff: their clients with the module on (the wizard's choice); null for a client. */
  clients: Option[] | null;
  /** Every client of the agency (the list's filter and the advertised clients), loaded or not. */
  allClients: ReturnType<typeof useUserList>;
  minimums: SimplifiMinimumTexts | null;
  may: ReturnType<typeof useSessionPermissions>['may'];
  builderPath: string | null;
  audiencesPath: string | null;
}

export const SYSTEM_USER_TEXT =
  "Simplifi campaigns belong to agencies and their clients: open an agency's account in view mode to see its campaigns.";
export const unavailableText = (moduleName: string) =>
  `${moduleName} is not available to your account: it runs only on the master system, for agencies that have it enabled (and accepted as a beta tester while it is in beta).`;

/**
 * What every Simplifi screen (campaign management and the campaign layout pages) reads about the
 * viewer: the module's name, whether it is open to them (the policy's module rule, the same the
 * server applies: master system, enabled, beta standing), their clients with the module, the
 * system's budget minimums and the role's switches.
 */
export function useSimplifiScreen(user: SessionUser, ctx: PolicyContext): SimplifiScreen {
  const isClientUser = user.user_type === 'client';
  const moduleName = moduleNaming(user, 'simplifi').name;
  const unavailable = isSystemUser(user)
    ? SYSTEM_USER_TEXT
    : isModuleAvailable(user, ctx.setup, 'simplifi')
      ? null
      : unavailableText(moduleName);
  const { may } = useSessionPermissions();
  const allClients = useUserList(
    isClientUser || unavailable
      ? null
      : {
          companyID: user.company_id,
          idsys: user.idsys,
          userType: 'client',
          page: 1,
          perPage: 100,
          sort: { key: 'company_name', order: 'asc' },
          search: '',
        },
  );
  const clients = useMemo(
    () =>
      isClientUser
        ? null
        : (allClients.data?.data ?? [])
            .filter((c) => c.selected_modules.some((m) => m.type === 'simplifi' && m.status))
            .map((c) => ({ value: String(c.company_id), label: c.company_name })),
    [isClientUser, allClients.data],
  );
  const minimumsQuery = useSimplifiMinimums(unavailable ? 0 : user.idsys);
  const m = minimumsQuery.data?.data;
  const legacy = (path: string) => (!isClientUser && menuMayOffer(ctx, path) ? path : null);
  return {
    user,
    ctx,
    moduleName,
    unavailable,
    isClientUser,
    connected: !isClientUser || isAccountConnected(user, ctx.setup),
    clients,
    allClients,
    minimums: m ? { maxBid: m.maxBid.minimum, dailyBudget: m.dailyBudget.minimum } : null,
    may,
    builderPath: legacy(BUILDER_PATH),
    audiencesPath: legacy(AUDIENCES_PATH),
  };
}
