/**
 * On-device recognition (forms.md §9): with the respondent's capturing consent, the public page
 * looks at the camera's picture a frame or so a second while a question is answered and keeps, per
 * question, the faces seen, the seven emotions and the age and gender. Nothing leaves the browser
 * but these numbers; the models come from this app's own server.
 *
 * The emotions are the ones an element may expect (EXPECTED_EMOTIONS, forms.md §9), listed here
 * again so the public page's recorders need not load the form schema and zod (recognition.test.ts).
 */
export const EMOTIONS = ["happy", "surprised", "neutral", "sad", "fearful", "disgusted", "angry"] as const;
export type Emotion = (typeof EMOTIONS)[number];

export const RECOGNITION_LIMITS = {
  /** The page looks at the camera at most this often (two cores are shared by the page and the models). */
  sampleEveryMs: 1000,
  /** Samples kept of one question: ten minutes at one a second; the page stops adding after. */
  samplesPerField: 600,
  /** Questions one request carries. */
  fieldsPerRequest: 50,
  /** Bytes of one request. */
  requestBytes: 512 * 1024,
} as const;

/** What the form recognises, from its settings; null when nothing. */
export function recognitionKind(settings: {
  hasFaceRecognition: boolean;
  hasEmotionsRecognition: boolean;
  hasAgeGenderRecognition: boolean;
}): { faces: boolean; emotions: boolean; ageGender: boolean } | null {
  const kind = {
    faces: settings.hasFaceRecognition,
    emotions: settings.hasEmotionsRecognition,
    ageGender: settings.hasAgeGenderRecognition,
  };
  return kind.faces || kind.emotions || kind.ageGender ? kind : null;
}

/**
 * One look at the camera while a question was answered: `at` milliseconds after the question was
 * first answered in this filling, the faces seen, and of the largest face the emotions' scores
 * (0–1), the age in years and the gender, where the form recognises them. No face: faces 0 alone.
 */
export interface RecognitionSample {
  at: number;
  faces: number;
  emotions?: Partial<Record<Emotion, number>>;
  age?: number;
  gender?: "male" | "female";
}

/** A question's recognition as a reader sees it: the timeline and what it adds up to. */
export interface FieldRecognition {
  samples: number;
  /** Samples that found a face. */
  withFace: number;
  /** The most faces one sample saw. */
  maxFaces: number;
  /** The emotion with the highest mean score over the samples with a face; null without one. */
  dominant: Emotion | null;
  /** The mean score of each emotion over the samples with a face (0–1); null without one. */
  emotions: Record<Emotion, number> | null;
  /** The mean age over the samples with a face, rounded; null without one. */
  age: number | null;
  /** The gender most samples with a face saw; null without one. */
  gender: "male" | "female" | null;
}

const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/** Adds up one question's samples (see FieldRecognition). */
export function summarizeSamples(samples: readonly RecognitionSample[]): FieldRecognition {
  const seen = samples.filter((sample) => sample.faces > 0);
  const scored = seen.filter((sample) => sample.emotions);
  let emotions: Record<Emotion, number> | null = null;
  let dominant: Emotion | null = null;
  if (scored.length > 0) {
    emotions = Object.fromEntries(
      EMOTIONS.map((emotion) => [
        emotion,
        round(scored.reduce((sum, sample) => sum + (sample.emotions?.[emotion] ?? 0), 0) / scored.length),
      ]),
    ) as Record<Emotion, number>;
    dominant = EMOTIONS.reduce((best, emotion) => (emotions![emotion] > emotions![best] ? emotion : best));
  }
  const aged = seen.filter((sample) => sample.age !== undefined);
  const males = seen.filter((sample) => sample.gender === "male").length;
  const females = seen.filter((sample) => sample.gender === "female").length;
  return {
    samples: samples.length,
    withFace: seen.length,
    maxFaces: samples.reduce((most, sample) => Math.max(most, sample.faces), 0),
    dominant,
    emotions,
    age: aged.length ? Math.round(aged.reduce((sum, sample) => sum + sample.age!, 0) / aged.length) : null,
    gender: males + females === 0 ? null : males >= females ? "male" : "female",
  };
}

/** The strongest emotion of one sample; null without a face or emotions. */
export function sampleEmotion(sample: RecognitionSample): Emotion | null {
  if (sample.faces === 0 || !sample.emotions) return null;
  let best: Emotion | null = null;
  for (const emotion of EMOTIONS) {
    const score = sample.emotions[emotion] ?? 0;
    if (best === null || score > (sample.emotions[best] ?? 0)) best = emotion;
  }
  return best;
}
