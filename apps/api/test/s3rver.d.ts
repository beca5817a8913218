// s3rver ships no types: what the tests use of it.
declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    /** Where the server keeps buckets and objects. */
    directory?: string;
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer: Server;
  }
  export = S3rver;
}
