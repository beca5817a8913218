import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the parameters of the product guide §6 (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string): Promise<string> => hash(plain, OPTIONS);
export const verifyPassword = (stored: string, plain: string): Promise<boolean> => verify(stored, plain);
