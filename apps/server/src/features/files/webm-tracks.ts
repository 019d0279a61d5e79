/**
 * Whether a WebM (Matroska) file has a video track. A browser's recorder writes the same
 * container, and so the same leading bytes, for a sound alone as for a video; the bytes tell
 * them apart only in the Tracks element, which comes before the first cluster of frames.
 */

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const VIDEO_TRACK = 1;

/**
 * The one element whose children are read at each depth: the file's Segment, its Tracks, each
 * TrackEntry, whose TrackType is read; any other is stepped over by its size. So a crafted file of
 * elements nested without end is read three deep at most.
 */
const PATH = [SEGMENT, TRACKS, TRACK_ENTRY];

/** A variable-length number at `at`: its length and value, the length marker kept (ids) or not (sizes). */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length || length > 8) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  // A size of all ones is "unknown": the element runs to its parent's end.
  return { length, value: !keepMarker && allOnes ? Number.POSITIVE_INFINITY : value };
}

/** Answers true or false from the track list, or null when the bytes are no WebM it can read. */
export function webmHasVideoTrack(bytes: Uint8Array): boolean | null {
  let sawTracks = false;
  const walk = (start: number, end: number, depth: number): boolean | null => {
    let at = start;
    while (at < end) {
      const id = vint(bytes, at, true);
      if (!id) return null;
      const size = vint(bytes, at + id.length, false);
      if (!size) return null;
      const body = at + id.length + size.length;
      const bodyEnd = Math.min(end, body + size.value);
      if (id.value === CLUSTER) return sawTracks ? false : null;
      if (depth === PATH.length && id.value === TRACK_TYPE && bodyEnd - body <= 8) {
        let type = 0;
        for (let i = body; i < bodyEnd; i++) type = type * 256 + (bytes[i] as number);
        if (type === VIDEO_TRACK) return true;
      } else if (id.value === PATH[depth]) {
        if (id.value === TRACKS) sawTracks = true;
        const found = walk(body, bodyEnd, depth + 1);
        if (found !== false) return found;
      } else if (id.value !== EBML && !Number.isFinite(size.value)) {
        return null;
      }
      at = bodyEnd;
    }
    return sawTracks ? false : null;
  };
  return walk(0, bytes.length, 0);
}
