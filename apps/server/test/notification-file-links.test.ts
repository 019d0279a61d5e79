import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  confirmEmailByLink,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { PNG, upload } from "./s3-fixtures.ts";
import { startSmtpReceiver } from "./smtp-receiver.ts";

let server: TestServer;
let author: ApiClient;
let authorEmail: string;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

/** The links to this app's submission files a mail carries, as the path and query to open. */
function fileLinks(text: string): string[] {
  return [
    ...text.matchAll(/https?:\/\/[^\s"'<>\]]+?(\/api\/forms\/\d+\/files\/[0-9a-f]{32}[^\s"'<>\])]*)/g),
  ].map((match) => match[1]!.replaceAll("&amp;", "&"));
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "50",
    AUTOMATION_POLL_MS: "50",
    WEBHOOK_POLL_MS: "600000",
    PUBLIC_URL: "https://forms.example.test",
  });
  ({ api: author } = await signUpWithAccount(server.api, "filemail"));
  // Mail to respondents' addresses goes out from a confirmed author only.
  await confirmEmailByLink(server, author);
  authorEmail = (await author.get<{ email: string }>("/api/user")).body.email.toLowerCase();
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("files in notification e-mails", () => {
  it("link the account's readers to each file, opening it without a sign-in; the respondent gets the name only", async () => {
    const created = await author.post<{ form: { id: number } }>("/api/forms", {
      title: "Damage claims",
      hasAnswerNotifications: true,
      fields: [
        { id: "name", fieldType: "text", question: "Your name" },
        { id: "mail", fieldType: "email", question: "E-mail" },
        { id: "pic", fieldType: "image", question: "Picture of the damage" },
      ],
    });
    expect(created.status, created.text).toBe(201);
    const formId = created.body.form.id;
    const made = await author.post(`/api/forms/${formId}/email-notifications`, {
      adminName: "Claims desk",
      to: { formAuthor: true, emailFieldIds: ["mail"] },
      subject: "Claim from [answer:name]",
      message: "<p>Picture: [answer:pic]</p><p>[all_answers]</p>",
    });
    expect(made.status, made.text).toBe(200);
    const picture = await upload(server.url, formId);
    expect(picture.status).toBe(201);
    const sent = await server.api.post("/api/forms/answer", {
      formId,
      answers: [
        { fieldId: "name", answer: "Rosa" },
        { fieldId: "mail", answer: "rosa@example.com" },
        { fieldId: "pic", answer: [picture.body] },
      ],
    });
    expect(sent.status, sent.text).toBe(201);

    const toAuthor = await smtp.waitFor(authorEmail, "Claim from Rosa");
    expect(toAuthor.html).toMatch(
      /<a href="https:\/\/forms\.example\.test\/api\/forms\/\d+\/files\/[0-9a-f]{32}\?link=[^"]+">damage\.png<\/a>/,
    );
    const links = fileLinks(toAuthor.html);
    // Once where the author asked for the picture, once among all the answers.
    expect(links).toHaveLength(2);
    expect(fileLinks(toAuthor.text)).toEqual(links);
    // Opened from the mail, where no token goes along: the file itself.
    const opened = await fetch(`${server.url}${links[0]}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PNG);

    // The address the respondent typed is no reader of the account's results: the name, no link.
    const toRespondent = await smtp.waitFor("rosa@example.com", "Claim from Rosa");
    expect(toRespondent.text).toContain("Picture: damage.png");
    expect(fileLinks(toRespondent.html)).toEqual([]);
    expect(toRespondent.raw).not.toContain("link=");

    // "Notify me of new submissions" names the file with its link too.
    const notice = await smtp.waitFor(authorEmail, "New submission");
    const noticed = fileLinks(notice.text);
    expect(noticed).toHaveLength(1);
    expect(notice.text).toMatch(
      /Picture of the damage: damage\.png \(https:\/\/forms\.example\.test\/api\/forms/,
    );
    expect((await fetch(`${server.url}${noticed[0]}`)).status).toBe(200);
    // A link is the reader's own: someone else's changes nothing, a forged one opens nothing.
    const forged = noticed[0]!.replace(/link=\d+/, "link=999999");
    expect((await fetch(`${server.url}${forged}`)).status).toBe(401);
  });
});
