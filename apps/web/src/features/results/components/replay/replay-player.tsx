import "rrweb-player/dist/style.css";
import type { TSessionRecording } from "@formloom/core/api/session-recordings";
import { useElementSize } from "@mantine/hooks";
import { useEffect, useRef } from "react";
import Player from "rrweb-player";

type PlayerEvents = ConstructorParameters<typeof Player>[0]["props"]["events"];
/** The Svelte component's own teardown, which its type declarations leave out. */
type Destroyable = { $destroy(): void };

/** Height of the player's controller under the replayed page. */
const CONTROLLER_PX = 80;

/**
 * rrweb's player over a recording, bundled with the app and downloaded only with this page. It is
 * drawn again at the width of its place, so it fits a phone as a desk.
 */
export default function ReplayPlayer({
  events,
  label,
}: {
  events: TSessionRecording["events"];
  label: string;
}) {
  const { ref: box, width } = useElementSize();
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = target.current;
    if (!element || width === 0) return;
    const player = new Player({
      target: element,
      props: {
        events: events as unknown as PlayerEvents,
        width: Math.floor(width),
        height: Math.round(Math.min(640, Math.max(240, width * 0.6))),
        autoPlay: false,
        showController: true,
        skipInactive: true,
      },
    });
    return () => {
      (player as unknown as Destroyable).$destroy();
      element.replaceChildren();
    };
  }, [events, width]);
  return (
    <div ref={box} style={{ minHeight: CONTROLLER_PX }}>
      <section ref={target} aria-label={label} data-testid="session-replay" />
    </div>
  );
}
