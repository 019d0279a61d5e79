import { LOCALES, type Locale } from "@formloom/core/api/auth";
import { INVITATION_TTL_DAYS } from "@formloom/core/api/invitations";

export interface Letter {
  subject: string;
  text: string;
}

interface Letters {
  emailConfirmation(v: { username: string; link: string }): Letter;
  passwordReset(v: { username: string; link: string }): Letter;
  invitation(v: { inviter: string; account: string; link: string }): Letter;
  registrationAttempt(v: { username: string; signInLink: string; resetLink: string }): Letter;
  /** To the old address when an account's e-mail changes, so its owner hears of a takeover. */
  emailChanged(v: { username: string; email: string }): Letter;
}

const lines = (...parts: string[]) => parts.join("\n");

/**
 * User-typed text (names of people and accounts) on one line: control characters, line and
 * paragraph separators and bidi overrides become spaces. In a header a line break would start
 * a new header (Bcc:, a second body); in a body it would let a name write lines of its own that
 * read as ours.
 */
export function oneLine(value: string): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]+/gu, " ")
    .replace(/ {2,}/g, " ")
    .trim();
}

type Write<V> = (values: V) => Letter;

/** Every value a letter is written from is made one line, and so is the subject it ends up with. */
function guarded<V extends Record<string, string>>(write: Write<V>): Write<V> {
  return (values) => {
    const clean = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, oneLine(value)]));
    const letter = write(clean as V);
    return { subject: oneLine(letter.subject), text: letter.text };
  };
}
const days = INVITATION_TTL_DAYS;

/**
 * The system's mails in each language of the interface. A mail goes out in its reader's language
 * when we know it (their settings), otherwise in the sender's.
 */
const LETTERS: Record<Locale, Letters> = {
  en: {
    emailConfirmation: ({ username, link }) => ({
      subject: "Confirm your e-mail for Formloom",
      text: lines(
        `Hello ${username},`,
        "",
        "Please confirm that this is your e-mail address by opening:",
        link,
        "",
        "The link works for a week. If you did not register at Formloom, ignore this message.",
      ),
    }),
    passwordReset: ({ username, link }) => ({
      subject: "Reset your Formloom password",
      text: lines(
        `Hello ${username},`,
        "",
        "Someone asked to reset the password of your Formloom account. To choose a new one, open:",
        link,
        "",
        "The link works once, for one hour. If it was not you, ignore this message: your password stays as it is.",
      ),
    }),
    invitation: ({ inviter, account, link }) => ({
      subject: `${inviter} invites you to ${account} on Formloom`,
      text: lines(
        "Hello,",
        "",
        `The user "${inviter}" invites you to join the account "${account}" on Formloom.`,
        "To accept, register through this link:",
        link,
        "",
        `The link works once, for ${days} days. If you did not expect this invitation, ignore this message.`,
      ),
    }),
    emailChanged: ({ username, email }) => ({
      subject: "Your Formloom e-mail address was changed",
      text: lines(
        `Hello ${username},`,
        "",
        `The e-mail address of your Formloom account was changed to "${email}".`,
        "",
        "If you made this change, there is nothing more to do. If not, sign in, change your password and set your address back, or ask your account's admin for help.",
      ),
    }),
    registrationAttempt: ({ username, signInLink, resetLink }) => ({
      subject: "Someone tried to register at Formloom with your e-mail",
      text: lines(
        `Hello ${username},`,
        "",
        "Someone, perhaps you, tried to register a new Formloom account with this e-mail address.",
        `It already belongs to your account "${username}", so no new account was made.`,
        "",
        "To sign in, open:",
        signInLink,
        "Forgot your password? Choose a new one here:",
        resetLink,
        "",
        "If it was not you, ignore this message: nothing has changed.",
      ),
    }),
  },
  ru: {
    emailConfirmation: ({ username, link }) => ({
      subject: "Подтвердите e-mail в Formloom",
      text: lines(
        `Здравствуйте, ${username}!`,
        "",
        "Подтвердите, что это ваш адрес e-mail, открыв ссылку:",
        link,
        "",
        "Ссылка действует неделю. Если вы не регистрировались в Formloom, просто проигнорируйте это письмо.",
      ),
    }),
    passwordReset: ({ username, link }) => ({
      subject: "Сброс пароля Formloom",
      text: lines(
        `Здравствуйте, ${username}!`,
        "",
        "Кто-то попросил сбросить пароль вашей учётной записи Formloom. Чтобы задать новый, откройте:",
        link,
        "",
        "Ссылка срабатывает один раз и действует час. Если это были не вы, проигнорируйте письмо: пароль останется прежним.",
      ),
    }),
    invitation: ({ inviter, account, link }) => ({
      subject: `${inviter} приглашает вас в «${account}» в Formloom`,
      text: lines(
        "Здравствуйте!",
        "",
        `Пользователь «${inviter}» приглашает вас присоединиться к аккаунту «${account}» в Formloom.`,
        "Чтобы принять приглашение, зарегистрируйтесь по ссылке:",
        link,
        "",
        `Ссылка срабатывает один раз и действует ${days} дней. Если вы не ждали приглашения, проигнорируйте письмо.`,
      ),
    }),
    emailChanged: ({ username, email }) => ({
      subject: "Адрес e-mail в Formloom изменён",
      text: lines(
        `Здравствуйте, ${username}!`,
        "",
        `Адрес e-mail вашей учётной записи Formloom изменён на «${email}».`,
        "",
        "Если это сделали вы, больше ничего делать не нужно. Если нет, войдите, смените пароль и верните свой адрес или попросите помощи у администратора аккаунта.",
      ),
    }),
    registrationAttempt: ({ username, signInLink, resetLink }) => ({
      subject: "Кто-то пытался зарегистрироваться в Formloom с вашим e-mail",
      text: lines(
        `Здравствуйте, ${username}!`,
        "",
        "Кто-то, возможно вы, пытался зарегистрировать новую учётную запись Formloom с этим адресом e-mail.",
        `Адрес уже принадлежит вашей учётной записи «${username}», поэтому новая не создана.`,
        "",
        "Чтобы войти, откройте:",
        signInLink,
        "Забыли пароль? Задайте новый здесь:",
        resetLink,
        "",
        "Если это были не вы, проигнорируйте письмо: ничего не изменилось.",
      ),
    }),
  },
  uk: {
    emailConfirmation: ({ username, link }) => ({
      subject: "Підтвердьте e-mail у Formloom",
      text: lines(
        `Вітаємо, ${username}!`,
        "",
        "Підтвердьте, що це ваша адреса e-mail, відкривши посилання:",
        link,
        "",
        "Посилання діє тиждень. Якщо ви не реєструвалися у Formloom, просто проігноруйте цей лист.",
      ),
    }),
    passwordReset: ({ username, link }) => ({
      subject: "Скидання пароля Formloom",
      text: lines(
        `Вітаємо, ${username}!`,
        "",
        "Хтось попросив скинути пароль вашого облікового запису Formloom. Щоб задати новий, відкрийте:",
        link,
        "",
        "Посилання спрацьовує один раз і діє годину. Якщо це були не ви, проігноруйте лист: пароль залишиться тим самим.",
      ),
    }),
    invitation: ({ inviter, account, link }) => ({
      subject: `${inviter} запрошує вас до «${account}» у Formloom`,
      text: lines(
        "Вітаємо!",
        "",
        `Користувач «${inviter}» запрошує вас приєднатися до акаунта «${account}» у Formloom.`,
        "Щоб прийняти запрошення, зареєструйтеся за посиланням:",
        link,
        "",
        `Посилання спрацьовує один раз і діє ${days} днів. Якщо ви не чекали запрошення, проігноруйте лист.`,
      ),
    }),
    emailChanged: ({ username, email }) => ({
      subject: "Адресу e-mail у Formloom змінено",
      text: lines(
        `Вітаємо, ${username}!`,
        "",
        `Адресу e-mail вашого облікового запису Formloom змінено на «${email}».`,
        "",
        "Якщо це зробили ви, більше нічого робити не потрібно. Якщо ні, увійдіть, змініть пароль і поверніть свою адресу або попросіть допомоги в адміністратора акаунта.",
      ),
    }),
    registrationAttempt: ({ username, signInLink, resetLink }) => ({
      subject: "Хтось намагався зареєструватися у Formloom з вашим e-mail",
      text: lines(
        `Вітаємо, ${username}!`,
        "",
        "Хтось, можливо ви, намагався зареєструвати новий обліковий запис Formloom з цією адресою e-mail.",
        `Адреса вже належить вашому обліковому запису «${username}», тому новий не створено.`,
        "",
        "Щоб увійти, відкрийте:",
        signInLink,
        "Забули пароль? Задайте новий тут:",
        resetLink,
        "",
        "Якщо це були не ви, проігноруйте лист: нічого не змінилося.",
      ),
    }),
  },
  es: {
    emailConfirmation: ({ username, link }) => ({
      subject: "Confirma tu correo en Formloom",
      text: lines(
        `Hola, ${username}:`,
        "",
        "Confirma que esta es tu dirección de correo abriendo:",
        link,
        "",
        "El enlace funciona durante una semana. Si no te registraste en Formloom, ignora este mensaje.",
      ),
    }),
    passwordReset: ({ username, link }) => ({
      subject: "Restablece tu contraseña de Formloom",
      text: lines(
        `Hola, ${username}:`,
        "",
        "Alguien pidió restablecer la contraseña de tu cuenta de Formloom. Para elegir una nueva, abre:",
        link,
        "",
        "El enlace funciona una vez, durante una hora. Si no fuiste tú, ignora este mensaje: tu contraseña no cambia.",
      ),
    }),
    invitation: ({ inviter, account, link }) => ({
      subject: `${inviter} te invita a «${account}» en Formloom`,
      text: lines(
        "Hola:",
        "",
        `El usuario «${inviter}» te invita a unirte a la cuenta «${account}» en Formloom.`,
        "Para aceptar, regístrate con este enlace:",
        link,
        "",
        `El enlace funciona una vez, durante ${days} días. Si no esperabas esta invitación, ignora este mensaje.`,
      ),
    }),
    emailChanged: ({ username, email }) => ({
      subject: "Se cambió tu dirección de correo de Formloom",
      text: lines(
        `Hola, ${username}:`,
        "",
        `La dirección de correo de tu cuenta de Formloom se cambió a «${email}».`,
        "",
        "Si hiciste tú el cambio, no tienes que hacer nada más. Si no, inicia sesión, cambia tu contraseña y recupera tu dirección, o pide ayuda al administrador de tu cuenta.",
      ),
    }),
    registrationAttempt: ({ username, signInLink, resetLink }) => ({
      subject: "Alguien intentó registrarse en Formloom con tu correo",
      text: lines(
        `Hola, ${username}:`,
        "",
        "Alguien, quizá tú, intentó registrar una cuenta nueva de Formloom con esta dirección de correo.",
        `Ya pertenece a tu cuenta «${username}», así que no se creó ninguna cuenta nueva.`,
        "",
        "Para iniciar sesión, abre:",
        signInLink,
        "¿Olvidaste tu contraseña? Elige una nueva aquí:",
        resetLink,
        "",
        "Si no fuiste tú, ignora este mensaje: nada ha cambiado.",
      ),
    }),
  },
  it: {
    emailConfirmation: ({ username, link }) => ({
      subject: "Conferma la tua e-mail su Formloom",
      text: lines(
        `Ciao ${username},`,
        "",
        "Conferma che questo è il tuo indirizzo e-mail aprendo:",
        link,
        "",
        "Il link vale una settimana. Se non ti sei registrato su Formloom, ignora questo messaggio.",
      ),
    }),
    passwordReset: ({ username, link }) => ({
      subject: "Reimposta la password di Formloom",
      text: lines(
        `Ciao ${username},`,
        "",
        "Qualcuno ha chiesto di reimpostare la password del tuo account Formloom. Per sceglierne una nuova, apri:",
        link,
        "",
        "Il link funziona una sola volta, per un'ora. Se non sei stato tu, ignora questo messaggio: la password resta invariata.",
      ),
    }),
    invitation: ({ inviter, account, link }) => ({
      subject: `${inviter} ti invita in «${account}» su Formloom`,
      text: lines(
        "Ciao,",
        "",
        `L'utente «${inviter}» ti invita a unirti all'account «${account}» su Formloom.`,
        "Per accettare, registrati con questo link:",
        link,
        "",
        `Il link funziona una sola volta, per ${days} giorni. Se non aspettavi questo invito, ignora questo messaggio.`,
      ),
    }),
    emailChanged: ({ username, email }) => ({
      subject: "L'indirizzo e-mail di Formloom è stato cambiato",
      text: lines(
        `Ciao ${username},`,
        "",
        `L'indirizzo e-mail del tuo account Formloom è stato cambiato in «${email}».`,
        "",
        "Se sei stato tu, non devi fare altro. Altrimenti accedi, cambia la password e ripristina il tuo indirizzo, oppure chiedi aiuto all'amministratore del tuo account.",
      ),
    }),
    registrationAttempt: ({ username, signInLink, resetLink }) => ({
      subject: "Qualcuno ha provato a registrarsi su Formloom con la tua e-mail",
      text: lines(
        `Ciao ${username},`,
        "",
        "Qualcuno, forse tu, ha provato a registrare un nuovo account Formloom con questo indirizzo e-mail.",
        `L'indirizzo appartiene già al tuo account «${username}», quindi non è stato creato nessun nuovo account.`,
        "",
        "Per accedere, apri:",
        signInLink,
        "Hai dimenticato la password? Scegline una nuova qui:",
        resetLink,
        "",
        "Se non sei stato tu, ignora questo messaggio: non è cambiato nulla.",
      ),
    }),
  },
};

/**
 * The letters in `locale`, or in English for a language the product does not speak; every
 * letter goes through `guarded`. In the bodies, text that someone other than the reader typed
 * (the inviter's name, the account's name) stands in quotes, so it reads as a quotation.
 */
export function lettersIn(locale: string): Letters {
  const letters = (LOCALES as readonly string[]).includes(locale) ? LETTERS[locale as Locale] : LETTERS.en;
  return {
    emailConfirmation: guarded(letters.emailConfirmation),
    passwordReset: guarded(letters.passwordReset),
    invitation: guarded(letters.invitation),
    registrationAttempt: guarded(letters.registrationAttempt),
    emailChanged: guarded(letters.emailChanged),
  };
}
