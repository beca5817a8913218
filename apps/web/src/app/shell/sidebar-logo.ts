import type { SessionUser } from '@app/contracts';
import { safeImageUrl } from '../branding/resolve-branding';

type LogoUser = Pick<
  SessionUser,
  | 'user_type'
  | 'company_logo'
  | 'companyparentlogo'
  | 'company_name'
  | 'companyparentname'
  | 'company_display_name'
  | 'companyparent_display_name'
>;

/**
 * Spec 1 §2.5: the user's company logo; a client without one shows its parent (agency) company's logo;
 * otherwise null, and the caller shows the host's branding / placeholder. The name beside it is the
 * branding's Company Display Name of the company whose logo shows ('Shown in the sidebar'), else that
 * company's name.
 */
export function sidebarLogo(user: LogoUser | null): { url: string | null; name: string | null } {
  if (!user) return { url: null, name: null };
  const ownName = user.company_display_name.trim() || user.company_name;
  const own = safeImageUrl(user.company_logo);
  if (own) return { url: own, name: ownName };
  if (user.user_type === 'client') {
    const parent = safeImageUrl(user.companyparentlogo);
    const parentName = user.companyparent_display_name.trim() || user.companyparentname;
    if (parent) return { url: parent, name: parentName ?? ownName };
  }
  return { url: null, name: ownName || null };
}
