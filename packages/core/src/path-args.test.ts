import { describe, expect, it } from "vitest";
import { keptPathArgs, PATH_ARGS_LIMITS } from "./path-args.ts";

const pathArgsOf = (search: string) => keptPathArgs(new URLSearchParams(search));

describe("path args", () => {
  it("keeps a link's query parameters but the account alias and the page's own, the first of a repeated name winning", () => {
    expect(
      pathArgsOf("?a=acme&utm_source=newsletter&ref=x%20y&ref=z&=nameless&fl-sent=key-1&start=1"),
    ).toEqual({
      utm_source: "newsletter",
      ref: "x y",
    });
    expect(pathArgsOf("")).toEqual({});
  });

  it("keeps at most the limit of parameters, each cut to its length", () => {
    const many = Array.from({ length: 100 }, (_, i) => `p${i}=${"v".repeat(2000)}`).join("&");
    const args = pathArgsOf(many);
    expect(Object.keys(args)).toHaveLength(PATH_ARGS_LIMITS.count);
    expect(args.p0).toHaveLength(PATH_ARGS_LIMITS.valueLength);
    expect(Object.keys(pathArgsOf(`${"n".repeat(300)}=1`))[0]).toHaveLength(PATH_ARGS_LIMITS.nameLength);
  });

  it("drops what is not a string from path args a client sent, and the prototype's names are plain keys", () => {
    expect(keptPathArgs({ ok: "1", n: 3, o: { x: 1 }, __proto__x: "p", constructor: "c" })).toEqual({
      ok: "1",
      __proto__x: "p",
      constructor: "c",
    });
  });
});
