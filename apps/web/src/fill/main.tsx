import { createRoot, hydrateRoot } from "react-dom/client";
import { type FillBoot, readBoot } from "./boot.ts";
import { FillApp } from "./fill-app.tsx";
import { keptSeed, setDrawnSeed } from "./respondent-language.ts";
import { answersGivenEarly } from "./typed-before.ts";
import "./fill.css";
import "./frame-height.ts";

/**
 * Whether this respondent came back to a shuffled form and keeps another order than the one the
 * server drew: the page is then drawn afresh in their order rather than taken over.
 */
function reordered(boot: FillBoot): boolean {
  if (boot.form.kind !== "ready" || boot.form.data.form.questionsOrder !== "random") return false;
  const kept = keptSeed(boot.form.data.form.id);
  return kept !== null && kept !== boot.seed;
}

// The server rendered the page and embedded what it rendered it from: take it over. Without
// that (the server has no renderer built), the page is drawn here.
const root = document.getElementById("root")!;
const boot = readBoot();
setDrawnSeed(boot?.seed);
if (boot && !reordered(boot)) {
  const given = answersGivenEarly(root);
  const giveBack =
    given.length === 0
      ? undefined
      : () => void import("./typed-before-give-back.ts").then((module) => module.giveBack(given));
  hydrateRoot(root, <FillApp boot={boot} onTakenOver={giveBack} />);
  // From here the page answers the respondent: the time to interactive that performance tools
  // (and the public-form bench) read.
  performance.mark("fill-interactive");
} else createRoot(root).render(<FillApp boot={boot} />);
