/*
 * The sandbox ad platform makes its impressions, clicks and spend up (deterministic, paced against
 * the budget; decision 0112): every screen that shows them says so when it runs the campaigns.
 */

/** The ad platform's name in `details.platform` when the sandbox runs the campaign. */
export const SANDBOX_PLATFORM = 'sandbox';

export const isSandboxPlatform = (platform: { name: string }): boolean => platform.name === SANDBOX_PLATFORM;

export const SANDBOX_NOTE =
  'Sandbox: this campaign runs on the sandbox ad platform. Its impressions, clicks and spend are simulated, and no ad is shown anywhere.';
