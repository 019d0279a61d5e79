import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AllowList, checkEndpoint, type Resolver, sendToChecked } from "./ssrf.ts";

const none = new AllowList([]);

describe("webhook endpoint guard", () => {
  // The set, and the ranges around it; every one refused without an allow-list entry.
  const refused = [
    "http://127.0.0.1/hook",
    "http://127.1/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://017700000001/",
    "http://0177.0.0.1/",
    "http://[::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[0:0:0:0:0:ffff:169.254.169.254]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.5/",
    "http://172.16.3.4/",
    "http://192.168.1.1:8080/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://0/",
    "http://[::]/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[fd00::1]/",
    "http://[fe80::1]/",
    "http://[ff02::1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::]/",
  ];
  for (const url of refused) {
    it(`refuses ${url}`, async () => {
      expect(await checkEndpoint(url, none)).toEqual({ ok: false, code: "webhook.endpoint.forbidden" });
    });
  }

  it("refuses a name resolving to 127.0.0.1 (localhost, through the system resolver)", async () => {
    expect(await checkEndpoint("http://localhost:9/", none)).toEqual({
      ok: false,
      code: "webhook.endpoint.forbidden",
    });
  });

  it("refuses a name if any of its addresses is private, even after a public one", async () => {
    const resolver: Resolver = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.1.2.3", family: 4 },
    ];
    expect(await checkEndpoint("https://mixed.example/", none, resolver)).toEqual({
      ok: false,
      code: "webhook.endpoint.forbidden",
    });
  });

  it("refuses other schemes, credentials in the address and garbage", async () => {
    expect(await checkEndpoint("ftp://93.184.216.34/", none)).toMatchObject({
      code: "webhook.endpoint.scheme",
    });
    expect(await checkEndpoint("file:///etc/passwd", none)).toMatchObject({
      code: "webhook.endpoint.scheme",
    });
    expect(await checkEndpoint("gopher://127.0.0.1:6379/", none)).toMatchObject({
      code: "webhook.endpoint.scheme",
    });
    expect(await checkEndpoint("http://u:p@93.184.216.34/", none)).toMatchObject({
      code: "webhook.endpoint.invalid",
    });
    expect(await checkEndpoint("not a url", none)).toMatchObject({ code: "webhook.endpoint.invalid" });
  });

  it("refuses a name that does not resolve", async () => {
    const resolver: Resolver = async () => {
      throw new Error("ENOTFOUND");
    };
    expect(await checkEndpoint("https://nowhere.invalid/", none, resolver)).toMatchObject({
      code: "webhook.endpoint.unresolved",
    });
  });

  it("accepts public addresses and names resolving only to them", async () => {
    expect(await checkEndpoint("https://93.184.216.34/hook", none)).toMatchObject({ ok: true });
    expect(await checkEndpoint("https://[2606:4700::1111]/", none)).toMatchObject({ ok: true });
    const resolver: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];
    const result = await checkEndpoint("https://hooks.example.com/x", none, resolver);
    expect(result).toMatchObject({ ok: true, endpoint: { address: "93.184.216.34", family: 4 } });
  });

  it("lets the allow-list open names, addresses and ranges", async () => {
    const allow = AllowList.parse(" LOCALHOST , 10.0.0.0/8,[::1], 192.168.1.7");
    expect(await checkEndpoint("http://localhost:9/", allow)).toMatchObject({ ok: true });
    expect(await checkEndpoint("http://10.9.8.7/", allow)).toMatchObject({ ok: true });
    expect(await checkEndpoint("http://[::1]/", allow)).toMatchObject({ ok: true });
    expect(await checkEndpoint("http://192.168.1.7/", allow)).toMatchObject({ ok: true });
    expect(await checkEndpoint("http://[::ffff:10.0.0.1]/", allow)).toMatchObject({ ok: true });
    expect(await checkEndpoint("http://192.168.1.8/", allow)).toMatchObject({ ok: false });
    expect(await checkEndpoint("http://127.0.0.1/", allow)).toMatchObject({ ok: false });
  });
});

describe("sending to a checked endpoint", () => {
  let server: Server;
  let port: number;
  const seen: { host: string | undefined; path: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ host: req.headers.host, path: req.url });
      if (req.url === "/redirect") {
        res.writeHead(302, { location: `http://127.0.0.1:${port}/target` }).end();
      } else if (req.url === "/slow") {
        setTimeout(() => res.writeHead(200).end(), 2000);
      } else res.writeHead(204).end();
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const request = {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
    timeoutMs: 500,
  };

  it("connects to the checked address, not to what the name resolves to later", async () => {
    let calls = 0;
    // Answers 127.0.0.1 when checked, then anything else: the send must not ask again.
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: "127.0.0.1", family: 4 }] : []);
    const allow = AllowList.parse("127.0.0.1");
    const checked = await checkEndpoint(`http://hooks.rebind.test:${port}/in`, allow, rebinding);
    if (!checked.ok) throw new Error(checked.code);
    const result = await sendToChecked(checked.endpoint, request);
    expect(result).toMatchObject({ status: 204, error: null });
    expect(calls).toBe(1);
    expect(seen.at(-1)).toEqual({ host: `hooks.rebind.test:${port}`, path: "/in" });
  });

  it("does not follow a redirect", async () => {
    const checked = await checkEndpoint(`http://127.0.0.1:${port}/redirect`, AllowList.parse("127.0.0.1"));
    if (!checked.ok) throw new Error(checked.code);
    const before = seen.length;
    expect(await sendToChecked(checked.endpoint, request)).toMatchObject({ status: 302 });
    expect(seen.length).toBe(before + 1);
  });

  it("gives up after the time-out", async () => {
    const checked = await checkEndpoint(`http://127.0.0.1:${port}/slow`, AllowList.parse("127.0.0.1"));
    if (!checked.ok) throw new Error(checked.code);
    const result = await sendToChecked(checked.endpoint, request);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/timed out/);
    expect(result.durationMs).toBeLessThan(1500);
  });

  it("reports a refused connection without a status", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const checked = await checkEndpoint(`http://127.0.0.1:${deadPort}/`, AllowList.parse("127.0.0.1"));
    if (!checked.ok) throw new Error(checked.code);
    expect(await sendToChecked(checked.endpoint, request)).toMatchObject({ status: null });
  });
});
