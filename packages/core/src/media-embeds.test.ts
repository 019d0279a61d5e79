import { describe, expect, it } from "vitest";
import { videoEmbedAddress } from "./media-embeds.ts";

describe("a video site's page as a question's video", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=42", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
    // An unlisted video plays only with its hash, from its page's address or its player's.
    ["https://vimeo.com/76979871/8272103f6e", "https://player.vimeo.com/video/76979871?h=8272103f6e"],
    [
      "https://player.vimeo.com/video/76979871?h=8272103f6e&autoplay=1",
      "https://player.vimeo.com/video/76979871?h=8272103f6e",
    ],
  ])("plays %s in the site's player", (link, player) => {
    expect(videoEmbedAddress(link)).toBe(player);
  });

  it.each([
    "https://cdn.example.com/intro.mp4",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UC123",
    "https://vimeo.com/channels/staffpicks",
    "javascript:alert(1)",
    "not a link",
  ])("leaves %s to the video element (or to nothing)", (link) => {
    expect(videoEmbedAddress(link)).toBeUndefined();
  });
});
