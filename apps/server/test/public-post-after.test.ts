import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient, signUpWithAccount, startTestServer, type TestServer } from "./harness.ts";
import { plansForm } from "./plans-form.ts";
import { assertRendererBuilt, type StoredPage as Page, postForm } from "./public-post-support.ts";
import { quizForm } from "./quiz-form.ts";

/**
 * The page a form sent without JavaScript goes on to (public-post.ts, public-page.ts): named by the
 * submission's key (`?fl-sent=`), it tells that submission's result and ending screen, or that the
 * answers were sent, and only to the browser that sent it.
 */

let server: TestServer;
let owner: ApiClient;
let subdomain: string;
/** This test's browser: the respondent cookie a form's page gave it, sent with its posts. */
let browser: string;

beforeAll(async () => {
  assertRendererBuilt();
  server = await startTestServer();
  ({ api: owner } = await signUpWithAccount(server.api, "nojs-after"));
  const made = await owner.post<{ form: { account: { subdomain: string } } }>("/api/forms", quizForm);
  expect(made.status).toBe(201);
  subdomain = made.body.form.account.subdomain;
  browser = await cookieOf(formPath("quiz"));
  expect(browser).toMatch(/^flr_respondent=/);
});
afterAll(() => server?.close());

const formPath = (alias: string) => `/f/${alias}?a=${subdomain}`;

/** Where a page posts itself: beside its own address. */
const sendPath = (alias: string) => `/f/${alias}/send?a=${subdomain}`;

const post = (body: string, target: string) =>
  postForm(server, body, target, "application/x-www-form-urlencoded", browser);

/** The respondent cookie a browser opening this page for the first time is given. */
const cookieOf = async (target: string) =>
  (await fetch(`${server.url}${target}`)).headers.get("set-cookie")?.split(";")[0] ?? "";

/** A page as a browser opens it: this test's own, or another with its cookie, or none (""). */
const openPage = async (target: string, cookie = browser) =>
  (await fetch(`${server.url}${target}`, { headers: cookie ? { cookie } : {} })).text();

/** A result's additional data, where its path args are shown. */
const pathArgsOf = async (id: number, form: number) =>
  (await owner.get<{ pathArgs: Record<string, string> }>(`/api/forms/${form}/answer/${id}/additional`)).body;

describe("the page after a form sent without JavaScript", () => {
  it("tells a quiz's result on the thank-you page it sends the browser on to, found by the key of the filling", async () => {
    const sent = await post("fl-submission-key=quiz-key-1&capital=paris", sendPath("quiz"));
    expect(sent.status).toBe(303);
    const location = sent.headers.get("location") ?? "";
    expect(location).toBe(`/f/quiz/thankyou?a=${subdomain}&fl-sent=quiz-key-1`);
    const thanks = await openPage(location);
    expect(thanks).toContain("Well done");
    expect(thanks).toContain("Score: 2 of 2");
    // Another key tells nothing; nor does the page without one.
    for (const other of [location.replace("quiz-key-1", "quiz-key-2"), `/f/quiz/thankyou?a=${subdomain}`]) {
      expect(await openPage(other)).not.toContain("Well done");
    }
    // Nor the same address opened by another browser (a shared or copied link), with its cookie or none.
    const otherBrowser = await cookieOf(formPath("quiz"));
    expect(otherBrowser).not.toBe(browser);
    for (const cookie of [otherBrowser, ""])
      expect(await openPage(location, cookie)).not.toContain("Well done");
  });

  it("shows a form set to show itself again afresh, saying the answers were sent and the quiz's result", async () => {
    const again = await owner.post<{ form: { id: number } }>("/api/forms", {
      ...quizForm,
      title: "Quiz again",
      formPathAlias: "quiz-again",
      afterFormFillingActions: { submissionAction: "showFormAgain" },
    });
    expect(again.status).toBe(201);
    const sent = await post(
      "fl-submission-key=again-key-1&capital=paris",
      `${sendPath("quiz-again")}&ref=mail`,
    );
    expect(sent.status).toBe(303);
    // Back to the form itself, named by the submission, with the link's own parameters.
    const location = sent.headers.get("location") ?? "";
    expect(location).toBe(`/f/quiz-again?a=${subdomain}&ref=mail&fl-sent=again-key-1`);
    const page = await openPage(location);
    expect(page).toContain("Thank you! Your answers were sent.");
    expect(page).toContain("Score: 2 of 2");
    // A fresh filling: a new key, nothing chosen, and the page's own parameter not posted again.
    expect(page).toMatch(/name="fl-submission-key" value="[0-9a-f]{32}"/);
    expect(page).not.toMatch(/<input[^>]*checked/);
    expect(page).toContain(`action="/f/quiz-again/send?a=${subdomain}&amp;ref=mail"`);
    // A key no submission was stored under says nothing; nor the address opened by another browser.
    expect(await openPage(location.replace("again-key-1", "again-key-9"))).not.toContain(
      "Your answers were sent",
    );
    const shared = await openPage(location, "");
    expect(shared).not.toContain("Your answers were sent");
    expect(shared).not.toContain("Score:");
    // Sent from a page whose address still names the earlier submission, it keeps only the link's parameters.
    const next = await post("fl-submission-key=again-key-2&capital=rome", `${location}`);
    expect(next.headers.get("location")).toBe(`/f/quiz-again?a=${subdomain}&ref=mail&fl-sent=again-key-2`);
    const list = (
      await owner.get<Page>(`/api/forms/${again.body.form.id}/answer/paginated/1/50`)
    ).body.answerList.map((answer) => answer.id);
    const args = await Promise.all(
      list.map(async (id) => (await pathArgsOf(id, again.body.form.id)).pathArgs),
    );
    expect(args).toEqual([{ ref: "mail" }, { ref: "mail" }]);
  });

  it("shows the ending screen a rule chose on the thank-you page it sends the browser on to, and keeps its formatting", async () => {
    const plans = plansForm(
      '<p>See <a href="https://example.org/shop">our <b>shop</b></a></p><script>alert(1)</script>',
    );
    expect((await owner.post("/api/forms", plans)).status).toBe(201);
    const pro = await post("fl-submission-key=plans-key-1&plan=pro", sendPath("plans"));
    expect(pro.status).toBe(303);
    const location = pro.headers.get("location") ?? "";
    expect(location).toBe(`/f/plans/thankyou?a=${subdomain}&fl-sent=plans-key-1`);
    const thanks = await openPage(location);
    expect(thanks).toContain("Welcome aboard, pro");
    // The author's text as they formatted it, sanitised on the server: a link to follow, no script.
    expect(thanks).toMatch(/<a [^>]*href="https:\/\/example.org\/shop"[^>]*>our <b>shop<\/b><\/a>/);
    // Drawn without the script (the boot data keeps the author's text as data, for the script).
    const drawn = thanks.slice(0, thanks.indexOf('id="fill-data"'));
    expect(drawn).toContain("Welcome aboard, pro");
    expect(drawn).not.toContain("alert(1)");
    // A submission no rule chose an ending for gets the form's own thank-you page.
    const free = await post("fl-submission-key=plans-key-2&plan=free", sendPath("plans"));
    // Named by its own key all the same, so a tab that kept an earlier ending cannot show it here.
    expect(free.headers.get("location")).toBe(`/f/plans/thankyou?a=${subdomain}&fl-sent=plans-key-2`);
    const plain = await openPage(free.headers.get("location") ?? "");
    expect(plain).not.toContain("Welcome aboard, pro");
  });
});
