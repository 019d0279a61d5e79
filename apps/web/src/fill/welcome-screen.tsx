import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { unwrapUrl } from "@formloom/core/style-guard";
import type { TWelcomeScreen } from "@formloom/core/welcome-screen";
import type { Translate } from "@formloom/renderer/form-renderer";

interface Props {
  screen: TWelcomeScreen;
  formTitle: string;
  translate: Translate;
  /** The form's address with the start parameter: the button works without JavaScript too. */
  startHref: string;
  onStart(): void;
}

/** The welcome screen (title, words, picture, start button), in the form's theme. */
export function WelcomeScreen({ screen, formTitle, translate, startHref, onStart }: Props) {
  return (
    <main className="fill-page">
      <section className="fill-welcome" aria-labelledby="fill-welcome-title">
        {screen.picture && <img src={unwrapUrl(screen.picture)} alt="" />}
        <h1 id="fill-welcome-title">{screen.title || formTitle}</h1>
        {screen.text && <p>{screen.text}</p>}
        <a
          className="fill-button"
          href={startHref}
          onClick={(event) => {
            event.preventDefault();
            onStart();
          }}
        >
          {screen.buttonLabel || translate(RESPONDENT_TEXTS.start)}
        </a>
      </section>
    </main>
  );
}
