import Prism from "prismjs";
// The grammars the builder offers beyond Prism's own (markup, CSS, C-like, JavaScript), each
// after the ones it extends. They register on the Prism the import above put on the page.
import "prismjs/components/prism-typescript";
import "prismjs/components/prism-python";
import "prismjs/components/prism-java";
import "prismjs/components/prism-csharp";
import "prismjs/components/prism-c";
import "prismjs/components/prism-cpp";
import "prismjs/components/prism-go";
import "prismjs/components/prism-rust";
import "prismjs/components/prism-sql";
import "prismjs/components/prism-json";
import "prismjs/components/prism-bash";
import "prismjs/components/prism-markup-templating";
import "prismjs/components/prism-php";
import "prismjs/components/prism-ruby";
import "./code-highlight.css";

/** The language of a code question made without one, as the builder's new code question has. */
const DEFAULT_LANGUAGE = "javascript";

/** The builder's language names that Prism knows by another. */
const GRAMMAR_NAMES: Record<string, string> = { html: "markup" };

/** The code as HTML with its tokens in spans; Prism escapes the text, so nothing typed runs. */
export function highlightedCode(code: string, language: string | undefined): string {
  const chosen = language || DEFAULT_LANGUAGE;
  const name = GRAMMAR_NAMES[chosen] ?? chosen;
  const grammar = Prism.languages[name];
  return grammar ? Prism.highlight(code, grammar, name) : Prism.util.encode(code).toString();
}
