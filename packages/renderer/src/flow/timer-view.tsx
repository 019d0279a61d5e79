import { useEffect, useState } from "react";
import { countdownAnnouncement, formatClock } from "./clock.ts";
import type { Translate } from "./translate.ts";

interface Props {
  label: string;
  remaining: number;
  total: number;
  translate: Translate;
}

/** A countdown as mm:ss; a screen reader hears it only at the moments `countdownAnnouncement` picks. */
export function TimerView({ label, remaining, total, translate }: Props) {
  const [announced, setAnnounced] = useState("");
  useEffect(() => {
    const announcement = countdownAnnouncement(remaining, total);
    if (announcement) setAnnounced(`${label}: ${translate(announcement.key, announcement.vars)}`);
  }, [remaining, total, label, translate]);
  return (
    <div className="fl-timer" data-low={remaining <= 10 || undefined}>
      <span className="fl-timer-label">{label}</span>
      <span className="fl-timer-clock" role="timer" aria-label={label}>
        {formatClock(remaining)}
      </span>
      <span className="fl-visually-hidden" aria-live="polite">
        {announced}
      </span>
    </div>
  );
}
