import type { DomainInfo, SessionUser, SetupCheck } from '@app/contracts';
import { useDomainInfo } from '../../../api/domain-info';
import { useCurrentRoute } from '../../../app/routing/current-route';

export interface UserRoute {
  user: SessionUser;
  setup: SetupCheck | null;
  domain: DomainInfo;
  /** Breadcrumb name of the matched route (e.g. 'Add Questionnaire'). */
  routeName: string;
}

/**
 * The signed-in user the route guard allowed this screen for, with the setup check and the host's
 * domain info. Null only outside the guard (never for a /user screen).
 */
export function useUserRoute(): UserRoute | null {
  const current = useCurrentRoute();
  const domain = useDomainInfo();
  const user = current?.ctx.user;
  if (!current || !user) return null;
  return { user, setup: current.ctx.setup, domain, routeName: current.match.route.name };
}
