import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };
type ScreenLoader = () => Promise<ScreenModule>;

/**
 * The screen of every policy route, by route id (module pages by `module.<page>`). A new route of the
 * policy gets its screen here and nowhere else; route-plan.test.ts fails while one has none (there is
 * no stand-in screen any more, decision 0115).
 */
const documentPage: ScreenLoader = () => import('../../routes/public/document/document-page');
const profileSetupPage: ScreenLoader = () => import('../../routes/user/profile-setup/profile-setup-page');
const campaignManagementPage: ScreenLoader = () => import('../../routes/campaigns/campaign-management-page');
const questionnairePage: ScreenLoader = () => import('../../routes/user/questionnaire/questionnaire-page');

export const SCREENS: Record<string, ScreenLoader> = {
  login: () => import('../../routes/visitor/login/login-page'),
  sso: () => import('../../routes/visitor/sso/sso-page'),
  register: () => import('../../routes/visitor/register/register-page'),
  'agency-register': () => import('../../routes/visitor/agency-register/agency-register-page'),
  'set-new-password': () => import('../../routes/visitor/set-new-password/set-new-password-page'),
  'confirm-registration': () => import('../../routes/visitor/confirm-registration/confirm-registration-page'),
  'reset-password-invalid': () =>
    import('../../routes/visitor/reset-password-invalid/reset-password-invalid-page'),
  'privacy-policy': documentPage,
  'term-of-use': documentPage,
  'service-billing-agreement': documentPage,
  'marketing-services-agreement-developer': documentPage,
  'confirm-email': () => import('../../routes/public/confirm-email/confirm-email-page'),
  'user.profile': () => import('../../routes/user/profile/profile-page'),
  'user.profile-setup': profileSetupPage,
  // The policy sends profile-setup-v1 to Profile Setup unless the user may have it; then it is the same.
  'user.profile-setup-v1': profileSetupPage,
  'user.card-setting': () => import('../../routes/user/card-setting/card-setting-page'),
  'user.billing-history': () => import('../../routes/user/billing-history/billing-history-page'),
  'user.developer': () => import('../../routes/user/developer/developer-page'),
  'user.questionnaire': questionnairePage,
  'user.questionnaire-add': questionnairePage,
  'configuration.agency-list': () => import('../../routes/configuration/agency-list/agency-list-page'),
  'configuration.client-management': () =>
    import('../../routes/configuration/client-management/client-management-page'),
  'configuration.administrator-list': () =>
    import('../../routes/configuration/administrator-list/administrator-list-page'),
  'configuration.sales-account-list': () =>
    import('../../routes/configuration/sales-account-list/sales-account-list-page'),
  'configuration.general-setting': () =>
    import('../../routes/configuration/general-setting/general-setting-page'),
  'configuration.coupons': () => import('../../routes/configuration/coupons/coupons-page'),
  'configuration.sales-connect-account': () =>
    import('../../routes/configuration/sales-connect-account/sales-connect-account-page'),
  'configuration.role-list': () => import('../../routes/configuration/role-list/role-list-page'),
  'configuration.company-group': () => import('../../routes/configuration/company-group/company-group-page'),
  'configuration.beta-features': () => import('../../routes/configuration/beta-features/beta-features-page'),
  'configuration.opt-out-list': () => import('../../routes/configuration/opt-out-list/opt-out-list-page'),
  'configuration.data-enrichment': () =>
    import('../../routes/configuration/data-enrichment/data-enrichment-page'),
  'download-auth': () => import('../../routes/download-auth/download-auth-page'),
  'configuration.report-analytics': () =>
    import('../../routes/configuration/report-analytics/report-analytics-page'),
  'configuration.billing': () => import('../../routes/configuration/billing/billing-page'),
  'configuration.reconciliation': () =>
    import('../../routes/configuration/reconciliation/reconciliation-page'),
  'configuration.root-fees': () => import('../../routes/configuration/root-fees/root-fees-page'),
  'configuration.commissions': () => import('../../routes/configuration/commissions/commissions-page'),
  // The banner builder and its list (issue 24, decision 0113).
  'banner.create': () => import('../../routes/banner/banner-create-page'),
  'banner.list': () => import('../../routes/banner/banner-list-page'),
  integrations: () => import('../../routes/integrations/integrations-page'),
  'integrations.detail': () => import('../../routes/integrations/integration-page'),
  // Module pages: one screen per page for every module; the page reads its module from the route.
  'module.dashboard': () => import('../../routes/module-dashboard/module-dashboard-page'),
  'module.leads-management': () => import('../../routes/leads-management/leads-management-page'),
  // Every lead module's campaign management; the page reads which module from the route's match.
  'module.campaign-management': campaignManagementPage,
  // The v1 variant shares the guard's redirects (decision D-v1) and is the same screen.
  'module.campaign-management-v1': campaignManagementPage,
  // The campaign layout pages are the ad platform's (issue 24, decision 0115).
  dashboard: () => import('../../routes/layout-pages/dashboard-page'),
  campaign: () => import('../../routes/layout-pages/campaign-page'),
  'campaign-setup': () => import('../../routes/layout-pages/campaign-setup-page'),
  client: () => import('../../routes/layout-pages/client-page'),
  // The ad platform's audiences (decision 0114).
  audience: () => import('../../routes/audiences/audiences-page'),
};

/** The screen of a planned route; a route without one is a programming error, not a page to show. */
export function screenLoader(screenKey: string): ScreenLoader {
  const loader = SCREENS[screenKey];
  if (!loader) throw new Error(`No screen for route ${screenKey}`);
  return loader;
}
