import { notFound } from "@tanstack/react-router";

/**
 * The address's parameters, read by hand: every page loads these checks, and a schema library
 * would add more to the first download than all the routes together.
 */

/** Reads one parameter: its value, or undefined when it is missing or not allowed. */
type Reader<T> = (value: unknown) => T | undefined;

export const text: Reader<string> = (value) => (typeof value === "string" ? value : undefined);

export function oneOf<const T extends string>(choices: readonly T[]): Reader<T> {
  return (value) => (choices.includes(value as T) ? (value as T) : undefined);
}

/** A positive whole number, from the address's text or a number. */
export const positive: Reader<number> = (value) => {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** A route's search parameters: the known ones that are allowed; the rest are dropped. */
export function searchOf<Shape extends Record<string, Reader<unknown>>>(shape: Shape) {
  return (raw: Record<string, unknown>) => {
    const search: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(shape)) {
      const value = read(raw[key]);
      if (value !== undefined) search[key] = value;
    }
    return search as { [Key in keyof Shape]?: Exclude<ReturnType<Shape[Key]>, undefined> };
  };
}

/** A path parameter that is a positive whole number; any other value is a page not found. */
export function numberParam<Name extends string>(name: Name) {
  return {
    parse: (raw: Record<string, string>) => {
      const value = positive(raw[name]);
      // Drawn as the page not found, as an address naming nothing is.
      if (value === undefined) throw notFound();
      return { [name]: value } as Record<Name, number>;
    },
    stringify: (params: Record<Name, number>) => ({ [name]: String(params[name]) }) as Record<Name, string>,
  };
}
