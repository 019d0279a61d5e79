import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * scrypt's cost factor: 2^14 unless `PASSWORD_SCRYPT_N` names another power of two of at least
 * 2^10. The test runs lower it: they make and sign in thousands of accounts, and at 2^14 each
 * hash costs tens of milliseconds of processor. A hash keeps its cost, so one made at either
 * cost still verifies after the setting changes.
 */
const COST = { N: costFactor(process.env.PASSWORD_SCRYPT_N), r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

export function costFactor(setting: string | undefined): number {
  if (!setting) return 16384;
  const n = Number(setting);
  if (!Number.isInteger(n) || n < 1024 || (n & (n - 1)) !== 0)
    throw new Error(`PASSWORD_SCRYPT_N must be a power of two of at least 1024, not ${setting}`);
  return n;
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 64 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** scrypt from node:crypto: memory-hard, no native addon to build. Stored with its cost. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to check against when the user does not exist, so both paths take the same time. */
export const DUMMY_HASH = await hashPassword("no-such-user-0");
