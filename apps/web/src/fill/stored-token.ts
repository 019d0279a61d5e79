const TOKEN_KEY = "formloom.token";

/**
 * The signed-in app's token, when this browser has one, so a member filling a form is known.
 * Embedded on another site the page is a third party, and a browser that blocks third-party
 * storage throws on any touch of localStorage: the form is then filled anonymously.
 */
export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
