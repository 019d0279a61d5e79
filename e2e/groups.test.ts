import { describe, expect, it } from "vitest";
import { appAndBrowser, screenshot, signInAsDemo, watchErrors } from "./support.ts";

const run = appAndBrowser({ SEED_DEMO: "true" });

describe("groups", () => {
  it("adds a group with the spec's messages, puts a user in it and takes them out", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signInAsDemo(page, run.app.url);

    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Groups" }).click();
    await page.getByText("No groups yet.").waitFor();
    await page.getByRole("main").getByRole("link", { name: "Add group" }).click();
    await page.getByRole("button", { name: "Add group" }).click();
    await page.getByText("Group name can't be empty").waitFor();
    await page.getByRole("textbox", { name: "Group name" }).fill("Interviewers");
    await page.getByRole("button", { name: "Add group" }).click();
    await page.waitForURL("**/groups/all");
    await page.getByText("Group Interviewers was created").waitFor();

    await page.getByRole("main").getByRole("link", { name: "Add group" }).click();
    await page.getByRole("textbox", { name: "Group name" }).fill("interviewers");
    await page.getByRole("button", { name: "Add group" }).click();
    await page.getByText("This group already exists!").waitFor();
    await page.getByRole("link", { name: "All groups" }).first().click();

    await page.getByRole("link", { name: "Interviewers" }).click();
    await page.getByText("No users in this group yet.").waitFor();
    await page.getByRole("combobox", { name: "Add a user" }).click();
    await page.getByRole("option", { name: /demo/ }).click();
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.getByRole("cell", { name: "demo@formloom.local" }).waitFor();
    await page.getByRole("button", { name: "Remove demo from the group" }).click();
    await page.getByText("No users in this group yet.").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the groups pages in Russian on a 390 px screen without anything running off it", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInAsDemo(page, run.app.url);
    const token = await page.evaluate(() => localStorage.getItem("formloom.token"));
    const me = (await (
      await fetch(`${run.app.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { id: number };
    await fetch(`${run.app.url}/api/user/${me.id}/settings`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ locale: "ru" }),
    });
    const group = (await (
      await fetch(`${run.app.url}/api/account/group/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ groupName: "Полевые интервьюеры" }),
      })
    ).json()) as { id: number };

    for (const [path, text] of [
      ["/groups/all", "Все группы"],
      ["/groups/new", "Новая группа"],
      [`/groups/${group.id}/view`, "Добавить пользователя"],
      [`/groups/${group.id}/edit`, "Переименовать группу"],
    ] as const) {
      await page.goto(`${run.app.url}${path}`);
      await page.getByText(text).filter({ visible: true }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      await screenshot(page, `ru-390${path.replaceAll("/", "-")}`);
    }
    await context.close();
  });
});
