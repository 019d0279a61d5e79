import { useEffect, useState } from "react";

// Set once a drawing in this page has run its effects, which happens only in a browser: the server
// draws with none, so every page it draws starts unscripted.
let takenOver = false;

/**
 * Whether the page's script runs. False on the server and in the first drawing the script hydrates,
 * so what is drawn for a page posted without a script (a plain input, a submit button) is the same
 * on both; true once the script has taken over, for what only it can work. A question first drawn
 * after that (on a later page, or shown by a rule) starts as the script draws it, never as the
 * plain input for a frame.
 */
export function useScripted(): boolean {
  const [scripted, setScripted] = useState(takenOver);
  useEffect(() => {
    takenOver = true;
    setScripted(true);
  }, []);
  return scripted;
}
