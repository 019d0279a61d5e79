import { randomBytes, randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import type { TVideoQuestionAnswers } from "@formloom/core/api/video-questions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webmHasVideoTrack } from "../src/features/files/webm-tracks.ts";
import {
  type ApiClient,
  addMember,
  groupWith,
  signUpWithAccount,
  startTestServer,
  type TestServer,
} from "./harness.ts";

let server: TestServer;
let api: ApiClient;
let accountId: number;
let formId: number;

/** A WebM as a browser's recorder writes it: the EBML header, a segment, its tracks, then frames. */
const EBML = Buffer.from("1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102", "hex");
const size = (n: number) => (n < 127 ? Buffer.from([0x80 | n]) : Buffer.from([0x40 | (n >> 8), n & 0xff]));
const element = (id: string, body: Buffer) =>
  Buffer.concat([Buffer.from(id, "hex"), size(body.length), body]);
const VIDEO = 1;
const AUDIO = 2;
const track = (number: number, type: number) =>
  element("ae", Buffer.concat([element("d7", Buffer.from([number])), element("83", Buffer.from([type]))]));
function webm(types: number[], frames = 3000): Buffer {
  return Buffer.concat([
    EBML,
    Buffer.from("1853806701ffffffffffffff", "hex"),
    element("1549a966", element("2ad7b1", Buffer.from([0x0f, 0x42, 0x40]))),
    element("1654ae6b", Buffer.concat(types.map((type, index) => track(index + 1, type)))),
    Buffer.from("1f43b67501ffffffffffffff", "hex"),
    randomBytes(frames),
  ]);
}
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const mediaForm = {
  title: "Interview",
  hasVideoAudioQuestions: true,
  fields: [
    { id: "name", fieldType: "text", question: "Your name" },
    {
      id: "intro",
      fieldType: "video",
      question: "Introduce yourself",
      fieldSettings: { maxRecordingSeconds: 30 },
      fieldVideoAudioSettings: { mediaLink: "https://media.example.com/ask.mp4", mediaType: "video" },
    },
    { id: "voice", fieldType: "audio", question: "Say your name", fieldSettings: { maxFileSizeMb: 0.005 } },
  ],
};

interface Uploaded {
  id: string;
  url: string;
  name: string;
  size: number;
  mimeType: string;
  code?: string;
}

async function upload(fieldId: string, bytes: Buffer, type: string, form = formId) {
  const body = new FormData();
  body.append("formId", String(form));
  body.append("fieldId", fieldId);
  body.append("key", randomUUID());
  body.append("file", new Blob([bytes], { type }), "recording.webm");
  const response = await fetch(`${server.url}/api/forms/upload_file`, { method: "POST", body });
  return { status: response.status, body: (await response.json()) as Uploaded };
}

async function submitWith(answers: Array<{ fieldId: string; answer: unknown }>): Promise<number> {
  const sent = await server.api.post<{ id: number }>("/api/forms/answer", { formId, answers });
  expect(sent.status, sent.text).toBe(201);
  return sent.body.id;
}

const listing = (client: ApiClient, fieldId: string, page = 1, pageSize = 10) =>
  client.get<TVideoQuestionAnswers & { code?: string }>(
    `/api/forms/${formId}/video-questions/${fieldId}/${page}/${pageSize}`,
  );

async function play(client: ApiClient, url: string) {
  const response = await fetch(`${server.url}${url}`, {
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: response.arrayBuffer(),
  };
}

async function storedFiles(): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (entry.isDirectory()) await walk(`${dir}/${entry.name}`);
      else files.push(entry.name);
    }
  };
  await walk(server.settings.storageDir);
  return files;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ api, accountId } = await signUpWithAccount(server.api, "mediaq"));
  const created = await api.post<{ form: { id: number } }>("/api/forms", mediaForm);
  expect(created.status, created.text).toBe(201);
  formId = created.body.form.id;
});
afterAll(() => server.close());

describe("reading a recording's tracks", () => {
  it("tells a video from a sound alone, and bytes it cannot read from either", () => {
    expect(webmHasVideoTrack(webm([VIDEO, AUDIO]))).toBe(true);
    expect(webmHasVideoTrack(webm([AUDIO, VIDEO]))).toBe(true);
    expect(webmHasVideoTrack(webm([AUDIO]))).toBe(false);
    expect(webmHasVideoTrack(EBML)).toBeNull();
    expect(webmHasVideoTrack(PNG)).toBeNull();
    expect(webmHasVideoTrack(Buffer.alloc(0))).toBeNull();
  });
});

describe("video and audio questions", () => {
  it("stores a recorded video and a recorded sound with the submission and plays each back to the owner", async () => {
    const clip = webm([VIDEO, AUDIO]);
    const video = await upload("intro", clip, "video/webm;codecs=vp8,opus");
    expect(video.status).toBe(201);
    expect(video.body.mimeType).toBe("video/webm");
    // A browser records the microphone alone into a WebM too: it is a sound, for an audio question.
    const sound = webm([AUDIO], 1000);
    const voice = await upload("voice", sound, "audio/webm;codecs=opus");
    expect(voice.status, JSON.stringify(voice.body)).toBe(201);
    expect(voice.body.mimeType).toBe("audio/webm");
    const answerId = await submitWith([
      { fieldId: "name", answer: "Ada" },
      { fieldId: "intro", answer: [video.body] },
      { fieldId: "voice", answer: [voice.body] },
    ]);

    const listed = await listing(api, "intro");
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    expect(listed.body.answers).toEqual([
      {
        answerId,
        number: expect.any(Number),
        submitTime: expect.any(String),
        file: { ...video.body, url: `/api/forms/${formId}/files/${video.body.id}` },
      },
    ]);
    const played = await play(api, listed.body.answers[0]!.file.url);
    expect(played.status).toBe(200);
    expect(played.type).toBe("video/webm");
    expect(Buffer.from(await played.bytes).equals(clip)).toBe(true);
    const heard = await play(api, voice.body.url);
    expect(heard.type).toBe("audio/webm");
    expect(Buffer.from(await heard.bytes).equals(sound)).toBe(true);
  });

  it("refuses a file of the wrong kind or over the question's limit with the spec's codes", async () => {
    const videoInAudio = await upload("voice", webm([VIDEO, AUDIO], 500), "audio/webm");
    expect(videoInAudio.status).toBe(400);
    expect(videoInAudio.body.code).toBe("answer.file_type");
    const picture = await upload("intro", PNG, "video/webm");
    expect(picture.status).toBe(400);
    expect(picture.body.code).toBe("answer.file_type");
    const long = await upload("voice", webm([AUDIO], 8000), "audio/webm");
    expect(long.status).toBe(413);
    expect(long.body.code).toBe("answer.file_too_large");
    const empty = await upload("intro", Buffer.alloc(0), "video/webm");
    expect(empty.status).toBe(400);
    // Only video and audio questions are listed.
    const text = await listing(api, "name");
    expect(text.status).toBe(404);
    expect(text.body.code).toBe("answer.unknown_field");
    expect((await listing(api, "nothing")).status).toBe(404);
    // A recording no submission took is nobody's to play.
    const unsent = await upload("intro", webm([VIDEO]), "video/webm");
    expect((await play(api, unsent.body.url)).status).toBe(404);
  });

  it("refuses a crafted WebM of elements nested without end as a file of the wrong kind", async () => {
    const roomy = await api.post<{ form: { id: number } }>("/api/forms", {
      ...mediaForm,
      fields: [{ id: "voice", fieldType: "audio", question: "Say your name" }],
    });
    expect(roomy.status, roomy.text).toBe(201);
    // A track entry of unknown size inside the one before, twenty thousand deep.
    const nested = Buffer.concat([EBML, Buffer.from("aeff".repeat(20_000), "hex")]);
    const sent = await upload("voice", nested, "audio/webm", roomy.body.form.id);
    expect([sent.status, sent.body.code]).toEqual([400, "answer.file_type"]);
    expect(webmHasVideoTrack(nested)).toBeNull();
  });

  it("shows a question's recordings only to readers of that question, and to no other account", async () => {
    const video = (await upload("intro", webm([VIDEO, AUDIO]), "video/webm")).body;
    const answerId = await submitWith([
      { fieldId: "name", answer: "Grace" },
      { fieldId: "intro", answer: [video] },
    ]);
    const other = await signUpWithAccount(server.api, "mediaqother");
    const strangerList = await listing(other.api, "intro");
    expect(strangerList.status).toBe(404);
    expect((await play(other.api, video.url)).status).toBe(404);

    const reader = await addMember(server, accountId, "mediaqreader");
    const readers = await groupWith(api, "Name readers", [reader.id], ["forms.view", "results.view"]);
    const grant = (access: Record<string, unknown>) =>
      api.request("PUT", `/api/forms/${formId}/permissions/group/${readers}`, access);
    expect((await grant({ level: "fields", fieldIds: ["name"] })).status).toBeLessThan(300);
    expect((await listing(reader.api, "intro")).status).toBe(403);
    expect((await play(reader.api, video.url)).status).toBe(404);
    // The submission's page does not list the question for them either.
    const detail = await reader.api.get<{ answers: { fieldId: string }[] }>(
      `/api/forms/${formId}/answer/${answerId}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.answers.map((answer) => answer.fieldId)).toEqual(["name"]);

    expect((await grant({ level: "fields", fieldIds: ["intro"] })).status).toBeLessThan(300);
    const allowed = await listing(reader.api, "intro");
    expect(allowed.status).toBe(200);
    expect(allowed.body.answers.map((item) => item.answerId)).toContain(answerId);
    expect((await play(reader.api, video.url)).status).toBe(200);
  });

  it("lists a question's answers a page at a time, newest first", async () => {
    const before = (await listing(api, "intro")).body.total;
    const sent: number[] = [];
    for (let i = 0; i < 3; i++) {
      const video = (await upload("intro", webm([VIDEO, AUDIO], 500), "video/webm")).body;
      sent.push(await submitWith([{ fieldId: "intro", answer: [video] }]));
    }
    const first = await listing(api, "intro", 1, 2);
    expect(first.body.total).toBe(before + 3);
    expect(first.body.answers.map((item) => item.answerId)).toEqual([sent[2], sent[1]]);
    const second = await listing(api, "intro", 2, 2);
    expect(second.body.answers[0]!.answerId).toBe(sent[0]);
    expect((await listing(api, "intro", 1, 51)).status).toBe(400);
  });

  it("removes a recording with its submission", async () => {
    const video = (await upload("intro", webm([VIDEO, AUDIO]), "video/webm")).body;
    const answerId = await submitWith([{ fieldId: "intro", answer: [video] }]);
    expect(await storedFiles()).toContain(video.id);
    const deleted = await api.delete(`/api/forms/${formId}/answer`, { answerIds: [answerId] });
    expect(deleted.status).toBe(200);
    expect(await storedFiles()).not.toContain(video.id);
    expect((await play(api, video.url)).status).toBe(404);
    const listed = await listing(api, "intro", 1, 50);
    expect(listed.body.answers.map((item) => item.answerId)).not.toContain(answerId);
  });
});
