/**
 * Every action id the server writes to the user logs, with the words the logs table, its CSV
 * download and any other reader show for it. The API's audit writer only accepts these ids (its
 * `action` is typed `AuditAction`), so a new kind of log entry cannot ship without a label.
 */
export const AUDIT_ACTION_LABELS = {
  // Signing in and account security
  login: 'Signed in',
  login_failed: 'Sign-in failed',
  login_code_failed: 'Wrong sign-in code',
  login_sso: 'Signed in by single sign-on',
  sso_created: 'Single sign-on link created',
  register: 'Signed up',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  two_factor_changed: 'Two-factor sign-in changed',
  email_change_requested: 'E-mail change requested',
  email_change_refused: 'E-mail change refused',
  email_changed: 'E-mail address changed',
  // View mode
  view_mode_start: 'View mode started',
  view_mode_end: 'View mode ended',
  view_mode_write: 'Change made in view mode',
  // Profile
  profile_updated: 'Profile updated',
  company_profile_updated: 'Company profile updated',
  setup_completed: 'Setup completed',
  // People and companies
  agency_created: 'Agency created',
  agency_updated: 'Agency updated',
  agency_removed: 'Agency removed',
  client_created: 'Client created',
  client_updated: 'Client updated',
  client_removed: 'Client removed',
  user_created: 'User created',
  user_updated: 'User updated',
  user_removed: 'User removed',
  invitation_resent: 'Invitation sent again',
  manual_bill: 'Manual bill switched',
  exclude_minimum_spend: 'Minimum spend exclusion switched',
  exclude_onboard_charge: 'Onboarding charge exclusion switched',
  sales_set: 'Sales people assigned',
  // Roles
  role_created: 'Role created',
  role_updated: 'Role updated',
  role_removed: 'Role removed',
  // Settings
  cost_settings_updated: 'Cost settings updated',
  branding_updated: 'Branding updated',
  branding_reset: 'Branding reset',
  logo_uploaded: 'Logo uploaded',
  logo_removed: 'Logo removed',
  favicon_uploaded: 'Favicon uploaded',
  favicon_removed: 'Favicon removed',
  module_names_updated: 'Module names updated',
  module_names_reset: 'Module names reset',
  default_payment_term_updated: 'Default payment term updated',
  smtp_updated: 'Custom SMTP server updated',
  smtp_removed: 'Custom SMTP server removed',
  smtp_test_sent: 'Test e-mail sent',
  smtp_test_failed: 'Test e-mail failed',
  simplifi_minimums_updated: 'Campaign minimums updated',
  subscription_cancelled: 'Subscription cancelled',
  onboarding_charge_updated: 'Onboarding charge updated',
  // Cards, the onboarding charge and coupons (issue 10)
  card_saved: 'Card saved',
  card_replaced: 'Card replaced',
  onboarding_charged: 'Onboarding fee charged',
  onboarding_charge_declined: 'Onboarding fee declined',
  billing_method_changed: 'Billing method changed',
  payment_settled: 'Failed payments settled',
  coupon_created: 'Coupon created',
  coupon_disabled: 'Coupon disabled',
  package_updated: 'Package updated',
  payment_account_connect: 'Payment account connection started',
  payment_account_reset: 'Payment account connection reset',
  payment_gateway_keys_saved: 'Stripe keys saved',
  payment_gateway_keys_removed: 'Stripe keys removed',
  subdomain_updated: 'Subdomain updated',
  custom_domain_updated: 'Custom domain updated',
  domain_ssl_retry: 'Domain certificate retried',
  minimum_spend_plan_created: 'Minimum spend plan created',
  minimum_spend_plan_updated: 'Minimum spend plan updated',
  minimum_spend_plan_deleted: 'Minimum spend plan deleted',
  minimum_spend_default_set: 'Default minimum spend plan set',
  minimum_spend_setting_updated: 'Minimum spend setting updated',
  // Sales commissions (decision 0089): the system's rate
  commission_rate_updated: 'Sales commission rate updated',
  // The Data Wallet (decision 0073): its settings, continual top-up, and every top-up charged or refused
  data_wallet_settings_saved: 'Data Wallet settings saved',
  data_wallet_continual_switched: 'Data Wallet continual top-up switched',
  data_wallet_topped_up: 'Data Wallet topped up',
  data_wallet_topup_declined: 'Data Wallet top-up declined',
  // Agreements (issue 10): who accepted which document version, from which IP
  agreement_accepted: 'Agreement accepted',
  developer_agreement_withdrawn: 'Developer agreement withdrawn',
  // The Developer API (decision 0100): keys made, rotated and revoked, the fee and its setting
  api_key_created: 'API key created',
  api_key_rotated: 'API key rotated',
  api_key_revoked: 'API key revoked',
  developer_fee_charged: 'Developer fee charged',
  developer_fee_updated: 'Developer fee updated',
  // Campaigns (issue 11): every state move is one entry, worded by the state machine
  campaign_created: 'Campaign created',
  campaign_updated: 'Campaign updated',
  campaign_prices_updated: 'Campaign prices updated',
  campaign_moved: 'Campaign status changed',
  campaign_activation_charged: 'Campaign activation charged',
  campaign_activation_declined: 'Campaign activation declined',
  // Integrations (where leads are delivered)
  integration_connected: 'Integration connected',
  integration_disconnected: 'Integration disconnected',
  integration_paused: 'Integration paused',
  integration_resumed: 'Integration resumed',
  integration_deliveries_replayed: 'Lead deliveries replayed',
  integration_test_sent: 'Integration test payload sent',
  integration_secret_revealed: 'Webhook signing secret revealed',
  // A CRM sub-account turned into a client, and the menu link to its dashboard (decision 0109)
  integration_client_linked: 'Client created from a CRM sub-account',
  integration_menu_link_created: 'CRM menu link added',
  integration_menu_link_removed: 'CRM menu link removed',
  // The logs themselves
  logs_downloaded: 'Logs downloaded',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const isAuditAction = (id: string): id is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, id);

/**
 * The label of an action id. Ids outside the catalogue come from the web app's own entries
 * (`POST /general/user-log-saved` takes free text): they read as the id with its underscores
 * turned into spaces and a capital first letter, never as a raw `snake_case` id.
 */
export function auditActionLabel(id: string): string {
  if (isAuditAction(id)) return AUDIT_ACTION_LABELS[id];
  const words = id
    .replace(/[_.-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : id;
}
