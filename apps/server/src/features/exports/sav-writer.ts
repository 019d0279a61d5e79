/**
 * A small writer of SPSS system files (.sav), enough for exported results: numeric and string
 * variables, variable labels, value labels, system-missing numbers, long (over 8 bytes) and very
 * long (over 255 bytes) strings, long variable names and UTF-8 text, with the format's bytecode
 * compression. Checked by reading
 * its files back with GNU PSPP (test/exports-readers.test.ts).
 *
 * Layout: a header, one variable record per 8-byte slot, value labels, the machine and encoding
 * records, the long-name record, the end of the dictionary, then the compressed cases.
 */

export interface SavVariable {
  /** A valid, unique SPSS name (see `spssNames`). */
  name: string;
  label: string;
  /** 0 for a number; 1..255 bytes for a string. */
  width: number;
  /**
   * Numbers only: "date" shows seconds since 1582 as DATETIME20; else F with these decimals, wide
   * enough for the most digits before the point any case has (`integerDigits`, with a minus).
   */
  format?: "date" | { decimals: number; integerDigits?: number };
  valueLabels?: ReadonlyArray<readonly [number, string]>;
}

export type SavValue = number | string | null;

/** The largest string a variable holds; longer texts are cut at a character's edge. */
export const MAX_STRING_BYTES = 32_767;
const SYSMIS = -Number.MAX_VALUE;
const BIAS = 100;
/** Seconds from SPSS's day zero (1582-10-14) to the Unix epoch. */
export const SPSS_EPOCH_OFFSET_S = 12_219_379_200;

/**
 * The widths a variable takes in the dictionary: one for a number or a string up to 255 bytes;
 * a longer ("very long") string is stored as segments of 255 bytes, one per 252 bytes of its
 * width, the last one the rest (PSPP's system file format, "Very Long String Record").
 */
function segmentsOf(variable: SavVariable): number[] {
  if (variable.width <= 255) return [variable.width];
  const count = Math.ceil(variable.width / 252);
  return Array.from({ length: count }, (_, i) => (i < count - 1 ? 255 : variable.width - (count - 1) * 252));
}
const slotsOfWidth = (width: number) => (width === 0 ? 1 : Math.ceil(width / 8));
const slotsOf = (variable: SavVariable) => segmentsOf(variable).reduce((sum, w) => sum + slotsOfWidth(w), 0);

/** UTF-8 bytes of a text, cut to at most `max` bytes without splitting a character. */
export function utf8Cut(text: string, max: number): Buffer {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= max) return bytes;
  let end = max;
  // Step back over continuation bytes (10xxxxxx) to the start of the cut character.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

/** The width a string variable needs for texts of this many bytes (at least 1, at most 32,767). */
export const stringWidth = (bytes: number) => Math.max(1, Math.min(MAX_STRING_BYTES, bytes));

const RESERVED = new Set(["ALL", "AND", "BY", "EQ", "GE", "GT", "LE", "LT", "NE", "NOT", "OR", "TO", "WITH"]);

/**
 * Valid, unique variable names from wished-for ones: Latin letters, digits and _ only, a letter
 * first, at most 64 bytes, no reserved word, unique regardless of case (a suffix _2, _3 … when not).
 */
export function spssNames(wishes: readonly string[]): string[] {
  const taken = new Set<string>();
  return wishes.map((wish, index) => {
    let base = wish
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9_]+/g, "_")
      .replace(/_+/g, "_")
      .replace(/^_+|_+$/g, "");
    if (!/^[A-Za-z]/.test(base)) base = `V${base ? `_${base}` : index + 1}`;
    if (RESERVED.has(base.toUpperCase())) base = `${base}_`;
    base = base.slice(0, 64);
    let name = base;
    for (let n = 2; taken.has(name.toUpperCase()); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, 64 - suffix.length) + suffix;
    }
    taken.add(name.toUpperCase());
    return name;
  });
}

class Bytes {
  private readonly parts: Buffer[] = [];
  int(value: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.parts.push(b);
    return this;
  }
  double(value: number) {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    this.parts.push(b);
    return this;
  }
  /** Text in exactly `length` bytes, space-padded. */
  fixed(text: string | Buffer, length: number) {
    const b = Buffer.alloc(length, 0x20);
    (typeof text === "string" ? Buffer.from(text, "latin1") : text).copy(b, 0, 0, length);
    this.parts.push(b);
    return this;
  }
  raw(bytes: Buffer) {
    this.parts.push(bytes);
    return this;
  }
  done() {
    return Buffer.concat(this.parts);
  }
}

const formatCode = (type: number, width: number, decimals: number) => (type << 16) | (width << 8) | decimals;

function printFormat(variable: SavVariable): number {
  if (variable.width > 0) return formatCode(1, variable.width, 0);
  if (variable.format === "date") return formatCode(22, 20, 0);
  const decimals = variable.format?.decimals ?? 2;
  const digits = variable.format?.integerDigits ?? 1;
  // F's widest is 40 characters: the digits, the point and the decimals.
  return formatCode(5, Math.min(40, Math.max(8, digits + (decimals > 0 ? decimals + 1 : 0))), decimals);
}

const pad = (n: number) => String(n).padStart(2, "0");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Everything before the cases: the header and the dictionary. */
export function savDictionary(
  variables: readonly SavVariable[],
  cases: number,
  fileLabel = "",
  now = new Date(),
): Buffer {
  const slots = variables.reduce((sum, v) => sum + slotsOf(v), 0);
  const out = new Bytes()
    .fixed("$FL2", 4)
    .fixed("@(#) IBM SPSS STATISTICS DATA FILE - Formloom export", 60)
    .int(2)
    .int(slots)
    .int(1) // bytecode compression
    .int(0) // no weight variable
    .int(cases)
    .double(BIAS)
    .fixed(`${pad(now.getUTCDate())} ${MONTHS[now.getUTCMonth()]} ${pad(now.getUTCFullYear() % 100)}`, 9)
    .fixed(`${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`, 8)
    .fixed(utf8Cut(fileLabel, 64), 64)
    .fixed("", 3);

  // Short names V1, V2 … for every dictionary entry, a very long string's segments included.
  let entries = 0;
  const shortNames: string[] = [];
  // Display parameters per dictionary entry: measure, column width, alignment.
  const display: number[] = [];
  const slotIndex: number[] = [];
  let slot = 1;
  variables.forEach((variable) => {
    slotIndex.push(slot);
    segmentsOf(variable).forEach((width, segment) => {
      const shortName = `V${++entries}`;
      // Coded choices are nominal, other numbers scale; texts nominal and left-aligned.
      if (width === 0) display.push(variable.valueLabels?.length ? 1 : 3, 8, 1);
      else display.push(1, Math.min(40, Math.max(8, width)), 0);
      if (segment === 0) shortNames.push(shortName);
      slot += slotsOfWidth(width);
      const label = segment === 0 ? utf8Cut(variable.label, 255) : Buffer.alloc(0);
      const format = variable.width > 255 ? formatCode(1, width, 0) : printFormat(variable);
      out
        .int(2)
        .int(width)
        .int(label.length > 0 ? 1 : 0)
        .int(0)
        .int(format)
        .int(format)
        .fixed(shortName, 8);
      if (label.length > 0) out.int(label.length).fixed(label, Math.ceil(label.length / 4) * 4);
      // A string over 8 bytes takes one continuation record for each further 8 bytes.
      for (let more = 1; more < slotsOfWidth(width); more++)
        out.int(2).int(-1).int(0).int(0).int(0).int(0).fixed("", 8);
    });
  });

  variables.forEach((variable, index) => {
    if (variable.width !== 0 || !variable.valueLabels?.length) return;
    out.int(3).int(variable.valueLabels.length);
    for (const [value, text] of variable.valueLabels) {
      const label = utf8Cut(text, 120);
      out.double(value).raw(Buffer.from([label.length]));
      out.fixed(label, Math.ceil((label.length + 1) / 8) * 8 - 1);
    }
    out.int(4).int(1).int(slotIndex[index]!);
  });

  // Machine integer info: version, IEEE doubles, compressed, little-endian, UTF-8 (code page 65001).
  out.int(7).int(3).int(4).int(8).int(1).int(0).int(0).int(-1).int(1).int(1).int(2).int(65001);
  // Machine floating-point info: system-missing, highest and lowest.
  out.int(7).int(4).int(8).int(3).double(SYSMIS).double(Number.MAX_VALUE);
  out.raw(Buffer.from([0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xef, 0xff]));
  out.int(7).int(11).int(4).int(display.length);
  for (const value of display) out.int(value);
  const longNames = Buffer.from(variables.map((v, i) => `${shortNames[i]}=${v.name}`).join("\t"), "utf8");
  out.int(7).int(13).int(1).int(longNames.length).raw(longNames);
  const veryLong = variables
    .map((v, i) => (v.width > 255 ? `${shortNames[i]}=${String(v.width).padStart(5, "0")}\0\t` : ""))
    .join("");
  if (veryLong) out.int(7).int(14).int(1).int(veryLong.length).raw(Buffer.from(veryLong, "latin1"));
  const encoding = Buffer.from("UTF-8", "latin1");
  out.int(7).int(20).int(1).int(encoding.length).raw(encoding);
  out.int(999).int(0);
  return out.done();
}

/**
 * Compresses cases into the format's blocks: eight command bytes, then the 8-byte values the
 * commands call for. Small whole numbers and blank strings fit in the command byte itself.
 */
export class SavCaseEncoder {
  private commands = Buffer.alloc(8);
  private used = 0;
  private data: Buffer[] = [];
  private chunks: Buffer[] = [];

  constructor(private readonly variables: readonly SavVariable[]) {}

  private command(code: number, value?: Buffer) {
    this.commands[this.used++] = code;
    if (value) this.data.push(value);
    if (this.used === 8) this.flushBlock();
  }

  private flushBlock() {
    this.chunks.push(Buffer.from(this.commands), ...this.data);
    this.commands = Buffer.alloc(8);
    this.used = 0;
    this.data = [];
  }

  /** Adds one case; values in the variables' order. */
  add(values: readonly SavValue[]): void {
    this.variables.forEach((variable, index) => {
      const value = values[index] ?? null;
      if (variable.width === 0) {
        const number = typeof value === "number" && Number.isFinite(value) ? value : null;
        if (number === null) this.command(255);
        else if (Number.isInteger(number) && number >= 1 - BIAS && number <= 251 - BIAS) {
          this.command(number + BIAS);
        } else {
          const b = Buffer.alloc(8);
          b.writeDoubleLE(number);
          this.command(253, b);
        }
        return;
      }
      // The text, space-padded; a very long string's segments take 255 bytes of it each.
      const text = Buffer.alloc(Math.ceil(variable.width / 255) * 255 + 255, 0x20);
      utf8Cut(value === null ? "" : String(value), variable.width).copy(text);
      segmentsOf(variable).forEach((width, segment) => {
        const slots = slotsOfWidth(width);
        const bytes = Buffer.alloc(slots * 8, 0x20);
        text.copy(bytes, 0, segment * 255, segment * 255 + Math.min(255, slots * 8));
        for (let s = 0; s < slots; s++) {
          const piece = bytes.subarray(s * 8, s * 8 + 8);
          if (piece.every((byte) => byte === 0x20)) this.command(254);
          else this.command(253, Buffer.from(piece));
        }
      });
    });
  }

  /** The bytes of the cases added since the last call. */
  take(): Buffer {
    const out = Buffer.concat(this.chunks);
    this.chunks = [];
    return out;
  }

  /** The rest, ending the data (the last block is padded with zero commands). */
  end(): Buffer {
    if (this.used > 0) {
      this.chunks.push(Buffer.from(this.commands), ...this.data);
      this.used = 0;
      this.data = [];
    }
    return this.take();
  }
}

/** A moment as SPSS counts it: seconds since 14 October 1582. */
export const spssSeconds = (date: Date) => date.getTime() / 1000 + SPSS_EPOCH_OFFSET_S;
