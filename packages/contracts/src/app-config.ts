import { z } from 'zod';

/** What the web app fetches once at boot, before anything else. */
export const appConfigSchema = z.object({
  /** Base URL of the API as the browser should call it (same origin by default). */
  apiBase: z.string(),
  /** Per-deployment key of the `dt` body envelope, base64 (32 bytes, AES-256-GCM). */
  dtKey: z.string(),
  version: z.string(),
  /**
   * The Stripe publishable key when the deployment uses Stripe (the card form then loads Stripe
   * Elements); absent with the sandbox gateway, whose own test-card form is used instead.
   */
  stripePublishableKey: z.string().optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Request headers of spec 1 §7: the web app sends the time zone it runs in. */
export const TIMEZONE_HEADER = 'x-timezone';
/** The IP the browser believes it has; informational only, the server uses the connection. */
export const CLIENT_IP_HEADER = 'x-client-ip';
