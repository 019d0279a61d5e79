import "driver.js/dist/driver.css";
import { driver } from "driver.js";
import { marked, type TourStep } from "../tours.ts";

export interface TourTexts {
  next: string;
  previous: string;
  done: string;
  /** With {{current}} and {{total}} left for the tour to fill. */
  progress: string;
  close: string;
}

/**
 * Runs a tour with driver.js: arrow keys move, Escape leaves, each step is a labelled dialog whose
 * Next button takes the focus, so a keyboard or a screen reader can follow it. A step whose element
 * is not on the page is shown in the middle. `onEnd` runs once, finished or skipped.
 */
export function runTour(steps: readonly TourStep[], texts: TourTexts, onEnd: () => void): void {
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const tour = driver({
    showProgress: true,
    allowKeyboardControl: true,
    animate: !still,
    nextBtnText: texts.next,
    prevBtnText: texts.previous,
    doneBtnText: texts.done,
    progressText: texts.progress,
    steps: steps.map((step) => ({
      ...(step.element && document.querySelector(marked(step.element))
        ? { element: marked(step.element) }
        : {}),
      popover: { title: step.title, description: step.text },
    })),
    onPopoverRender: (popover) => {
      popover.wrapper.setAttribute("role", "dialog");
      popover.wrapper.setAttribute("aria-modal", "true");
      popover.title.id = "tour-step-title";
      popover.description.id = "tour-step-text";
      popover.wrapper.setAttribute("aria-labelledby", "tour-step-title");
      popover.wrapper.setAttribute("aria-describedby", "tour-step-text");
      popover.closeButton.setAttribute("aria-label", texts.close);
      // Its Next button takes the focus, so Enter moves on. The tour focuses the dialog's first
      // button (the close button) right after this, in the same turn: a microtask runs after it,
      // where a frame's callback could come late enough on a busy machine for Enter to close the tour.
      queueMicrotask(() => popover.nextButton.focus());
    },
    // Done, the close button and Escape all end here: the tour is remembered, then taken down.
    onDestroyStarted: (_element, _step, { driver: tour }) => {
      onEnd();
      tour.destroy();
    },
  });
  tour.drive();
}
