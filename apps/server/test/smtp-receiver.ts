import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Decoded, whatever the encoding the sender chose. */
  subject: string;
  text: string;
  /** The HTML part, if the message had one. */
  html: string;
}

/** A real SMTP server on an ephemeral port that keeps what it receives, for mail tests. */
export async function startSmtpReceiver() {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", async () => {
        const parsed = await simpleParser(raw);
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The first message to this address (with this subject, if given), waiting up to `ms` for it. */
    async waitFor(address: string, subject?: string, ms = 10_000): Promise<ReceivedMail> {
      const until = Date.now() + ms;
      for (;;) {
        const found = messages.find(
          (m) => m.to.includes(address) && (subject === undefined || m.subject.includes(subject)),
        );
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${address} within ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
