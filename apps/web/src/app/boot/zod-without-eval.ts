import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` when it may, and first probes whether it may. The
 * page's Content-Security-Policy allows no eval, so the probe would fail and be reported as a policy
 * violation on every page. Turned off before any schema is made: main.tsx imports this module first.
 */
z.config({ jitless: true });
