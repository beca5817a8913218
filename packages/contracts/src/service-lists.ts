import { z } from 'zod';

/*
 * A read of the lists (or tags) inside a company's connected service, as the spec's list calls
 * answer it (decision 0103; spec 2 §7 "failed reads give empty results", §8 "many integration reads
 * show a toast with the server error message and return empty results"): always 200, the items, and
 * when there are none because of a failure (not connected, the service refused) the reason to show.
 */

export const serviceItemSchema = z.object({ id: z.string(), name: z.string() });

export const serviceListReadSchema = z.object({
  data: z.array(serviceItemSchema),
  /** The company has a live connection to the service. */
  connected: z.boolean(),
  /** Why `data` is empty when the read failed (shown as the error toast); null when it did not. */
  error: z.string().nullable(),
  /** The service's sandbox, not the service: labelled as sandbox data. */
  sandbox: z.boolean(),
});
export type ServiceListRead = z.infer<typeof serviceListReadSchema>;
