/** The stored sign-in: tokens in local storage, as the spec's HTTP client expects. */
const TOKEN_KEY = "formloom.token";
const REFRESH_KEY = "formloom.refresh_token";

/**
 * A stored value, or null where the browser forbids the storage: a form embedded on another
 * site is a third party there, and a browser that blocks third-party storage throws on any touch
 * of localStorage. The form is then filled anonymously.
 */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const session = {
  token: (): string | null => read(TOKEN_KEY),
  refreshToken: (): string | null => read(REFRESH_KEY),
  store(tokens: { token: string; refresh_token: string }): void {
    localStorage.setItem(TOKEN_KEY, tokens.token);
    localStorage.setItem(REFRESH_KEY, tokens.refresh_token);
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_KEY);
  },
};
