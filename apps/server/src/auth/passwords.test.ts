import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { costFactor, hashPassword, verifyPassword } from "./passwords.ts";

describe("password hashes", () => {
  it("verify a hash made at the production cost whatever cost the process hashes at now", async () => {
    const salt = randomBytes(16);
    const key = scryptSync("correct horse", salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const stored = ["scrypt", 16384, 8, 1, salt.toString("base64"), key.toString("base64")].join("$");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsf", stored)).toBe(false);
    const made = await hashPassword("correct horse");
    expect(made.split("$")[1]).toBe(String(costFactor(process.env.PASSWORD_SCRYPT_N)));
    expect(await verifyPassword("correct horse", made)).toBe(true);
  });

  it("take the production cost by default and refuse a cost that is not a power of two of at least 1024", () => {
    expect(costFactor(undefined)).toBe(16384);
    expect(costFactor("")).toBe(16384);
    expect(costFactor("2048")).toBe(2048);
    for (const bad of ["512", "3000", "abc", "-1024"]) expect(() => costFactor(bad)).toThrow(/power of two/);
  });
});
