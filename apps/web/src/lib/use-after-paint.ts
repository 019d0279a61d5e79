import { startTransition, useEffect, useState } from "react";

/**
 * `value` as it was at the browser's last paint: a change reaches the caller only once the frame
 * after it is painted, and then as a transition, which a later change interrupts. React's own
 * deferred value starts its drawing right after the urgent one, before the paint, so a long
 * deferred drawing still held the frame back; this starts after it. What must show at once is
 * drawn from `value` itself.
 */
export function useAfterPaint<T>(value: T): T {
  const [painted, setPainted] = useState(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's animation callbacks run just before its paint; a timer set there, just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(() => value)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [value]);
  return painted;
}
