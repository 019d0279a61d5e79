/**
 * Videos a question may show from a video site's page rather than from a file: the page's address
 * an author copies (a YouTube watch or share link, a Vimeo page) becomes the site's player, which
 * a `<video>` element could not play. YouTube's player is the one that sets no cookies until played.
 */
export const VIDEO_EMBED_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

const YOUTUBE_ID = /^[\w-]{11}$/;

/** An address's host (without www. or m.), path parts and query; undefined when it is no web address. */
function partsOf(link: string): { host: string; path: string[]; query: string } | undefined {
  const found = /^https?:\/\/([^/?#@\s]+)(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/i.exec(link.trim());
  if (!found) return undefined;
  return {
    host: (found[1] ?? "")
      .toLowerCase()
      .replace(/:\d+$/, "")
      .replace(/^(www\.|m\.)/, ""),
    path: (found[2] ?? "").split("/").filter(Boolean),
    query: found[3] ?? "",
  };
}

/** The player's address for a YouTube or Vimeo page's address; undefined for anything else. */
export function videoEmbedAddress(link: string): string | undefined {
  const parts = partsOf(link);
  if (!parts) return undefined;
  const { host, path, query } = parts;
  const youtube = (id: string | undefined) =>
    id && YOUTUBE_ID.test(id) ? `${VIDEO_EMBED_ORIGINS[0]}/embed/${id}` : undefined;
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (path[0] === "watch") return youtube(/[?&]v=([^&]*)/.exec(query)?.[1]);
    if (path[0] === "embed" || path[0] === "shorts" || path[0] === "live") return youtube(path[1]);
    return undefined;
  }
  if (host === "youtu.be") return youtube(path[0]);
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const [id, pageHash] = host === "vimeo.com" ? path : path[0] === "video" ? path.slice(1) : [];
    if (!id || !/^\d{1,12}$/.test(id)) return undefined;
    // An unlisted video's hash: the part after its number on its page, `h` on its player.
    const hash = host === "vimeo.com" ? pageHash : /[?&]h=([^&]*)/.exec(query)?.[1];
    const player = `${VIDEO_EMBED_ORIGINS[1]}/video/${id}`;
    return hash && /^[\da-f]{6,40}$/i.test(hash) ? `${player}?h=${hash}` : player;
  }
  return undefined;
}
