// What the benchmarks share: the calls they make before they measure (a new user, their account,
// a form) and the load of POSTed submissions they measure with.
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";

export async function call<T>(url: string, method: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new account with a form of these fields, made through the API; returns the form id and a token. */
export async function formOfNewAccount(
  url: string,
  fields: unknown[],
): Promise<{ formId: number; token: string }> {
  const user = `bench${randomBytes(3).toString("hex")}`;
  await call(`${url}/api/register`, "POST", {
    username: user,
    email: `${user}@example.com`,
    password: "bench12345",
    passwordConfirmation: "bench12345",
    acceptTermsAndConditionsAgreement: true,
    acceptPrivacyPolicyAgreement: true,
  });
  // Registration signs nobody in: the new user signs in with the password they chose.
  const { token } = await call<{ token: string }>(`${url}/api/login`, "POST", {
    username: user,
    password: "bench12345",
  });
  const account = { name: "Bench", subdomain: user, type: "company", acceptDpa: true };
  await call(`${url}/api/account/create`, "POST", account, token);
  const created = await call<{ form: { id: number } }>(
    `${url}/api/forms`,
    "POST",
    { title: "Bench", fields },
    token,
  );
  return { formId: created.form.id, token };
}

export interface Run {
  /** Requests sent but not answered when the load tool stopped: stored, yet never counted. */
  unanswered: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ok: number;
}

export async function load(url: string, body: string, connections: number, seconds: number): Promise<Run> {
  const result = await autocannon({
    url,
    method: "POST",
    connections,
    duration: seconds,
    headers: {
      "content-type": "application/json",
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0",
    },
    body,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    ok: result["2xx"],
    unanswered: result.requests.sent - result.requests.total,
  };
}
