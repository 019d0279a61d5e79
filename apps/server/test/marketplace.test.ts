import { LOCALES } from "@formloom/core/locales";
import { catalogueHas } from "@formloom/core/templates/catalogue-language";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, startWithAccount, type TestServer } from "./harness.ts";

/** The marketplace's sample data sets, and its catalogue in every interface language (billing: billing.test.ts). */

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  ({ server, api: admin } = await startWithAccount("market"));
});
afterAll(() => server.close());

describe("datasets", () => {
  it("lists the instance's sample data sets and downloads each as the same CSV every time", async () => {
    const list = await admin.get<{ datasets: Array<{ id: string; columns: string[]; rows: number }> }>(
      "/api/marketplace/datasets",
    );
    expect(list.status).toBe(200);
    expect(list.body.datasets.map((d) => [d.id, d.rows])).toEqual([
      ["customer-survey", 200],
      ["european-capitals", 27],
    ]);
    for (const dataset of list.body.datasets) {
      const response = await fetch(`${server.url}/api/marketplace/datasets/${dataset.id}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toContain(`${dataset.id}.csv`);
      const text = await response.text();
      const lines = text.trimEnd().split("\r\n");
      expect(lines[0]).toBe(dataset.columns.join(","));
      expect(lines).toHaveLength(dataset.rows + 1);
      const again = await fetch(`${server.url}/api/marketplace/datasets/${dataset.id}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(await again.text()).toBe(text);
    }
    const unknown = await admin.get("/api/marketplace/datasets/secrets");
    expect([unknown.status, unknown.body.code]).toEqual([404, "dataset.not_found"]);
    expect((await server.api.get("/api/marketplace/datasets")).status).toBe(401);
    expect((await server.api.get("/api/marketplace/datasets/customer-survey")).status).toBe(401);
  });
});

describe("the marketplace in every interface language", () => {
  it("has each service's and data set's texts in the catalogue dictionaries", async () => {
    const services = await admin.get<{
      services: Array<{ title: string; description: string; unlocks: string[] }>;
    }>("/api/services");
    const datasets = await admin.get<{ datasets: Array<{ title: string; description: string }> }>(
      "/api/marketplace/datasets",
    );
    const texts = [
      ...services.body.services.flatMap((s) => [s.title, s.description, ...s.unlocks]),
      ...datasets.body.datasets.flatMap((d) => [d.title, d.description]),
    ];
    expect(texts.length).toBeGreaterThan(20);
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      expect(
        texts.filter((text) => !catalogueHas(text, locale)),
        locale,
      ).toEqual([]);
    }
  });
});
