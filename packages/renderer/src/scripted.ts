import { useEffect, useState } from "react";

/**
 * Whether the page's script runs. False on the server and in the first drawing the script hydrates,
 * so what is drawn for a page posted without a script (a plain input, a submit button) is the same
 * on both; true once the script has taken over, for what only it can work.
 */
export function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}
