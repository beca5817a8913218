import type { SessionUser } from '@app/contracts';
import { safeImageUrl } from '../branding/resolve-branding';

type LogoUser = Pick<
  SessionUser,
  'user_type' | 'company_logo' | 'companyparentlogo' | 'company_name' | 'companyparentname'
>;

/**
 * Spec 1 §2.5: the user's company logo; a client without one shows its parent (agency) company's logo;
 * otherwise null, and the caller shows the host's branding / placeholder.
 */
export function sidebarLogo(user: LogoUser | null): { url: string | null; name: string | null } {
  if (!user) return { url: null, name: null };
  const own = safeImageUrl(user.company_logo);
  if (own) return { url: own, name: user.company_name };
  if (user.user_type === 'client') {
    const parent = safeImageUrl(user.companyparentlogo);
    if (parent) return { url: parent, name: user.companyparentname ?? user.company_name };
  }
  return { url: null, name: user.company_name || null };
}
