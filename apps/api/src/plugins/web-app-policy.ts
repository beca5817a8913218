import type { HelmetOptions } from 'helmet';
import { API_HEADERS } from './security-headers.js';

/**
 * GoHighLevel's own app origins, which open a client's dashboard in a Custom Menu Link's iframe
 * (decision 0109): app.gohighlevel.com, an agency's default `<name>.gohighlevel.com`, and LeadConnector's
 * app.leadconnectorhq.com. No other site may frame the web app.
 */
export const GOHIGHLEVEL_FRAME_ANCESTORS = [
  'https://app.gohighlevel.com',
  'https://*.gohighlevel.com',
  'https://*.leadconnectorhq.com',
] as const;

/** What Stripe.js and its Elements need (script, its iframes, its API), for systems that use Stripe. */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

export interface WebAppPolicyInput {
  /** This response's nonce: the one written on index.html's scripts, style sheets and meta tag. */
  nonce: string;
  /** The host's system takes cards through Stripe Elements (its app config carries a publishable key). */
  stripe: boolean;
  /** The request arrived over TLS: sub-resources are then upgraded too. */
  overTls: boolean;
}

/**
 * The headers of the web app's page (decision 0120). Scripts run only with this response's nonce: the
 * entry module, its preloads and every chunk it imports (imports inherit the nonce), and Stripe.js by
 * its host when the system uses Stripe. No 'strict-dynamic': a script our code inserted would be
 * trusted with it, and that is exactly how code an agency supplied would reach the card form. Styles
 * come from our own files or carry the nonce (Mantine gives it to the `<style>` elements it adds).
 */
export function webAppHeaders(input: WebAppPolicyInput): HelmetOptions {
  const nonce = `'nonce-${input.nonce}'`;
  const stripe = (part: keyof typeof STRIPE) => (input.stripe ? STRIPE[part] : []);
  return {
    ...API_HEADERS,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        scriptSrc: [nonce, ...stripe('script')],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", nonce],
        // data: the empty favicon of index.html and Mantine's inline SVG icons; blob: previews of
        // pictures chosen for upload; 'self': logos and pictures from /api/files.
        imgSrc: ["'self'", 'data:', 'blob:', ...stripe('img')],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...stripe('connect')],
        frameSrc: input.stripe ? STRIPE.frame : ["'none'"],
        workerSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: [...GOHIGHLEVEL_FRAME_ANCESTORS],
        ...(input.overTls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  };
}
